#!/usr/bin/env python3
"""Latency of the studio's requests against a running `mj serve` (build it with --release).

    python3 serve/load/studio_latency.py http://127.0.0.1:PORT

Replays a designer typing into a copy of mcr's ruleset.toml (the largest built-in ruleset),
one request per keystroke as if there were no debounce: every prefix of a new fan block typed
at the end of the file is sent to /api/check and then /api/doc. Then it times a diff over mcr's
snapshot corpus, a 2,000-hand balance run against mcr, and a check of a runaway script while
cheap requests are being answered. Prints p50/p99/max in milliseconds. Standard library only.
"""
import json
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request

URL = sys.argv[1].rstrip("/") if len(sys.argv) > 1 else "http://127.0.0.1:8080"

# What the designer types: a new fan, character by character.
TYPED = """
[[fan]]
id = "lucky_sevens"
zh = "幸运七"
en = "Lucky Sevens"
points = 3
definition = "A pung or kong of sevens in any suit."
when = "pungs(rank(7)) >= 1"
"""

RUNAWAY_TOML = """[ruleset]
name = "spin"
extends = "mcr"

[[script]]
file = "fans.rhai"

[[fan]]
id = "spin"
zh = "转"
en = "Spin"
points = 1
definition = "A script that never ends."
script = "spin"
"""


def post(path, body):
    data = json.dumps(body).encode()
    req = urllib.request.Request(URL + path, data=data, headers={"Content-Type": "application/json"})
    t = time.perf_counter()
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            status, out = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, out = e.code, e.read()
    return status, json.loads(out), (time.perf_counter() - t) * 1000


def get(path):
    with urllib.request.urlopen(URL + path, timeout=60) as r:
        return json.loads(r.read())


def summary(name, ms):
    ms = sorted(ms)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    print(f"{name:<34} n={len(ms):<4} p50 {statistics.median(ms):8.1f} ms   p99 {p99:8.1f} ms   max {ms[-1]:8.1f} ms")


def main():
    files = get("/api/rulesets/mcr/files")["files"]
    toml = files["ruleset.toml"].replace('name = "mcr"', 'name = "house"', 1)
    print(f"mcr copy: ruleset.toml {len(toml.encode())} bytes, {toml.count(chr(10))} lines; typing {len(TYPED)} characters")
    check, doc, loads = [], [], 0
    for i in range(1, len(TYPED) + 1):
        inline = {"files": {**files, "ruleset.toml": toml + TYPED[:i]}}
        status, v, ms = post("/api/check", {"ruleset": inline})
        assert status == 200, v
        check.append(ms)
        if v["ok"]:
            loads += 1
            status, v, ms = post("/api/doc", {"ruleset": inline})
            assert status == 200, v
            doc.append(ms)
    print(f"keystrokes: {len(TYPED)}, of which the ruleset loaded after {loads}")
    summary("check per keystroke", check)
    summary("doc per keystroke (when it loads)", doc)

    house = {"files": {"ruleset.toml": '[ruleset]\nname = "house"\nextends = "mcr"\n\n[[fan]]\nid = "hun_yi_se"\npoints = 8\n'}}
    diff = []
    for _ in range(10):
        status, v, ms = post("/api/diff", {"a": "mcr", "b": house})
        assert status == 200, v
        diff.append(ms)
    summary(f"diff over mcr corpus ({v['hands']} hands)", diff)

    status, v, ms = post("/api/simulate", {"ruleset": "mcr", "compare": house, "hands": 2000, "seed": 1})
    assert status == 200, v
    sig = [r["statistic"] for r in v["rows"] if r["significant"]]
    print(f"{'balance run, 2,000 hands x 2':<34} {ms:8.1f} ms   significant: {', '.join(sig) or 'none'}")

    spin = {"files": {"ruleset.toml": RUNAWAY_TOML, "fans.rhai": "fn spin(hand) { let x = 0; loop { x += 1; } }\n"}}
    runaway, cheap, stop = [], [], threading.Event()

    def cheap_requests():
        while not stop.is_set():
            status, v, ms = post("/api/score", {"ruleset": "mcr", "hand": "123m456p789s11pEEE"})
            assert status == 200, v
            cheap.append(ms)

    t = threading.Thread(target=cheap_requests)
    t.start()
    for _ in range(20):
        status, v, ms = post("/api/check", {"ruleset": spin})
        assert status == 200 and not v["ok"], v
        runaway.append(ms)
    stop.set()
    t.join()
    print(f"runaway script: {v['diagnostics'][0]['message']}")
    summary("check of a runaway script", runaway)
    summary("score requests meanwhile", cheap)


if __name__ == "__main__":
    main()
