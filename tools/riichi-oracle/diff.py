#!/usr/bin/env python3
"""Differential test of `mj score` against the `mahjong` package (PyPI 2.1.0, MIT) on hands made
by the project's own seeded generator (`mj sample`).

usage: diff.py MJ RULESET --count N [--seed S] [--option NAME=VALUE ...] [--show K] [--json]

For every hand `mj sample --rules RULESET` prints, both sides score it: `mj score --batch --json`
and `HandCalculator.estimate_hand_value` configured from the ruleset (OptionalRules as riichi.md
lists them; a ruleset name choosing settings, `riichi[kazoe=sanbaiman]`, sets the oracle's options
the same way (SETTINGS below); `--option` changes one by the oracle's name, e.g.
`--option kazoe_limit=sanbaiman`). Compared: rejection (no yaku / not a win), han, fu (not for yakuman), the yaku
set by id, and every seat's payment. Hands that are not valid in riichi terms (riichi or ippatsu
with an open hand, ippatsu without riichi, `first` with melds, a robbed kong with the tile's four
copies in sight, ...) are not the oracle's business and are counted as skipped, per reason.
Exit 0 only when every compared hand agrees.
"""
import argparse
import json
import subprocess
import sys
from collections import Counter

from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld

HONOURS = {"E": 27, "S": 28, "W": 29, "N": 30, "P": 31, "F": 32, "C": 33}
Z_ORDER = "ESWNPFC"  # riichi rulesets: 1z..7z
SUIT_BASE = {"m": 0, "p": 9, "s": 18}
RED_ID = {4: 16, 13: 52, 22: 88}  # tile34 of each five -> the 136-id of its red copy

# oracle yaku name -> our fan id
YAKU = {
    "Menzen Tsumo": "menzen_tsumo", "Riichi": "riichi", "Ippatsu": "ippatsu", "Chankan": "chankan",
    "Rinshan Kaihou": "rinshan", "Haitei Raoyue": "haitei", "Houtei Raoyui": "houtei",
    "Double Riichi": "double_riichi", "Pinfu": "pinfu", "Tanyao": "tanyao", "Iipeiko": "iipeikou",
    "Yakuhai (haku)": "haku", "Yakuhai (hatsu)": "hatsu", "Yakuhai (chun)": "chun",
    "Sanshoku Doujun": "sanshoku", "Ittsu": "ittsu", "Chantai": "chanta", "Honroutou": "honroutou",
    "Toitoi": "toitoi", "San Ankou": "sanankou", "San Kantsu": "sankantsu",
    "Sanshoku Doukou": "sanshoku_doukou", "Chiitoitsu": "chiitoitsu", "Shou Sangen": "shousangen",
    "Honitsu": "honitsu", "Junchan": "junchan", "Ryanpeikou": "ryanpeikou", "Chinitsu": "chinitsu",
    "Kokushi Musou": "kokushi", "Kokushi Musou Juusanmen Matchi": "kokushi",
    "Chuuren Poutou": "chuuren", "Daburu Chuuren Poutou": "chuuren", "Suu Ankou": "suuankou",
    "Suu Ankou Tanki": "suuankou", "Daisangen": "daisangen", "Shousuushii": "shousuushii",
    "Dai Suushii": "daisuushii", "Ryuuiisou": "ryuuiisou", "Suu Kantsu": "suukantsu",
    "Tsuu Iisou": "tsuuiisou", "Chinroutou": "chinroutou", "Tenhou": "tenhou", "Chiihou": "chiihou",
    "Renhou": "renhou", "Renhou (yakuman)": "renhou",
    "Daisharin": "daisharin", "Daisuurin": "daisharin", "Daichikurin": "daisharin",
    "Open Riichi": "open_riichi", "Double Open Riichi": "double_open_riichi", "Sashikomi": "sashikomi",
    "Paarenchan": "paarenchan",
}
for i, w in enumerate(["east", "south", "west", "north"]):
    YAKU[f"Yakuhai (seat wind {w})"] = "seat_" + w
    YAKU[f"Yakuhai (round wind {w})"] = "round_" + w
DORA = {"Dora": "dora", "Aka Dora": "aka_dora", "Ura Dora": "ura_dora"}

