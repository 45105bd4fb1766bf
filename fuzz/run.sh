#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) and prints executions per target.
#
#   fuzz/run.sh [SECONDS] [TARGET...]
#
# Builds the libFuzzer targets on the machine's stable toolchain, with the same coverage
# instrumentation `cargo fuzz build --sanitizer none` uses, so neither nightly nor cargo-fuzz is
# needed (CI runs `fuzz/run.sh 10` as its smoke). The code is safe Rust: coverage guidance matters
# more here than AddressSanitizer. MJ_FUZZ_ASSERTIONS=1 adds debug assertions and overflow checks.
#
# Each run starts from the committed seeds plus the local corpus/<target>/, which it grows;
# a finding is written to artifacts/<target>/ and makes the script exit non-zero.
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
shift || true
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(notation score ruleset record)

host="$(rustc -vV | sed -n 's/^host: //p')"
flags=(--cfg fuzzing -Cpasses=sancov-module
  -Cllvm-args=-sanitizer-coverage-level=4
  -Cllvm-args=-sanitizer-coverage-inline-8bit-counters
  -Cllvm-args=-sanitizer-coverage-pc-table
  -Cllvm-args=-sanitizer-coverage-trace-compares)
if [ "${MJ_FUZZ_ASSERTIONS:-0}" = 1 ]; then flags+=(-Cdebug-assertions -Coverflow-checks); fi
# `--target` keeps the instrumentation off build scripts and proc macros, as cargo-fuzz does.
RUSTFLAGS="${flags[*]}" cargo build --release --locked --target "$host" --bins "${targets[@]/#/--bin=}"
bin="target/$host/release"

failed=0
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t" "artifacts/$t"
  log="$(mktemp)"
  status=0
  "$bin/$t" "corpus/$t" "seeds/$t" -artifact_prefix="artifacts/$t/" \
    -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 >"$log" 2>&1 || status=$?
  runs=$(grep -Eo 'Done [0-9]+ runs' "$log" | grep -Eo '[0-9]+' || echo "?")
  cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 || true)
  if [ "$status" -eq 0 ]; then
    verdict=ok
    rm -f "$log"
  else
    verdict="FAILED (exit $status): see $log and fuzz/artifacts/$t/"
    tail -n 30 "$log" >&2
    failed=1
  fi
  printf '%-9s %10s runs in %ss  %s  %s\n' "$t" "$runs" "$seconds" "$cov" "$verdict"
done
exit "$failed"
