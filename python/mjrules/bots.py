"""Two example bots that play through ``mjrules.Game``: a seeded random one and a greedy one.

A bot is anything with ``choose(game, seat) -> action`` returning one of
``game.legal_actions(seat)``; ``play(game, bots)`` runs a hand to its end.
"""

import random
from typing import List, Optional, Sequence

from ._native import Game, HandError, Ruleset

__all__ = ["RandomBot", "GreedyBot", "play"]


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> str:
        return self.rng.choice(game.legal_actions(seat))


class GreedyBot:
    """Wins whenever it may, sets bonus tiles aside, never claims, and discards the tile that
    leaves the lowest shanten (the first such tile in tile order)."""

    name = "greedy"

    def __init__(self, ruleset: Ruleset):
        self.ruleset = ruleset

    def choose(self, game: Game, seat: int) -> str:
        legal = game.legal_actions(seat)
        for wanted in ("win", "self_win"):
            if wanted in legal:
                return wanted
        bonus = [a for a in legal if a.startswith("bonus ")]
        if bonus:
            return bonus[0]
        discards = [a for a in legal if a.startswith("discard ")]
        if not discards:
            return "pass" if "pass" in legal else legal[0]
        obs = game.observation(seat)
        melds = "".join(obs["melds"][seat])
        best, best_shanten = discards[0], None
        for action in discards:
            rest = list(obs["concealed"])
            tile = action.split()[1]
            if tile not in rest and tile.startswith("0"):
                # "discard 0p" gives away a red five, which the concealed list names as a plain 5p.
                tile = "5" + tile[1:]
            rest.remove(tile)
            try:
                s = self.ruleset.shanten(melds + "".join(rest))
            except HandError:
                continue
            if best_shanten is None or s < best_shanten:
                best, best_shanten = action, s
        return best


def play(game: Game, bots: Sequence, max_steps: int = 100_000) -> Optional[dict]:
    """Lets ``bots`` (one per seat) play ``game`` to its end; returns ``game.result``."""
    steps = 0
    while not game.done:
        seat = game.to_act
        game.step(bots[seat].choose(game, seat), seat)
        steps += 1
        if steps > max_steps:
            raise RuntimeError("the hand did not end")
    return game.result