# The options of each built-in riichi ruleset, as the oracle names them (riichi.md).
RULESETS = {
    "riichi": dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
                   kazoe_limit="limited", kiriage=False, fu_for_open_pinfu=True,
                   fu_for_pinfu_tsumo=False, renhou="none", limit_to_sextuple_yakuman=False, players=4),
    "riichi-ema": dict(has_open_tanyao=True, has_aka_dora=False, has_double_yakuman=False,
                       kazoe_limit="sanbaiman", kiriage=False, fu_for_open_pinfu=True,
                       fu_for_pinfu_tsumo=False, renhou="mangan", limit_to_sextuple_yakuman=False,
                       one_yakuman=True, players=4),
    "riichi-sanma": dict(has_open_tanyao=True, has_aka_dora=True, has_double_yakuman=False,
                         kazoe_limit="limited", kiriage=False, fu_for_open_pinfu=True,
                         fu_for_pinfu_tsumo=False, renhou="none", limit_to_sextuple_yakuman=False,
                         players=3),
}
# The ruleset settings of riichi (rulesets/riichi, `[[setting]]`) as the oracle's options: setting
# -> {setting value: {option: option value}}.
def flag(option, **values):
    return {v: {option: x} for v, x in values.items()}


SETTINGS = {
    "open_tanyao": flag("has_open_tanyao", true=True, false=False),
    "aka_dora": flag("has_aka_dora", true=True, false=False),
    "double_yakuman": flag("has_double_yakuman", true=True, false=False),
    "kazoe": flag("kazoe_limit", yakuman="limited", sanbaiman="sanbaiman", none="none"),
    "kiriage": flag("kiriage", true=True, false=False),
    "open_pinfu_fu": flag("fu_for_open_pinfu", true=True, false=False),
    "pinfu_tsumo_fu": flag("fu_for_pinfu_tsumo", true=True, false=False),
    "renhou": flag("renhou", none="none", mangan="mangan", yakuman="yakuman"),
    "daisharin": {"none": dict(has_daisharin=False, has_daisharin_other_suits=False),
                  "pin": dict(has_daisharin=True, has_daisharin_other_suits=False),
                  "any_suit": dict(has_daisharin=True, has_daisharin_other_suits=True)},
    # "1" has no OptionalRules flag: diff.py skips hands with several yakuman (one_yakuman).
    "yakuman_cap": {"none": dict(limit_to_sextuple_yakuman=False, one_yakuman=False),
                    "6": dict(limit_to_sextuple_yakuman=True, one_yakuman=False),
                    "1": dict(limit_to_sextuple_yakuman=False, one_yakuman=True)},
    # The word `open_riichi` (is_open_riichi) exists only under true and sashikomi.
    "open_riichi": flag("has_sashikomi_yakuman", false=False, true=False, sashikomi=True),
    # Not an OptionalRules flag: under true the oracle's HandConfig(paarenchan=1) is set for a
    # dealer's win with `renchan=7` or more (its eighth win in a row); paarenchan_needs_yaku
    # keeps its default, True, as the setting says.
    "paarenchan": flag("paarenchan", false=False, true=True),
}


def split_name(ruleset):
    """`riichi[kazoe=none,kiriage=true]` -> ("riichi", {"kazoe": "none", "kiriage": "true"})."""
    base, _, rest = ruleset.partition("[")
    chosen = {}
    for kv in filter(None, rest.rstrip("]").split(",")):
        k, _, v = kv.partition("=")
        if k.strip() not in SETTINGS:
            sys.exit(f"no oracle option for setting {k.strip()}; known: {', '.join(SETTINGS)}")
        chosen[k.strip()] = v.strip()
    return base, chosen


KAZOE = {"limited": HandConstants.KAZOE_LIMITED, "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
         "none": HandConstants.KAZOE_NO_LIMIT}


def parse_groups(text):
    """`123m0p` / `EEN` / `5z` -> [(tile34, red)] in order."""
    out, digits = [], ""
    for c in text:
        if c.isdigit():
            digits += c
        elif c in SUIT_BASE:
            for d in digits:
                n = int(d)
                out.append((SUIT_BASE[c] + (4 if n == 0 else n - 1), n == 0))
            digits = ""
        elif c == "z":
            for d in digits:
                out.append((HONOURS[Z_ORDER[int(d) - 1]], False))
            digits = ""
        else:
            out.append((HONOURS[c], False))
    return out


def parse_line(line):
    body, *words = line.split()
    melds, rest = [], body
    while rest.startswith("["):
        end = rest.index("]")
        inner, rest = rest[1:end], rest[end + 1:]
        tiles, _, k = inner.partition(",")
        melds.append((parse_groups(tiles), int(k) if k else None))
    ctx = {}
    for w in words:
        k, _, v = w.partition("=")
        ctx[k] = v if _ else True
    return melds, parse_groups(rest), ctx


