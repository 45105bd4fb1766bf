#!/usr/bin/env bash
# End-to-end tests of the `mj serve` page: installs Chromium (Debian's package) if it is missing,
# installs playwright-core from the lock file, builds mj (debug: CI has just built the workspace
# in debug for `cargo test`, so this is nearly free), starts `mj serve` on a free loopback port,
# runs the tests and stops the server. Screenshots go to target/e2e-screenshots/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi

cd "$here"
npm ci --no-audit --no-fund --loglevel=error

cd "$root"
cargo build -p mj-cli
mj="$root/target/debug/mj"

log="$(mktemp)"
"$mj" serve --addr 127.0.0.1:0 >"$log" 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 1 100); do
  url="$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$log")"
  [ -n "$url" ] && break
  if ! kill -0 "$server" 2>/dev/null; then cat "$log"; echo "mj serve did not start" >&2; exit 1; fi
  sleep 0.1
done
[ -n "$url" ] || { cat "$log"; echo "mj serve did not report its address" >&2; exit 1; }
echo "mj serve at $url"

cd "$here"
MJ_URL="$url" MJ_BIN="$mj" SCREENSHOT_DIR="$root/target/e2e-screenshots" npm test
