#!/usr/bin/env bash
# Scoring speed of our rulesets against the C++ reference on the same hands, both timed the same
# way (all hands parsed first, then scored repeatedly for a few seconds). Usage:
#   bash tools/reference/compare_speed.sh [HANDS] [SEED] [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/../.."
hands=${1:-20000}
seed=${2:-1}
secs=${3:-3}
bin=$(bash tools/reference/build.sh | tail -n 1)
cargo build --release -q -p mj-core --example gen_hands
cargo build --release -q -p mj-dsl --example score_file
file=$(mktemp)
trap 'rm -f "$file"' EXIT
target/release/examples/gen_hands --seed "$seed" --count "$hands" > "$file"
for variant in mcr mcr-mil mcr-strict98; do
  ours=$(target/release/examples/score_file "$variant" "$file" "$secs" | sed 's/.*"hands_per_sec":\([0-9]*\).*/\1/')
  ref=$("$bin/$variant" --bench < "$file" | sed 's/.*"hands_per_sec":\([0-9]*\).*/\1/')
  awk -v v="$variant" -v o="$ours" -v r="$ref" 'BEGIN { printf "%-13s ours %8d hands/s   reference %8d hands/s   ratio %.2f\n", v, o, r, o / r }'
done
