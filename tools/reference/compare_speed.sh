#!/usr/bin/env bash
# Scoring speed of our rulesets against the C++ reference on the same hands, both timed the same
# way (all hands parsed first, then scored repeatedly for a few seconds). Usage:
#   bash tools/reference/compare_speed.sh [HANDS] [SEED] [SECONDS] [ROUNDS]
#
# On a shared machine one timing can be a third off either way, so each side runs ROUNDS times
# (default 5), alternating with the other, and the best of each is compared: the speed each
# reaches when nothing else gets in its way. The medians' ratio and every round are printed too.
set -euo pipefail
cd "$(dirname "$0")/../.."
hands=${1:-20000}
seed=${2:-1}
secs=${3:-3}
rounds=${4:-5}
bin=$(bash tools/reference/build.sh | tail -n 1)
cargo build --release -q -p mj-core --example gen_hands
cargo build --release -q -p mj-dsl --example score_file
file=$(mktemp)
trap 'rm -f "$file"' EXIT
target/release/examples/gen_hands --seed "$seed" --count "$hands" > "$file"
rate() { sed 's/.*"hands_per_sec":\([0-9]*\).*/\1/'; }
for variant in mcr mcr-mil mcr-strict98; do
  best_ours=0
  best_ref=0
  runs=""
  for _ in $(seq "$rounds"); do
    ours=$(target/release/examples/score_file "$variant" "$file" "$secs" | rate)
    ref=$("$bin/$variant" --bench < "$file" | rate)
    runs="$runs $ours/$ref"
    [ "$ours" -gt "$best_ours" ] && best_ours=$ours
    [ "$ref" -gt "$best_ref" ] && best_ref=$ref
  done
  # The median of each side too: the best shows each side's speed when undisturbed, the median
  # how the two compare on a typical round.
  awk -v v="$variant" -v o="$best_ours" -v r="$best_ref" -v runs="$runs" '
    function median(a, n,   i, j, t) {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    BEGIN {
      n = split(runs, pairs, " ")
      for (i = 1; i <= n; i++) { split(pairs[i], x, "/"); ours[i] = x[1]; ref[i] = x[2] }
      mo = median(ours, n); mr = median(ref, n)
      printf "%-13s best ours %8d hands/s   best reference %8d hands/s   ratio %.2f   median ratio %.2f   (ours/reference per round:%s)\n", v, o, r, o / r, mo / mr, runs }'
done
