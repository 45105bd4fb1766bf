#!/usr/bin/env python3
"""Whole hanchan per second per core for `riichi`, against riichienv's own environment loop, in
one run (issue #23's speed figure).

usage: bench_hanchan.py [--mj-example PATH] [--rounds R] [--games N] [--first]

(a) mj: the `hanchan_rate` example (`cargo build --release -p mj-dsl --example hanchan_rate`)
    plays N whole matches of `riichi` (East-South with the West extension, tobi, あがりやめ) on
    one thread through `play_match`, four greedy bots (shanten-driven discards, riichi when ready
    and closed, every win taken), every hand's record kept; it times itself (process start-up
    and ruleset loading not counted).
(b) riichienv: `RiichiEnv(game_mode=YON_HANCHAN)` stepped from Python until `done()`, every
    player to act choosing from `legal_actions()` (random by default, the first one with
    `--first`), mjai logging off: riichienv's documented env loop, a Rust engine driven from
    Python as an agent trained on it runs.

Both run on one thread, so each rate is per core. The sides alternate R rounds (a, b, a, b, ...)
so that both see the same load; the mean of each side counts, and the load average is printed.
Hands per hanchan differ (random play draws more and goes into West more often), so both are
printed. Setup: `python3 -m venv target/bench-venv && target/bench-venv/bin/pip install
riichienv`, then `target/bench-venv/bin/python tools/riichi-oracle/bench_hanchan.py`.
"""

import argparse
import os
import random
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def ours(example: str, games: int, seed: int) -> tuple[float, float]:
    """Hanchan per second of `games` greedy riichi matches, and hands per hanchan."""
    out = subprocess.run([example, str(games), "riichi", str(seed * games)], check=True,
                         capture_output=True, text=True).stdout.split()
    n, hands, secs = int(out[0]), int(out[1]), float(out[2])
    return n / secs, hands / n


def play_env(seed: int, first: bool, hands: set | None = None) -> None:
    """One riichienv hanchan; when `hands` is given, every hand's (wind, kyoku, honba) goes in."""
    from riichienv import GameType, RiichiEnv

    rng = random.Random(seed)
    env = RiichiEnv(game_mode=int(GameType.YON_HANCHAN), seed=seed, skip_mjai_logging=True)
    obs = env.reset()
    while not env.done():
        if hands is not None:
            hands.add((env.round_wind, env.kyoku_idx, env.honba))
        if first:
            actions = {p: o.legal_actions()[0] for p, o in obs.items()}
        else:
            actions = {p: rng.choice(o.legal_actions()) for p, o in obs.items()}
        obs = env.step(actions)


def theirs(games: int, seed: int, first: bool) -> float:
    """Hanchan per second of riichienv's env loop."""
    t = time.perf_counter()
    for g in range(games):
        play_env(seed * 1_000_003 + g, first)
    return games / (time.perf_counter() - t)


def kyoku_per_hanchan(games: int, first: bool) -> float:
    """Hands per riichienv hanchan (a hand is one (wind, kyoku, honba): the honba grows on a
    kept deal or a draw), counted outside the timed runs."""
    total = 0
    for g in range(games):
        hands: set = set()
        play_env(10**9 + g, first, hands)
        total += len(hands)
    return total / games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3, help="alternations of (a) and (b)")
    ap.add_argument("--games", type=int, default=50, help="hanchan per side per round")
    ap.add_argument("--first", action="store_true", help="riichienv: first legal action, not random")
    ap.add_argument("--mj-example", default=str(ROOT / "target" / "release" / "examples" / "hanchan_rate"),
                    help="the hanchan_rate example binary")
    args = ap.parse_args()
    a, b, per = [], [], []
    for r in range(args.rounds):
        rate, k = ours(args.mj_example, args.games, r)
        a.append(rate)
        per.append(k)
        b.append(theirs(args.games, r, args.first))
        print(f"round {r}: mj {a[-1]:.1f} hanchan/s, riichienv {b[-1]:.1f} hanchan/s, "
              f"load {os.getloadavg()[0]:.2f}", flush=True)
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    how = "first legal action" if args.first else "random legal actions"
    print(f"mj hanchan_rate (greedy bots, play_match): {ma:.1f} hanchan/s per core, "
          f"{sum(per) / len(per):.1f} hands per hanchan")
    print(f"riichienv RiichiEnv YON_HANCHAN ({how}, Python loop): {mb:.1f} hanchan/s per core")
    print(f"riichienv hands per hanchan (20 games, untimed): {kyoku_per_hanchan(20, args.first):.1f}")
    print(f"ratio mj / riichienv: {ma / mb:.2f}; load average {os.getloadavg()}")


if __name__ == "__main__":
    main()
