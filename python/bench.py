"""Throughput from Python, one run on this machine (issue #27's figures):

- scoring: the same 20,000 seeded mcr-mil hands through ``Ruleset.score_many`` and through
  PyMahjongGB's ``MahjongFanCalculator`` called in a loop (arguments prepared beforehand);
- play: ``Game`` steps per second with random bots (riichi), against riichienv's environment
  loop with random actions when riichienv is installed.

Run: ``python python/bench.py`` in a venv with mjrules and PyMahjongGB (and riichienv).
"""

import random
import sys
import time

import mjrules
from mjrules import MahjongGB as compat
from mjrules.bots import RandomBot

HANDS = 20_000
GAMES = 200


def scoring():
    rs = mjrules.Ruleset.load("mcr-mil")
    lines = rs.sample(2027, HANDS)
    args = [compat.to_arguments(l) for l in lines]
    rates = {}
    t = time.perf_counter()
    out = rs.score_many(lines, errors="return")
    rates["score_many (every core)"] = HANDS / (time.perf_counter() - t)
    t = time.perf_counter()
    rs.score_many(lines, threads=1, errors="return")
    rates["score_many (threads=1)"] = HANDS / (time.perf_counter() - t)
    t = time.perf_counter()
    rs.score_many(lines, errors="return", explain=False)
    rates["score_many explain=False (every core)"] = HANDS / (time.perf_counter() - t)
    t = time.perf_counter()
    rs.score_many(lines, threads=1, errors="return", explain=False)
    rates["score_many explain=False (threads=1)"] = HANDS / (time.perf_counter() - t)
    t = time.perf_counter()
    for line in lines:
        try:
            rs.score(line)
        except mjrules.HandError:
            pass
    rates["Ruleset.score loop"] = HANDS / (time.perf_counter() - t)
    t = time.perf_counter()
    for a in args:
        try:
            compat.MahjongFanCalculator(**a)
        except TypeError:
            pass
    rates["mjrules.MahjongGB loop"] = HANDS / (time.perf_counter() - t)
    try:
        import MahjongGB
    except ImportError:
        MahjongGB = None
    if MahjongGB is not None:
        calc = MahjongGB.MahjongFanCalculator
        t = time.perf_counter()
        for a in args:
            try:
                calc(**a)
            except TypeError:
                pass
        rates["PyMahjongGB MahjongFanCalculator loop"] = HANDS / (time.perf_counter() - t)
    assert len(out) == HANDS
    ref = rates.get("PyMahjongGB MahjongFanCalculator loop")
    for k, v in rates.items():
        ratio = f" ({v / ref:.2f}x PyMahjongGB)" if ref else ""
        print(f"{k}: {v:,.0f} hands/s{ratio}")


def play():
    rs = mjrules.Ruleset.load("riichi")
    steps = 0
    t = time.perf_counter()
    for seed in range(GAMES):
        game = mjrules.Game(rs, seed)
        bots = [RandomBot(seed * 4 + s) for s in range(4)]
        while not game.done:
            seat = game.to_act
            game.step(bots[seat].choose(game, seat), seat)
            steps += 1
    dt = time.perf_counter() - t
    print(f"mjrules.Game (riichi, random bots): {steps / dt:,.0f} steps/s, {GAMES / dt:,.1f} hands/s")
    try:
        from riichienv import GameType, RiichiEnv
    except ImportError:
        return
    steps = 0
    t = time.perf_counter()
    for seed in range(GAMES):
        rng = random.Random(seed)
        env = RiichiEnv(game_mode=int(GameType.YON_IKKYOKU), seed=seed, skip_mjai_logging=True)
        obs = env.reset()
        while not env.done():
            actions = {pid: rng.choice(o.legal_actions()) for pid, o in obs.items()}
            steps += len(actions)
            obs = env.step(actions)
    dt = time.perf_counter() - t
    print(f"riichienv RiichiEnv (one kyoku, random actions): {steps / dt:,.0f} actions/s, {GAMES / dt:,.1f} hands/s")


if __name__ == "__main__":
    scoring()
    if "--no-play" not in sys.argv:
        play()
