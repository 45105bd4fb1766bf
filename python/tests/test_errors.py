"""Bad input raises a Python exception with mj's message; nothing crashes the interpreter."""

import random

import pytest

import mjrules


@pytest.fixture(scope="module")
def mcr():
    return mjrules.Ruleset.load("mcr")


def test_broken_ruleset_raises_the_located_diagnostic(tmp_path):
    folder = tmp_path / "broken"
    folder.mkdir()
    (folder / "ruleset.toml").write_text('[ruleset]\nname = "broken"\nversoin = 1\n', encoding="utf-8")
    with pytest.raises(mjrules.RulesetError) as e:
        mjrules.Ruleset.load(str(folder))
    assert "ruleset.toml:" in str(e.value)
    assert isinstance(e.value, ValueError)


def test_unknown_ruleset():
    with pytest.raises(mjrules.RulesetError, match="no built-in ruleset"):
        mjrules.Ruleset.load("no-such-ruleset")


@pytest.mark.parametrize(
    "line",
    ["", "123m", "123m456m789m123p5s5x", "[1234m]" * 5, "123m456m789m123p5s5s seat=Q", "0m" * 7, "🀫" * 14, "[" * 10000],
)
def test_bad_lines_raise_hand_error(mcr, line):
    with pytest.raises(mjrules.HandError):
        mcr.score(line)


def test_batch_names_the_bad_line(mcr):
    with pytest.raises(mjrules.HandError, match="^line 2: "):
        mcr.score_many(["123m456m789m123p5s5s", "nonsense"])
    out = mcr.score_many(["123m456m789m123p5s5s", "nonsense"], errors="return")
    assert isinstance(out[0], mjrules.Score) and isinstance(out[1], mjrules.HandError)
    with pytest.raises(ValueError):
        mcr.score_many([], errors="ignore")
    with pytest.raises(TypeError):
        mcr.score_many("123m456m789m123p5s5s")  # a str is not a list of lines
    with pytest.raises(TypeError):
        mcr.score(None)


def test_waits_and_shanten_of_a_wrong_size(mcr):
    for f in (mcr.waits, mcr.shanten):
        with pytest.raises(mjrules.HandError, match="waits need 13"):
            f("123m456m789m123p5s5s")


def test_random_bytes_never_crash(mcr):
    rng = random.Random(27)
    alphabet = "123456789mpszESWNCFPf[],= 0selfkongrounds🀄\u00a0"
    lines = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40))) for _ in range(3000)]
    for line in lines:
        try:
            mcr.score(line)
        except mjrules.HandError:
            pass
        try:
            mcr.waits(line)
        except mjrules.HandError:
            pass
    out = mcr.score_many(lines, errors="return")
    assert len(out) == len(lines)
