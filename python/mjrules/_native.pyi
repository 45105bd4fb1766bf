"""Type stubs of the compiled module (src/*.rs): what editors complete."""

from typing import Any, Dict, List, Literal, Optional, Tuple, Union

class RulesetError(ValueError):
    """A ruleset that could not be loaded; the message is the located diagnostic."""

class HandError(ValueError):
    """A line of notation that could not be read or scored; the message is mj's own."""

class GameError(ValueError):
    """An action the engine refused, or a record that does not replay."""

def builtin_rulesets() -> List[str]:
    """The names of the built-in rulesets."""

def simulate(
    ruleset: Union["Ruleset", str],
    hands: int,
    seed: int,
    threads: Optional[int] = None,
    bot: Literal["greedy", "random"] = "greedy",
) -> Dict[str, Any]:
    """Bots play `hands` seeded hands without the GIL on `threads` threads (default: every core;
    the result does not depend on it); the report `mj simulate --json` prints, as a dict.
    Raises ValueError for a bad bot or hands=0, RulesetError, GameError."""

class Score:
    """A scored hand, as `mj score` reports it."""

    @property
    def hand(self) -> str: ...
    @property
    def reading(self) -> List[str]: ...
    @property
    def fans(self) -> List[Dict[str, Any]]:
        """Every fan counted: id, zh, en, points (each), count, why (and ja for riichi)."""
    @property
    def fan_ids(self) -> List[Tuple[str, int, int]]:
        """(id, points each, count) per fan, without the explanation."""
    @property
    def total(self) -> int: ...
    @property
    def valid(self) -> bool: ...
    @property
    def reason(self) -> Optional[str]: ...
    @property
    def payments(self) -> Dict[str, int]:
        """Net change per seat wind letter, winner positive; empty when not valid."""
    @property
    def warnings(self) -> List[str]: ...
    @property
    def han(self) -> Optional[int]: ...
    @property
    def fu(self) -> Optional[int]: ...
    @property
    def limit(self) -> Optional[str]: ...
    def to_dict(self) -> Dict[str, Any]:
        """The object `mj score --json` prints."""
    def to_json(self) -> str:
        """The line `mj score --json` prints, without its newline."""

class Tally:
    """Fans, total and validity without the explanation (the fast path)."""

    @property
    def fans(self) -> List[Tuple[str, str, str, int, int]]:
        """(id, zh, en, points each, count) per fan."""
    @property
    def fan_ids(self) -> List[Tuple[str, int, int]]: ...
    @property
    def total(self) -> int: ...
    @property
    def valid(self) -> bool: ...

class Ruleset:
    """A loaded, compiled ruleset."""

    @staticmethod
    def load(name_or_path: str) -> "Ruleset":
        """A built-in ruleset by name or a ruleset folder by path; raises RulesetError."""
    @property
    def name(self) -> str: ...
    @property
    def version(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def fans(self) -> List[Dict[str, Any]]:
        """The fan table: id, zh, en, points, bonus, definition, note, excludes."""
    def doc(self) -> str:
        """The ruleset as a Markdown page for players: what `mj doc` prints."""
    def score(self, hand: str) -> Score:
        """Scores one line of notation; raises HandError."""
    def tally(self, hand: str) -> Tally:
        """Fans, total and validity without the explanation; raises HandError."""
    def score_many(
        self,
        lines: List[str],
        threads: Optional[int] = None,
        errors: Literal["raise", "return"] = "raise",
        explain: bool = True,
    ) -> List[Union[Score, Tally, HandError]]:
        """Scores many lines without the GIL on `threads` threads (default: every core);
        Tally items with explain=False."""
    def waits(self, hand: str) -> Dict[str, Any]:
        """`mj waits --json` of a hand one tile short: waits, shanten, per_wait."""
    def shanten(self, hand: str) -> int:
        """The shanten of a hand one tile short (0 = ready)."""
    def sample(self, seed: int, count: int) -> List[str]:
        """Seeded random winning hands, as `mj sample` prints them."""

class Game:
    """One hand as a deterministic environment; actions are strings from legal_actions."""

    def __init__(
        self, ruleset: Ruleset, seed: int, dealer: int = 0, round: str = "E", players: Optional[List[str]] = None
    ) -> None: ...
    @staticmethod
    def from_record(ruleset: Ruleset, record: str) -> "Game":
        """Replays a JSON record (`record()`, `mj play --json`); raises GameError."""
    @property
    def players(self) -> int: ...
    @property
    def to_act(self) -> Optional[int]: ...
    @property
    def done(self) -> bool: ...
    @property
    def result(self) -> Optional[Dict[str, List[int]]]:
        """{"winners": [...], "net": [...]} once the hand is over."""
    @property
    def feature_size(self) -> int: ...
    def legal_actions(self, seat: Optional[int] = None) -> List[str]: ...
    def step(self, action: str, seat: Optional[int] = None) -> List[Dict[str, Any]]:
        """Takes a legal action; returns the events it caused, as the record writes them."""
    def observation(self, seat: int) -> Dict[str, Any]:
        """What `seat` knows, as a dict."""
    def features(self, seat: int) -> List[int]:
        """What `seat` knows as a fixed-length list of integers (feature_size)."""
    def record(self) -> str:
        """The `mj-record` JSON line that `mj replay` reads."""
    def record_text(self) -> str: ...
