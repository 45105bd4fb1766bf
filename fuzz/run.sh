#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60) and prints executions per target.
# Needs cargo-fuzz (`cargo install cargo-fuzz`) and a nightly toolchain. Findings land in
# fuzz/artifacts/<target>/; the growing corpus in fuzz/corpus/<target>/ (seeded from seeds/).
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
targets=(notation score ruleset record)
# Sanitizers need a nightly with the matching runtime; coverage-guided fuzzing works without.
sanitizer="${MJ_FUZZ_SANITIZER:-none}"
# MJ_FUZZ_ASSERTIONS=1 builds with debug assertions and overflow checks (-a).
flags=(--sanitizer "$sanitizer" -O)
if [ "${MJ_FUZZ_ASSERTIONS:-0}" = 1 ]; then flags+=(-a); fi
cargo +nightly fuzz build "${flags[@]}"
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  cp -n seeds/"$t"/* "corpus/$t/" 2>/dev/null || true
  log="$(mktemp)"
  status=0
  cargo +nightly fuzz run "${flags[@]}" "$t" "corpus/$t" -- \
    -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 >"$log" 2>&1 || status=$?
  runs=$(grep -Eo 'Done [0-9]+ runs' "$log" | grep -Eo '[0-9]+' || echo "?")
  cov=$(grep -Eo 'cov: [0-9]+' "$log" | tail -1 || true)
  if [ "$status" -eq 0 ]; then verdict=ok; rm -f "$log"; else verdict="FAILED (exit $status): see $log and artifacts/$t/"; fi
  printf '%-9s %8s runs in %ss  %s  %s\n' "$t" "$runs" "$seconds" "$cov" "$verdict"
done
