"""`Ruleset.doc()` is the page `mj doc` prints, and `mjrules.simulate` the report
`mj simulate --json` prints: both come from the same library functions as the CLI's."""

import json
import subprocess

import pytest

import mjrules


def mj_run(mj, *args):
    return subprocess.run([mj, *args], capture_output=True, check=True).stdout.decode("utf-8")


@pytest.mark.parametrize("name", mjrules.builtin_rulesets())
def test_doc_equals_mj_doc(mj, name):
    assert mjrules.Ruleset.load(name).doc() == mj_run(mj, "doc", name)


@pytest.mark.parametrize("name", ["mcr", "riichi"])
def test_simulate_equals_mj_simulate_json(mj, name):
    expected = json.loads(mj_run(mj, "simulate", "--rules", name, "--hands", "40", "--seed", "7", "--json"))
    got = mjrules.simulate(mjrules.Ruleset.load(name), 40, 7, threads=2)
    assert got == expected
    assert got["experiment"]["hands"] == 40


def test_simulate_takes_a_name_a_bot_and_any_thread_count(mj):
    expected = json.loads(
        mj_run(mj, "simulate", "--rules", "mcr", "--hands", "12", "--seed", "3", "--bot", "random", "--json")
    )
    assert mjrules.simulate("mcr", 12, 3, threads=1, bot="random") == expected
    assert mjrules.simulate("mcr", 12, 3, threads=3, bot="random") == expected


def test_simulate_bad_arguments_raise():
    with pytest.raises(ValueError, match="bot="):
        mjrules.simulate("mcr", 10, 0, bot="clever")
    with pytest.raises(ValueError, match="hands=0"):
        mjrules.simulate("mcr", 0, 0)
    with pytest.raises(mjrules.RulesetError):
        mjrules.simulate("no-such-ruleset", 10, 0)
    with pytest.raises(OverflowError):
        mjrules.simulate("mcr", -1, 0)
