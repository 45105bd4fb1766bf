#!/usr/bin/env python3
"""Fan coverage of a corpus: reads the reference calculator's JSON lines on stdin and prints how
often each fan occurs, so a sampled corpus can be checked to exercise every fan.

    gen_hands --seed 1 --count 20000 | target/reference/bin/mcr | python3 tools/reference/coverage.py

Counts hands containing a fan (not its multiplicity). Every line that is an error is counted and
the first few are shown: a generated corpus must have none. Exits 1 if any line is an error or a
fan is below --min (default 0: never). Fans never seen are listed with 0, using the 81-fan order of
docs/mcr-reference.md plus 明暗杠 when any line has it (mcr-mil).
"""
import argparse
import collections
import json
import signal
import sys

FANS = (
    "大四喜 大三元 绿一色 九莲宝灯 四杠 连七对 十三幺 清幺九 小四喜 小三元 字一色 四暗刻 一色双龙会 "
    "一色四同顺 一色四节高 一色四步高 三杠 混幺九 七对 七星不靠 全双刻 清一色 一色三同顺 一色三节高 全大 "
    "全中 全小 清龙 三色双龙会 一色三步高 全带五 三同刻 三暗刻 全不靠 组合龙 大于五 小于五 三风刻 花龙 "
    "推不倒 三色三同顺 三色三节高 无番和 妙手回春 海底捞月 杠上开花 抢杠和 碰碰和 混一色 三色三步高 五门齐 "
    "全求人 双暗杠 双箭刻 全带幺 不求人 双明杠 和绝张 箭刻 圈风刻 门风刻 门前清 平和 四归一 双同刻 双暗刻 "
    "暗杠 断幺 一般高 喜相逢 连六 老少副 幺九刻 明杠 缺一门 无字 独听・边张 独听・嵌张 独听・单钓 自摸 花牌"
).split()


def main():
    # Quietly stop when piped into `head`.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--min", type=int, default=0, help="fail if a fan occurs fewer times")
    ap.add_argument("--all", action="store_true", help="list every fan, not only the rarest 15")
    args = ap.parse_args()

    hands = 0
    errors = collections.Counter()
    examples = []
    counts = collections.Counter()
    for n, line in enumerate(sys.stdin, 1):
        line = line.strip()
        if not line:
            continue
        hands += 1
        try:
            obj = json.loads(line)
        except json.JSONDecodeError:
            errors["invalid JSON"] += 1
            continue
        if "error" in obj:
            errors[obj["error"]] += 1
            if len(examples) < 5:
                examples.append(f"line {n}: {line}")
            continue
        for fan in obj.get("fans", []):
            counts[fan["zh"]] += 1

    names = list(FANS)
    if "明暗杠" in counts:
        names.append("明暗杠")
    names += sorted(k for k in counts if k not in names)
    table = sorted(((counts[k], k) for k in names), key=lambda x: x[0])

    print(f"hands {hands}, errors {sum(errors.values())}")
    for e, c in errors.most_common():
        print(f"  error {c:6d}  {e}")
    for ex in examples:
        print(f"  {ex}")
    shown = table if args.all else table[:15]
    print(f"{'fans by count' if args.all else 'rarest 15 fans'}:")
    for c, k in shown:
        print(f"  {c:6d}  {k}")
    low = [k for c, k in table if c < args.min]
    if args.min:
        print(f"fans below {args.min}: {len(low)} {' '.join(low)}")
    sys.exit(1 if errors or low else 0)


if __name__ == "__main__":
    main()
