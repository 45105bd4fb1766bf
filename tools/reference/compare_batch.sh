#!/usr/bin/env bash
# Whole-process throughput against the C++ reference: the wall time of
#   mj score --rules VARIANT --json --batch FILE --threads T > /dev/null
# against the reference driver's own parse-score-print loop (`$bin/VARIANT < FILE > /dev/null`:
# reads a line, parses it, calls calculate_fan, prints one JSON line), on the same generated hands.
#
#   bash tools/reference/compare_batch.sh [HANDS] [ROUNDS] [VARIANT]     # defaults 200000 5 mcr-mil
#
# Each round times the reference and then ours at every thread count of THREADS (default "1 2"),
# so the programs alternate and a burst of load on a shared machine hits all of them alike; the
# medians over the rounds are compared (ratio = reference time / our time, so above 1 is faster
# than the reference), for the wall time (what the issue's targets are about) and for the CPU
# time (user + system, which other work on a shared machine disturbs far less). MJ_BIN times
# another build of mj (e.g. an older one); a THREADS entry `-` runs it without --threads, and an
# entry ending in `b` (`1b`, `2b`) runs `mj score --brief` (fans, total and payments, without the
# account of each fan: the output closest to the reference's) on that many threads.
set -euo pipefail
cd "$(dirname "$0")/../.."
hands=${1:-200000}
rounds=${2:-5}
variant=${3:-mcr-mil}
threads=${THREADS:-1 2}
ref="$(bash tools/reference/build.sh | tail -n 1)/$variant"
cargo build --release -q -p mj-core --example gen_hands
if [ -z "${MJ_BIN:-}" ]; then
  cargo build --release -q -p mj-cli
  MJ_BIN=target/release/mj
fi
file=$(mktemp)
tf=$(mktemp)
trap 'rm -f "$file" "$tf"' EXIT
target/release/examples/gen_hands --seed 1 --count "$hands" > "$file"

# Our command line for THREADS entry $1 (`-`: no --threads option; a trailing `b`: --brief).
ours_args() {
  local t=$1
  args=("$MJ_BIN" score --rules "$variant" --json --batch "$file")
  case $t in *b) args+=(--brief); t=${t%b} ;; esac
  [ "$t" = - ] || args+=(--threads "$t")
}
ours() {
  ours_args "$1"
  "${args[@]}"
}

# Both print one line per hand, and none of ours is an error (the timings would not compare).
n_ref=$("$ref" < "$file" | wc -l)
for t in $threads; do
  n_ours=$(ours "$t" | grep -vc '"error"' || true)
  [ "$n_ref" = "$hands" ] && [ "$n_ours" = "$hands" ] || {
    echo "compare_batch.sh: expected $hands results, reference gave $n_ref, ours (threads $t) $n_ours" >&2
    exit 1
  }
done

# One timed run of the rest of the arguments: its wall and CPU (user + system) milliseconds are
# appended to the runs of $1.
declare -A wall cpu
timed() {
  local key=$1
  shift
  /usr/bin/time -f "%e %U %S" -o "$tf" "$@" > /dev/null
  read -r e u s < "$tf"
  wall[$key]+=" $(awk -v e="$e" 'BEGIN { printf "%d", e * 1000 }')"
  cpu[$key]+=" $(awk -v u="$u" -v s="$s" 'BEGIN { printf "%d", (u + s) * 1000 }')"
}
for r in $(seq "$rounds"); do
  timed ref sh -c '"$0" < "$1"' "$ref" "$file"
  line="round $r: reference ${wall[ref]##* } ms (cpu ${cpu[ref]##* })"
  for t in $threads; do
    ours_args "$t"
    timed "$t" "${args[@]}"
    line="$line, ours threads $t ${wall[$t]##* } ms (cpu ${cpu[$t]##* })"
  done
  echo "$line"
done

median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ a[NR] = $1 } END { print (NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2) }'; }
mref=$(echo "${wall[ref]}" | median)
cref=$(echo "${cpu[ref]}" | median)
printf '%s, %d hands, %d rounds, medians: reference %s ms wall = %.0f hands/s, %s ms cpu\n' \
  "$variant" "$hands" "$rounds" "$mref" "$(echo "$hands $mref" | awk '{ print $1 * 1000 / $2 }')" "$cref"
for t in $threads; do
  m=$(echo "${wall[$t]}" | median)
  c=$(echo "${cpu[$t]}" | median)
  printf '  ours, threads %s: %s ms wall = %.0f hands/s, ratio %.2f; %s ms cpu, ratio %.2f (reference / ours)\n' \
    "$t" "$m" "$(echo "$hands $m" | awk '{ print $1 * 1000 / $2 }')" "$(echo "$mref $m" | awk '{ print $1 / $2 }')" \
    "$c" "$(echo "$cref $c" | awk '{ print $1 / $2 }')"
done
