#!/usr/bin/env python3
"""Riichi scoring speed: `mj score --batch` against the `mahjong` package (2.1.0) and riichienv's
`HandEvaluator` on the same hands in the same run.

usage: bench.py MJ [--score-file EXAMPLE] [--count N] [--seed S] [--rounds R]

The hands are `mj sample --rules riichi` lines that diff.py does not skip (riichi situations),
converted once for the Python scorers (conversion not timed). mj is timed three ways: the library
(`score_file` example, `cargo build --release -p mj-dsl --example score_file`: hands parsed first,
then scored for a few seconds) as the outcome (`mj_dsl::outcome::settle_hand`: fans, han, fu,
limit and every seat's payment, what riichienv's `HandEvaluator.calc` returns; the like-for-like
comparison) and as the full report (`mj score`'s: the account of every fan and the check of the
context words besides), and the CLI (`mj score --batch FILE --json` as one process: parsing and
JSON printing included; and the same with `--brief`, the line less its account). The Python
scorers are timed on their calls alone: `mahjong` on `estimate_hand_value` with its tiles, melds and config built beforehand, riichienv on
`HandEvaluator(hand, melds).calc(win, dora, ura, conditions)` with the lists, melds and conditions
built beforehand (so its time includes building the evaluator from Python lists and the calls
across the Python/Rust boundary; the line `riichienv (build only)` times that loop without
`calc`). Like for like: every side is handed its input already parsed and is timed on scoring
it; no side's time includes reading hand notation. Each side runs R
rounds alternately; the best counts.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
import diff  # noqa: E402

from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402
from mahjong.hand_calculating.hand_config import HandConfig  # noqa: E402
from mahjong.meld import Meld  # noqa: E402


def mahjong_inputs(lines, opts):
    """(tiles, win, melds, dora, ura, config) per hand, built as diff.oracle builds them."""
    out = []
    for line in lines:
        melds_w, conc, ctx = diff.parse_line(line)
        tiles, melds, conc_ids = diff.oracle_tiles(melds_w, conc, opts.has_aka_dora)
        ind = lambda key: [t * 4 + 3 for t, _ in diff.parse_groups(ctx[key])] if key in ctx else []
        seat, rnd = "ESWN".index(ctx.get("seat", "E")), "ESWN".index(ctx.get("round", "E"))
        sd, ri = "self" in ctx, "riichi" in ctx or "double" in ctx
        cfg = HandConfig(is_tsumo=sd, is_riichi=ri, is_daburu_riichi="double" in ctx, is_ippatsu="ippatsu" in ctx,
                         is_rinshan="kong" in ctx and sd, is_chankan="kong" in ctx and not sd,
                         is_haitei="last" in ctx and sd, is_houtei="last" in ctx and not sd,
                         is_tenhou="first" in ctx and sd and seat == 0, is_chiihou="first" in ctx and sd and seat != 0,
                         player_wind=27 + seat, round_wind=27 + rnd, kyoutaku_number=int(ctx.get("sticks", 0)),
                         tsumi_number=int(ctx.get("honba", 0)), options=opts)
        out.append((tiles, conc_ids[-1], melds, ind("dora"), ind("ura") if ri else None, cfg, melds_w, conc, ctx))
    return out


def riichienv_inputs(prepared):
    from riichienv import _riichienv as rv
    out = []
    WINDS = [rv.Wind.East, rv.Wind.South, rv.Wind.West, rv.Wind.North]
    kinds = {"chi": rv.MeldType.Chi, "pon": rv.MeldType.Pon, "kan": rv.MeldType.Daiminkan,
             "ankan": rv.MeldType.Ankan, "kakan": rv.MeldType.Kakan}
    for tiles, win, melds, dora, ura, cfg, melds_w, conc, ctx in prepared:
        rm = []
        meld_tiles = set()
        for m, (tl, k) in zip(melds, melds_w):
            if m.type == Meld.CHI:
                kind = "chi"
            elif m.type == Meld.PON:
                kind = "pon"
            elif m.type == Meld.SHOUMINKAN:
                kind = "kakan"
            else:
                kind = "kan" if m.opened else "ankan"
            rm.append(rv.Meld(kinds[kind], list(m.tiles), m.opened))
            meld_tiles.update(m.tiles)
        hand = [t for t in tiles if t not in meld_tiles][:-1]
        cond = rv.Conditions(tsumo=cfg.is_tsumo, riichi=cfg.is_riichi, double_riichi=cfg.is_daburu_riichi,
                             ippatsu=cfg.is_ippatsu, haitei=cfg.is_haitei, houtei=cfg.is_houtei,
                             rinshan=cfg.is_rinshan, chankan=cfg.is_chankan,
                             tsumo_first_turn="first" in ctx, player_wind=WINDS[cfg.player_wind - 27],
                             round_wind=WINDS[cfg.round_wind - 27], riichi_sticks=cfg.kyoutaku_number, honba=cfg.tsumi_number)
        out.append((hand, rm, win, dora, ura or [], cond))
    return out


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("mj")
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--score-file", default=None, help="the score_file example binary (release)")
    a = ap.parse_args(argv)
    opts, players, renhou, *_ = diff.make_options("riichi", [], {})
    sampled = subprocess.run([a.mj, "sample", "--rules", "riichi", "--seed", str(a.seed), "--count", str(a.count * 3)],
                             capture_output=True, text=True, check=True).stdout.splitlines()
    lines = [l for l in sampled if not diff.skip_reason(*diff.parse_line(l)[::2], renhou)][: a.count]
    prepared = mahjong_inputs(lines, opts)
    try:
        from riichienv import _riichienv as rv
        renv = riichienv_inputs(prepared)
        # A check that the calls are meaningful: how often riichienv's han equals the oracle's.
        same = 0
        for (tiles, win, melds, dora, ura, cfg, *_), (hand, rm, w, d, u, cond) in zip(prepared[:500], renv[:500]):
            o = HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, config=cfg,
                                                   ura_dora_indicators=ura)
            r = rv.HandEvaluator(hand, rm).calc(w, d, u, cond)
            same += (o.error is None and r.is_win and r.han == o.han) or (o.error is not None and not r.is_win)
        print(f"riichienv agrees with the oracle on han/rejection for {same} of {min(500, len(renv))} hands")
    except ImportError:
        rv, renv = None, None
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    best = {"mj (outcome)": float("inf"), "mj (report)": float("inf"), "mj (CLI)": float("inf"),
            "mj (CLI brief)": float("inf"), "mahjong": float("inf"), "riichienv": float("inf"), "riichienv (build only)": float("inf")}
    try:
        for _ in range(a.rounds):
            for mode in ("outcome", "report") if a.score_file else ():
                out = subprocess.run([a.score_file, "riichi", path, "2", mode], capture_output=True, text=True,
                                     check=True).stdout
                rate = json.loads(out)["hands_per_sec"]
                best[f"mj ({mode})"] = min(best[f"mj ({mode})"], len(lines) / rate)
            t = time.perf_counter()
            subprocess.run([a.mj, "score", "--rules", "riichi", "--batch", path, "--json"], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, check=False)
            best["mj (CLI)"] = min(best["mj (CLI)"], time.perf_counter() - t)
            t = time.perf_counter()
            subprocess.run([a.mj, "score", "--rules", "riichi", "--batch", path, "--brief"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            best["mj (CLI brief)"] = min(best["mj (CLI brief)"], time.perf_counter() - t)
            t = time.perf_counter()
            for tiles, win, melds, dora, ura, cfg, *_ in prepared:
                HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=dora, config=cfg,
                                                   ura_dora_indicators=ura)
            best["mahjong"] = min(best["mahjong"], time.perf_counter() - t)
            if renv is not None:
                t = time.perf_counter()
                for hand, rm, win, dora, ura, cond in renv:
                    rv.HandEvaluator(hand, rm).calc(win, dora, ura, cond)
                best["riichienv"] = min(best["riichienv"], time.perf_counter() - t)
                # The same loop without `calc`: what building the evaluator from the Python lists
                # and the Python loop cost, the part of riichienv's time that is not scoring.
                t = time.perf_counter()
                for hand, rm, win, dora, ura, cond in renv:
                    rv.HandEvaluator(hand, rm)
                best["riichienv (build only)"] = min(best["riichienv (build only)"], time.perf_counter() - t)
    finally:
        os.unlink(path)
    n = len(lines)
    rate = {k: n / v for k, v in best.items() if v != float("inf")}
    print(f"{n} riichi hands, best of {a.rounds} rounds:")
    for k, r in rate.items():
        print(f"  {k:22s} {r:12,.0f} hands/s  ({best[k]:.3f} s)")
    for k in ("mj (outcome)", "mj (report)", "mj (CLI)", "mj (CLI brief)"):
        if k in rate:
            print(f"  {k}: {rate[k] / rate['mahjong']:.1f}x mahjong" +
                  (f", {rate[k] / rate['riichienv']:.2f}x riichienv" if "riichienv" in rate else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