class Ids:
    """Hands out 136-format ids: red fives get copy 0 of their five, other tiles the rest."""

    def __init__(self, aka):
        self.used = Counter()
        self.aka = aka

    def take(self, t34, red):
        if red and self.aka and t34 in RED_ID:
            return RED_ID[t34]
        base = t34 * 4
        order = [1, 2, 3, 0] if self.aka and t34 in RED_ID else [0, 1, 2, 3]
        for c in order:
            if base + c not in self.used:
                self.used[base + c] = 1
                return base + c
        return base  # more copies than exist: the oracle judges the shape anyway


def skip_reason(melds, ctx, renhou):
    open_ = any(not (len(t) == 4 and k is None) for t, k in melds)
    if open_ and any(w in ctx for w in ("riichi", "double", "ippatsu")):
        return "riichi with an open hand"
    if "ippatsu" in ctx and not ("riichi" in ctx or "double" in ctx):
        return "ippatsu without riichi"
    if "open_riichi" in ctx and not ("riichi" in ctx or "double" in ctx):
        return "open riichi without riichi"
    if "first" in ctx and (melds or any(w in ctx for w in ("riichi", "double", "kong", "last", "nuki_replacement"))):
        return "first draw with melds, riichi, a kong or the last tile"
    if "kong" in ctx and "self" in ctx and not any(len(t) == 4 for t, _ in melds):
        return "rinshan without a kong"
    if "nuki_replacement" in ctx and "self" in ctx and int(ctx.get("nuki", 0)) == 0:
        return "rinshan on a North's replacement without a North set aside"
    if ("kong" in ctx or "nuki_replacement" in ctx) and "last" in ctx:
        return "kong replacement or robbed kong on the last tile"
    if "first" in ctx and "self" not in ctx and (renhou == "none" or ctx.get("seat", "E") == "E"):
        return "first on a discard without renhou"
    return None


def oracle_tiles(melds_w, conc, aka):
    """The oracle's 136-tile ids of every tile (melds first) and its Meld objects; the concealed
    ids end with the winning tile."""
    ids = Ids(aka)
    tiles, melds = [], []
    for tl, k in melds_w:
        mt = [ids.take(t, r) for t, r in tl]
        tiles += mt
        if len(tl) == 3 and tl[0][0] != tl[1][0]:
            melds.append(Meld(Meld.CHI, mt, opened=True))
        elif len(tl) == 3:
            melds.append(Meld(Meld.PON, mt, opened=True))
        elif k is None:
            melds.append(Meld(Meld.KAN, mt, opened=False))
        elif k >= 5:
            melds.append(Meld(Meld.SHOUMINKAN, mt, opened=True))
        else:
            melds.append(Meld(Meld.KAN, mt, opened=True))
    conc_ids = [ids.take(t, r) for t, r in conc]
    return tiles + conc_ids, melds, conc_ids


