"""Where the tests find the checkout: the snapshot corpora and the `mj` binary that
`cargo test --workspace` (or `cargo build -p mj-cli`) leaves in target/debug."""

import os
import pathlib
import shutil

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPORA = sorted((ROOT / "snapshots" / "corpus").glob("*.txt"))


def mj_binary():
    """The `mj` binary: $MJ_BIN, else the checkout's target/debug/mj or target/release/mj."""
    if os.environ.get("MJ_BIN"):
        return os.environ["MJ_BIN"]
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "mj"
        if path.exists():
            return str(path)
    return shutil.which("mj")


@pytest.fixture(scope="session")
def mj():
    path = mj_binary()
    if path is None:
        pytest.fail("no mj binary: run `cargo build -p mj-cli` first or set MJ_BIN")
    return path


def corpus_lines(path):
    """The hands of a corpus file: every line that is neither blank nor a `#` comment."""
    return [l.strip() for l in path.read_text(encoding="utf-8").splitlines() if l.strip() and not l.startswith("#")]
