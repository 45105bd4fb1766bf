#!/usr/bin/env bash
# An external mjai bot at our table (docs/riichi.md, "mjai judge"): the rule-based bot of the
# `mjai` package 0.2.1 (PyPI; mjai.app's simulator, AGPL-3.0-or-later, run as a separate program
# and never shipped or copied here), installed into a venv under target/, plays whole riichi
# matches under `mj match --protocol mjai --mjai-arrays` in cli/tests/mjai_external.rs, which
# skips with a message when MJ_EXTERNAL_MJAI_PYTHON is not set (as in `cargo test --workspace`).
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=target/mjai-bot/venv
if ! "$venv/bin/python" -c "import mjai.bot.rulebase" 2>/dev/null; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet mjai==0.2.1
fi
MJ_EXTERNAL_MJAI_PYTHON="$PWD/$venv/bin/python" cargo test --quiet -p mj-cli --test mjai_external
