"""mjrules: score, wait-search and play mahjong under any ruleset of the mj engine.

>>> import mjrules
>>> mcr = mjrules.Ruleset.load("mcr")
>>> s = mcr.score("[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2")
>>> s.total, s.valid
(12, True)

A ruleset is a built-in name (``mjrules.builtin_rulesets()``) or a folder holding a
``ruleset.toml``. Scores are the reports ``mj score --json`` prints (``Score.to_dict()``).
``Game(ruleset, seed)`` is one hand as a deterministic environment for bots
(``mjrules.bots`` has a random and a greedy one); ``simulate(ruleset, hands, seed)`` is
``mj simulate --json`` and ``Ruleset.doc()`` is ``mj doc``. ``mjrules.MahjongGB`` is a drop-in for PyMahjongGB's ``MahjongFanCalculator``.
"""

from ._native import (
    Game,
    GameError,
    HandError,
    Ruleset,
    RulesetError,
    Score,
    Tally,
    builtin_rulesets,
    simulate,
)

__all__ = [
    "Game",
    "GameError",
    "HandError",
    "Ruleset",
    "RulesetError",
    "Score",
    "Tally",
    "builtin_rulesets",
    "simulate",
]
