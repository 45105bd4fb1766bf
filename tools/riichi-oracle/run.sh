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
# The options of riichi.md as ruleset settings (tools/riichi-oracle/options/*), each against the
# oracle configured with the same option.
while read -r dir option extra; do
  # shellcheck disable=SC2086
  run "tools/riichi-oracle/options/$dir" --oracle-options riichi --option "$option" --seed 2 $extra
done <<'LIST'
kiriage kiriage=true
closed-tanyao has_open_tanyao=false
no-aka has_aka_dora=false
kazoe-sanbaiman kazoe_limit=sanbaiman
pinfu-tsumo-fu fu_for_pinfu_tsumo=true
no-open-pinfu-fu fu_for_open_pinfu=false
renhou-yakuman renhou=yakuman
renhou-mangan renhou=mangan
kazoe-no-limit kazoe_limit=none
double-yakuman has_double_yakuman=true --double-yakuman-ids
LIST
exit $status