def oracle(line, opts, players, renhou, one_yakuman, paarenchan=False):
    melds_w, conc, ctx = parse_line(line)
    reason = skip_reason(melds_w, ctx, renhou)
    if reason:
        return {"skip": reason}
    tiles, melds, conc_ids = oracle_tiles(melds_w, conc, opts.has_aka_dora)
    win = conc_ids[-1]
    ind = lambda key: [t * 4 + 3 for t, _ in parse_groups(ctx[key])] if key in ctx else []
    seat = "ESWN".index(ctx.get("seat", "E"))
    rnd = "ESWN".index(ctx.get("round", "E"))
    self_drawn = "self" in ctx
    riichi = "riichi" in ctx or "double" in ctx
    cfg = HandConfig(
        is_tsumo=self_drawn, is_riichi=riichi, is_daburu_riichi="double" in ctx,
        is_ippatsu="ippatsu" in ctx, is_open_riichi="open_riichi" in ctx, is_rinshan=("kong" in ctx or "nuki_replacement" in ctx) and self_drawn,
        is_chankan="kong" in ctx and not self_drawn, is_haitei="last" in ctx and self_drawn,
        is_houtei="last" in ctx and not self_drawn,
        is_tenhou="first" in ctx and self_drawn and seat == 0,
        is_chiihou="first" in ctx and self_drawn and seat != 0,
        is_renhou="first" in ctx and not self_drawn and seat != 0 and renhou != "none",
        player_wind=27 + seat, round_wind=27 + rnd,
        kyoutaku_number=int(ctx.get("sticks", 0)), tsumi_number=0,
        paarenchan=1 if paarenchan and seat == 0 and int(ctx.get("renchan", 0)) >= 7 else 0,
        num_nuki_dora=int(ctx.get("nuki", 0)), options=opts)
    r = HandCalculator.estimate_hand_value(tiles, win, melds=melds, dora_indicators=ind("dora"),
                                           config=cfg, ura_dora_indicators=ind("ura") if riichi else None)
    if r.error:
        return {"error": r.error}
    yaku, dora = Counter(), Counter()
    for y in r.yaku:
        if y.name in DORA:
            dora[DORA[y.name]] += (y.han_open if melds and any(m.opened for m in melds) else y.han_closed) or 0
        elif y.name == "Nuki Dora" or y.name == "Kita":
            dora["nuki_dora"] += 1
        else:
            yaku[YAKU.get(y.name, "?" + y.name)] += 1
    # Payments by seat (E S W N) from the oracle's cost, counters per riichi.md: ron +100 per
    # other player per counter from the discarder, tsumo +100 from each payer.
    honba = int(ctx.get("honba", 0))
    c = r.cost
    pay = [0] * players
    if self_drawn:
        for s in range(players):
            if s == seat:
                continue
            amount = c["main"] if (s == 0 or seat == 0) else c["additional"]
            pay[s] -= amount + 100 * honba
            pay[seat] += amount + 100 * honba
    else:
        frm = int(ctx.get("from", 1))
        d = (seat + players - frm) % players
        pay[d] -= c["main"] + 100 * (players - 1) * honba
        pay[seat] += c["main"] + 100 * (players - 1) * honba
    feeder = pao_feeder(melds_w, seat, players)
    if feeder == "unknown":
        return {"skip": "pao fed from the opposite seat at a three-player table"}
    if feeder is not None:
        pao(pay, seat, feeder, self_drawn, None if self_drawn else d, c["main"], 100 * (players - 1) * honba)
    pay[seat] += 1000 * int(ctx.get("sticks", 0))
    yakuman = any(y.is_yakuman for y in r.yaku)
    if one_yakuman and sum(1 for y in r.yaku if y.is_yakuman) > 1:
        # OptionalRules cannot say "yakuman do not add up" (riichi.md, riichi-ema).
        return {"skip": "several yakuman where they do not add up (the oracle has no such option)"}
    return {"han": r.han, "fu": r.fu, "yaku": dict(yaku), "dora": dict(dora), "pay": pay, "yakuman": yakuman}


PAO_GROUPS = ({31, 32, 33}, {27, 28, 29, 30})  # the dragons (daisangen), the winds (daisuushii)


def pao_feeder(melds_w, seat, players):
    """The seat liable under riichi.md Decision 9 (pao), worked from the notation alone: every tile of a
    group melded as a pon or kan, the last of those melds (notation order = the order made) claimed from
    another seat. None when pao does not apply; "unknown" for a claim the notation cannot place."""
    for group in PAO_GROUPS:
        made = [(tl[0][0], k, len(tl)) for tl, k in melds_w if len(tl) >= 3 and tl[0][0] in group
                and all(t == tl[0][0] for t, _ in tl)]
        if {t for t, _, _ in made} != group:
            continue
        _, k, size = made[-1]
        if k is None and size == 4:  # a closed kan came last: nobody fed it
            return None
        k = k or 1  # a pon written without a source was claimed from the left (notation.md)
        rel = k - 4 if k >= 5 else k  # an added kan counts the pon it was made on
        if players == 4:
            return (seat - rel) % 4
        return {1: (seat - 1) % 3, 2: (seat + 1) % 3, 3: (seat + 1) % 3}.get(rel, "unknown")
    return None


