"""Game: a deterministic environment. Python bots play seeded hands whose records replay
byte for byte, through Game.from_record and through `mj replay`."""

import subprocess

import pytest

import mjrules
from mjrules.bots import GreedyBot, RandomBot, play

HANDS = 1000


@pytest.fixture(scope="module")
def mcr():
    return mjrules.Ruleset.load("mcr")


def test_a_python_bot_plays_1000_seeded_hands_and_the_records_replay(mcr, mj, tmp_path):
    records = []
    for seed in range(HANDS):
        game = mjrules.Game(mcr, seed, dealer=seed % 4)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        result = play(game, bots)
        assert game.done and result is not None
        assert sum(result["net"]) == 0
        rec = game.record()
        assert mjrules.Game.from_record(mcr, rec).record() == rec
        records.append(rec)
    # The same seeds and bots give byte-identical records.
    again = mjrules.Game(mcr, 7, dealer=3)
    play(again, [RandomBot(7 * 4 + s) for s in range(4)])
    assert again.record() == records[7]
    path = tmp_path / "records.jsonl"
    path.write_text("\n".join(records) + "\n", encoding="utf-8")
    run = subprocess.run([mj, "replay", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("name", mjrules.builtin_rulesets())
def test_greedy_bots_finish_a_hand_under_every_ruleset(name):
    rs = mjrules.Ruleset.load(name)
    game = mjrules.Game(rs, 1)
    result = play(game, [GreedyBot(rs) for _ in range(game.players)])
    assert game.done and len(result["net"]) == game.players
    assert mjrules.Game.from_record(rs, game.record()).record() == game.record()


def test_observation_and_features(mcr):
    game = mjrules.Game(mcr, 3)
    seat = game.to_act
    obs = game.observation(seat)
    assert obs["seat"] == seat and obs["legal"] == game.legal_actions(seat)
    assert len(obs["concealed"]) in (13, 14)
    assert obs["discards"] == [[], [], [], []]
    other = game.observation((seat + 1) % 4)
    assert other["legal"] == [] and "concealed" in other
    sizes = {len(game.features(s)) for s in range(4)}
    assert sizes == {game.feature_size}
    bots = [RandomBot(s) for s in range(4)]
    while not game.done:
        s = game.to_act
        assert len(game.features(s)) == game.feature_size
        events = game.step(bots[s].choose(game, s))
        assert isinstance(events, list) and all("type" in e for e in events)
    assert game.legal_actions() == []
    assert game.to_act is None


def test_illegal_actions_raise_and_change_nothing(mcr):
    game = mjrules.Game(mcr, 3)
    before = game.record()
    with pytest.raises(mjrules.GameError, match="legal: "):
        game.step("discard 9z")
    with pytest.raises(mjrules.GameError):
        game.step("pass", seat=9)
    assert game.record() == before
    with pytest.raises(mjrules.GameError):
        mjrules.Game(mcr, 1, dealer=4)
    with pytest.raises(mjrules.GameError):
        mjrules.Game(mcr, 1, round="X")
    with pytest.raises(mjrules.GameError):
        mjrules.Game.from_record(mcr, "{}")
    with pytest.raises(mjrules.GameError):
        mjrules.Game.from_record(mcr, before.replace('"discard"', '"pong"', 1) if '"discard"' in before else "x")
