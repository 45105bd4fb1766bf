"""Scoring from Python equals `mj score --json` on every hand of every snapshot corpus, one by
one and in batch, and the Ruleset API answers as documented."""

import json
import subprocess

import pytest

import mjrules
from conftest import CORPORA, corpus_lines


def mj_json(mj, ruleset, lines):
    """`mj score --json --batch -` over `lines`: one object per line, `line` removed."""
    out = subprocess.run(
        [mj, "score", "--rules", ruleset, "--json", "--batch", "-", "--threads", "1"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    objects = [json.loads(l) for l in out.splitlines()]
    for o in objects:
        o.pop("line", None)
    return objects


@pytest.mark.parametrize("corpus", CORPORA, ids=[c.stem for c in CORPORA])
def test_every_corpus_hand_scores_as_mj_score_json(mj, corpus):
    rs = mjrules.Ruleset.load(corpus.stem)
    lines = corpus_lines(corpus)
    expected = mj_json(mj, corpus.stem, lines)
    assert len(expected) == len(lines) > 0
    batch = rs.score_many(lines, errors="return")
    for line, want, got in zip(lines, expected, batch):
        if "error" in want:
            assert isinstance(got, mjrules.HandError), line
            assert str(got) == want["error"], line
            with pytest.raises(mjrules.HandError):
                rs.score(line)
        else:
            assert got.to_dict() == want, line
            assert rs.score(line).to_json() == json.dumps(want, ensure_ascii=False, separators=(",", ":")), line


@pytest.mark.parametrize("corpus", CORPORA, ids=[c.stem for c in CORPORA])
def test_tally_has_the_fans_and_total_of_score(corpus):
    rs = mjrules.Ruleset.load(corpus.stem)
    lines = corpus_lines(corpus)
    full = rs.score_many(lines, errors="return")
    fast = rs.score_many(lines, errors="return", explain=False)
    compared = 0
    for line, s, t in zip(lines, full, fast):
        if isinstance(s, mjrules.Score) and isinstance(t, mjrules.Tally):
            assert (t.fan_ids, t.total, t.valid) == (s.fan_ids, s.total, s.valid), line
            assert [(i, zh, p, c) for i, zh, _, p, c in t.fans] == [
                (f["id"], f["zh"], f["points"], f["count"]) for f in s.fans
            ], line
            compared += 1
        elif isinstance(s, mjrules.HandError) and isinstance(t, mjrules.HandError):
            pass
        else:
            # The full path alone checks settlement words (from=, flowers), scores a line of
            # words without tiles (a nagashi) and values a ready hand one tile short (a line with
            # the ruleset's ready_hand word, sichuan's `end`: no payments); a Tally needs a win.
            assert isinstance(s, mjrules.HandError) or s.reading == [] or s.payments == {}, line
    assert compared > len(lines) // 2


def test_score_many_is_independent_of_threads():
    rs = mjrules.Ruleset.load("mcr")
    lines = rs.sample(5, 3000)
    one = [s.to_json() for s in rs.score_many(lines, threads=1)]
    assert [s.to_json() for s in rs.score_many(lines, threads=3)] == one
    assert [s.to_json() for s in rs.score_many(lines)] == one
    fast = [(t.fan_ids, t.total) for t in rs.score_many(lines, threads=1, explain=False)]
    assert [(t.fan_ids, t.total) for t in rs.score_many(lines, threads=3, explain=False)] == fast


def test_score_attributes():
    rs = mjrules.Ruleset.load("mcr")
    s = rs.score("[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2")
    assert (s.total, s.valid, s.reason) == (12, True, None)
    assert s.payments == {"E": -20, "S": 60, "W": -20, "N": -20}
    assert [f["id"] for f in s.fans] == ["wu_men_qi", "quan_feng_ke", "ming_gang", "zi_mo", "hua_pai"]
    assert s.fan_ids[-1] == ("hua_pai", 1, 2)
    assert s.hand.startswith("[WWWW,1]")
    assert s.han is None and s.fu is None and s.limit is None
    assert "total=12" in repr(s)
    low = next(s for s in rs.score_many(rs.sample(1, 500)) if not s.valid)
    assert "minimum" in low.reason and low.payments == {}


def test_riichi_han_fu_limit():
    rs = mjrules.Ruleset.load("riichi")
    s = rs.score("234567m23455p0s67s self riichi dora=1p")
    assert s.han is not None and s.fu is not None
    assert s.to_dict()["han"] == s.han


def test_ruleset_metadata_and_fan_table():
    assert "mcr" in mjrules.builtin_rulesets()
    rs = mjrules.Ruleset.load("mcr")
    assert rs.name == "mcr" and rs.version
    assert len(rs.fans) == 81
    first = rs.fans[0]
    assert {"id", "zh", "en", "points", "bonus", "definition", "excludes"} <= first.keys()


def test_waits_and_shanten():
    rs = mjrules.Ruleset.load("mcr")
    w = rs.waits("123m456p789s1122p")
    assert w["waits"] == ["1p", "2p"] and w["shanten"] == 0
    assert [p["tile"] for p in w["per_wait"]] == ["1p", "2p"]
    assert rs.shanten("123m456p789s1122p") == 0
    assert rs.shanten("159m159p159sESWN") > 0


def test_house_ruleset_from_a_folder(tmp_path):
    folder = tmp_path / "house"
    folder.mkdir()
    (folder / "ruleset.toml").write_text(
        '[ruleset]\nname = "house"\nversion = "0.1.0"\nextends = "mcr"\n', encoding="utf-8"
    )
    try:
        rs = mjrules.Ruleset.load(str(folder))
    except mjrules.RulesetError as e:  # the message is the located diagnostic
        pytest.fail(str(e))
    assert rs.name == "house"
    assert rs.score("123m456m789m123p5s5s self").total == mjrules.Ruleset.load("mcr").score("123m456m789m123p5s5s self").total


def test_sample_is_mj_sample(mj):
    rs = mjrules.Ruleset.load("riichi")
    out = subprocess.run(
        [mj, "sample", "--rules", "riichi", "--seed", "9", "--count", "50"], capture_output=True, text=True, check=True
    ).stdout
    assert rs.sample(9, 50) == out.splitlines()
