#!/usr/bin/env bash
# The riichi differential test (tools/riichi-oracle/README.md): `mj sample` hands scored by `mj score`
# and by the `mahjong` package 2.1.0 (PyPI, MIT), installed here into a venv under target/.
# usage: run.sh [COUNT]   (hands sampled per ruleset and option setting; default 6000, which
#                          gives more than 2,000 compared hands each)
set -euo pipefail
cd "$(dirname "$0")/../.."
count="${1:-6000}"
venv=target/riichi-oracle/venv
if ! "$venv/bin/python" -c "import mahjong" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet mahjong==2.1.0
fi
cargo build --quiet -p mj-cli
mj=target/debug/mj
py="$venv/bin/python"
status=0
run() { "$py" tools/riichi-oracle/diff.py "$mj" "$@" --count "$count" --show 5 | grep -v '^per-yaku' || status=1; }
for r in riichi riichi-ema riichi-sanma; do
  run "$r" --seed 1
done
# The options of riichi.md as settings of riichi (`[[setting]]` in rulesets/riichi), each value
# other than the default against the oracle configured the same way (diff.py's SETTINGS).
while read -r name; do
  run "$name" --seed 2
done <<'LIST'
riichi[kiriage=true]
riichi[open_tanyao=false]
riichi[aka_dora=false]
riichi[kazoe=sanbaiman]
riichi[pinfu_tsumo_fu=true]
riichi[open_pinfu_fu=false]
riichi[renhou=yakuman]
riichi[renhou=mangan]
riichi[kazoe=none]
riichi[double_yakuman=true]
riichi[daisharin=pin]
riichi[daisharin=any_suit]
riichi[yakuman_cap=6]
riichi[yakuman_cap=1]
riichi[open_riichi=true]
riichi[open_riichi=sashikomi]
riichi[paarenchan=true]
LIST
exit $status
