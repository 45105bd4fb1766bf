#!/usr/bin/env python3
"""A minimal Botzone mahjong bot for tests: simple interaction, one process per request, or
kept running (`--keep-running`: after each answer it asks to be kept and reads the next request).

It keeps its hand from the requests, discards a random tile on its own draw, passes on every
claim and never declares a win. Behaviour switches (environment):
  RANDOM_BOT_SEED   seed for the choices (default: derived from the history, so reruns agree)
  RANDOM_BOT_SLEEP  seconds to sleep before answering from this turn on (see RANDOM_BOT_AFTER)
  RANDOM_BOT_JUNK   answer this text instead of a move, from RANDOM_BOT_AFTER on
  RANDOM_BOT_AFTER  turn number from which SLEEP/JUNK apply (default 3: its first draw or later)
"""
import os
import random
import sys
import time


def answer(requests, responses):
    after = int(os.environ.get("RANDOM_BOT_AFTER", "3"))
    if len(requests) >= after:
        if os.environ.get("RANDOM_BOT_SLEEP"):
            time.sleep(float(os.environ["RANDOM_BOT_SLEEP"]))
        if os.environ.get("RANDOM_BOT_JUNK"):
            return os.environ["RANDOM_BOT_JUNK"]
    me = int(requests[0].split()[1])
    hand = []
    for i, req in enumerate(requests):
        w = req.split()
        if w[0] == "1":
            hand = w[5:18]
        elif w[0] == "2":
            hand.append(w[1])
        elif w[0] == "3" and int(w[1]) == me:
            if w[2] == "PLAY":
                hand.remove(w[3])
            elif w[2] == "GANG" and i > 0 and requests[i - 1].startswith("2"):
                tile = responses[i - 1].split()[1]
                for _ in range(4):
                    hand.remove(tile)
    last = requests[-1].split()
    seed = os.environ.get("RANDOM_BOT_SEED", "") + "|".join(requests)
    rng = random.Random(seed)
    return "PLAY " + rng.choice(hand) if last[0] == "2" else "PASS"


def main():
    n = int(sys.stdin.readline())
    lines = [sys.stdin.readline().rstrip("\n") for _ in range(2 * n - 1)]
    requests, responses = lines[0::2], lines[1::2]
    while True:
        responses.append(answer(requests, responses))
        print(responses[-1], flush=True)
        if "--keep-running" not in sys.argv:
            return
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
        line = sys.stdin.readline()
        if not line:
            return
        requests.append(line.rstrip("\n"))


if __name__ == "__main__":
    main()
