#!/usr/bin/env bash
# The Python package's CI step (run by .ci/run after `cargo test --workspace`): builds the
# wheel from the checkout into a fresh venv under target/ with `pip install ./python`, then
# runs its pytest suite. The suite compares against `mj` (target/debug/mj, built here if
# missing) and PyMahjongGB (installed from PyPI into the same venv).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/python-venv
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q pytest PyMahjongGB==1.4.0
# The extension's own cargo workspace builds under target/ too, so the checkout stays clean.
CARGO_TARGET_DIR="$PWD/target/python-build" "$venv/bin/pip" install -q ./python

cargo build -q -p mj-cli
MJ_BIN="$PWD/target/debug/mj" "$venv/bin/python" -m pytest -q python/tests