def pao(pay, seat, feeder, self_drawn, discarder, main, counters):
    """Moves the oracle's payments as Decision 9 says: on a tsumo the liable player pays everything
    (what the payers would have paid, counters included); on a ron by another discarder the two split
    the hand's value (the liable half rounded down) and the liable player pays the counters."""
    if self_drawn:
        total = -sum(pay[s] for s in range(len(pay)) if s != seat)
        for s in range(len(pay)):
            if s != seat:
                pay[s] = 0
        pay[feeder] = -total
    elif feeder != discarder:
        pay[discarder] = -(main - main // 2)
        pay[feeder] = -(main // 2 + counters)


def ours(rec, players):
    if "error" in rec or not rec.get("valid", True):
        return {"error": rec.get("error") or rec.get("reason")}
    yaku, dora = Counter(), Counter()
    for f in rec["fans"]:
        if f["id"] in ("dora", "aka_dora", "ura_dora", "nuki_dora"):
            dora[f["id"]] += f["count"]
        else:
            yaku[f["id"]] += 1
    pay = [rec["payments"].get(w, 0) for w in "ESWN"[:players]]
    return {"han": rec["han"], "fu": rec["fu"], "yaku": dict(yaku), "dora": dict(dora), "pay": pay}


def make_options(ruleset, overrides, chosen):
    o = dict(RULESETS[ruleset])
    for k, v in chosen.items():
        if v not in SETTINGS[k]:
            sys.exit(f"no oracle option for {k}={v}; known: {', '.join(SETTINGS[k])}")
        o.update(SETTINGS[k][v])
    for kv in overrides:
        k, _, v = kv.partition("=")
        if k not in o:
            sys.exit(f"unknown option {k}; known: {', '.join(o)}")
        o[k] = v if k in ("kazoe_limit", "renhou") else v.lower() in ("1", "true", "yes")
        if k == "players":
            o[k] = int(v)
    players = o.pop("players")
    renhou = o.pop("renhou")
    one_yakuman = o.pop("one_yakuman", False)
    paarenchan = o.pop("paarenchan", False)
    o["kazoe_limit"] = KAZOE[o["kazoe_limit"]]
    o["renhou_as_yakuman"] = renhou == "yakuman"
    o["is_three_player"] = players == 3
    return OptionalRules(**o), players, renhou, one_yakuman, paarenchan


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("mj")
    ap.add_argument("ruleset")
    ap.add_argument("--oracle-options", default=None,
                    help="options of this built-in ruleset for the oracle (default: RULESET)")
    ap.add_argument("--count", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--show", type=int, default=10)
    ap.add_argument("--agree-out", default=None,
                    help="write each agreeing win as a JSON line: the hand and the oracle's han, fu, yaku")
    ap.add_argument("--double-yakuman-ids", action="store_true",
                    help="the ruleset has separate fans for the four double yakuman")
    a = ap.parse_args(argv)
    base, chosen = split_name(a.ruleset)
    if a.double_yakuman_ids or chosen.get("double_yakuman") == "true":
        YAKU.update({"Kokushi Musou Juusanmen Matchi": "kokushi_13", "Daburu Chuuren Poutou": "junsei_chuuren",
                     "Suu Ankou Tanki": "suuankou_tanki"})
    opts, players, renhou, one_yakuman, paarenchan = make_options(a.oracle_options or base, a.option, chosen)
    lines = subprocess.run([a.mj, "sample", "--rules", a.ruleset, "--seed", str(a.seed), "--count",
                            str(a.count)], capture_output=True, text=True, check=True).stdout.splitlines()
    got = subprocess.run([a.mj, "score", "--rules", a.ruleset, "--batch", "-", "--json"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True).stdout.splitlines()
    if len(got) != len(lines):
        print(f"FAIL: {len(lines)} hands, {len(got)} answers")
        return 1
    cnt, skipped, per_yaku, shown = Counter(), Counter(), Counter(), 0
    agree_out = open(a.agree_out, "w") if a.agree_out else None
    for line, g in zip(lines, got):
        o = oracle(line, opts, players, renhou, one_yakuman, paarenchan)
        if "skip" in o:
            skipped[o["skip"]] += 1
            continue
        m = ours(json.loads(g), players)
        cnt["hands"] += 1
        if "error" in o or "error" in m:
            ok = "error" in o and "error" in m
            cnt["rejected" if ok else "differ"] += 1
            what = f"oracle {o.get('error', 'wins')}, mj {m.get('error', 'wins')}"
        else:
            for y in o["yaku"]:
                per_yaku[y] += 1
            same = (o["han"] == m["han"] and (o["yakuman"] or o["fu"] == m["fu"]) and o["yaku"] == m["yaku"]
                    and o["pay"] == m["pay"])
            ok = same
            cnt["agree" if ok else "differ"] += 1
            if ok and agree_out:
                agree_out.write(json.dumps({"hand": line, "han": o["han"], "fu": o["fu"], "yaku": o["yaku"],
                                            "dora": o["dora"], "yakuman": o["yakuman"]}) + "\n")
            what = f"oracle {o['han']}/{o['fu']} {o['yaku']} {o['dora']} {o['pay']}; mj {m['han']}/{m['fu']} {m['yaku']} {m['dora']} {m['pay']}"
        if not ok and shown < a.show:
            shown += 1
            print(f"differs: {line}\n    {what}")
    n = cnt["hands"]
    agree = cnt["agree"] + cnt["rejected"]
    print(f"ruleset {a.ruleset} oracle options {a.option or chosen or 'default'} seed {a.seed}: {n} hands compared, "
          f"{agree} agree ({100.0 * agree / max(n, 1):.2f}%: {cnt['agree']} wins, {cnt['rejected']} rejected by both), "
          f"{cnt['differ']} differ; skipped {sum(skipped.values())} {dict(skipped)}")
    print("per-yaku coverage:", dict(sorted(per_yaku.items())))
    return 0 if cnt["differ"] == 0 and n > 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
