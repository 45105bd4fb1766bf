"""PyMahjongGB-compatible helpers, so a Botzone bot switches with one import line::

    from mjrules.MahjongGB import MahjongFanCalculator, MahjongShanten

Arguments and return values are PyMahjongGB 1.4.0's; the fans come from an mj MCR ruleset,
``mcr-mil`` by default (the fan set PyMahjongGB ships: 明暗杠 counted). Pass ``ruleset=`` (a name
or a loaded ``Ruleset``) for ``mcr`` or ``mcr-strict98``. Invalid input raises ``TypeError``, as
PyMahjongGB does; its message is mj's (which tile, which count), not an ``ERROR_…`` code.
"""

from typing import Dict, Sequence, Tuple, Union

from ._native import HandError, Ruleset

__all__ = ["MahjongFanCalculator", "MahjongShanten", "to_arguments", "to_notation"]

_SUITS = {"W": "m", "B": "p", "T": "s"}
_HONOURS = {"F": "ESWN", "J": "CFP"}
_WINDS = "ESWN"
_loaded: Dict[str, Ruleset] = {}
# The three single-wait fans under PyMahjongGB's names (its fan table says 独听 for each).
_NAMES = {"边张": "独听・边张", "坎张": "独听・嵌张", "单钓将": "独听・单钓"}


def _ruleset(ruleset: Union[str, Ruleset]) -> Ruleset:
    if isinstance(ruleset, Ruleset):
        return ruleset
    if ruleset not in _loaded:
        _loaded[ruleset] = Ruleset.load(ruleset)
    return _loaded[ruleset]


def _tile(name: str) -> str:
    """One Botzone tile name (W1, B9, T5, F1–F4, J1–J3) as a tile in mj notation."""
    if not isinstance(name, str) or len(name) != 2 or not name[1].isdigit():
        raise TypeError(f"{name!r} is not a tile: write W1–W9, B1–B9, T1–T9, F1–F4 or J1–J3")
    letter, rank = name[0], int(name[1])
    if letter in _SUITS and 1 <= rank <= 9:
        return f"{rank}{_SUITS[letter]}"
    honours = _HONOURS.get(letter, "")
    if 1 <= rank <= len(honours):
        return honours[rank - 1]
    raise TypeError(f"{name!r} is not a tile: write W1–W9, B1–B9, T1–T9, F1–F4 or J1–J3")


def _meld(pack: Sequence) -> str:
    """One PyMahjongGB pack ("CHI"/"PENG"/"GANG", tile, offer) as an mj meld."""
    try:
        kind, tile, offer = pack
        offer = int(offer)
    except (TypeError, ValueError):
        raise TypeError(f"{pack!r} is not a pack: write (\"CHI\"|\"PENG\"|\"GANG\", tile, offer)") from None
    t = _tile(tile)
    if kind == "CHI":
        if t[-1] not in "mps" or not 2 <= int(t[0]) <= 8 or not 1 <= offer <= 3:
            raise TypeError(f"{pack!r}: a chow names its middle tile (2–8) and the claimed one (1–3)")
        r, s = int(t[0]), t[1]
        return f"[{r - 1}{r}{r + 1}{s},{offer}]"
    if kind == "PENG":
        if not 1 <= offer <= 3:
            raise TypeError(f"{pack!r}: a pung is claimed from seat 1–3")
        return f"[{_run(t, 3)},{offer}]"
    if kind == "GANG":
        if not 0 <= offer <= 3:
            raise TypeError(f"{pack!r}: a kong is concealed (0) or claimed from seat 1–3")
        return f"[{_run(t, 4)}]" if offer == 0 else f"[{_run(t, 4)},{offer}]"
    raise TypeError(f"{pack!r}: the pack type is CHI, PENG or GANG")


def _run(tile: str, n: int) -> str:
    return tile[0] * n + tile[1:] if tile[-1] in "mps" else tile * n


def to_notation(
    pack: Sequence,
    hand: Sequence[str],
    winTile: str,
    flowerCount: int,
    isSelfDrawn: bool,
    is4thTile: bool,
    isAboutKong: bool,
    isWallLast: bool,
    seatWind: int,
    prevalentWind: int,
) -> str:
    """MahjongFanCalculator's arguments as one line of mj notation."""
    if not 0 <= seatWind <= 3 or not 0 <= prevalentWind <= 3:
        raise TypeError("seatWind and prevalentWind are 0–3 (east, south, west, north)")
    if isinstance(hand, str):
        raise TypeError("hand is a tuple of tile names, not one string")
    parts = ["".join(_meld(p) for p in pack) + "".join(_tile(t) for t in hand) + _tile(winTile)]
    if isSelfDrawn:
        parts.append("self")
    if is4thTile:
        parts.append("fourth")
    if isAboutKong:
        parts.append("kong")
    if isWallLast:
        parts.append("last")
    parts.append(f"seat={_WINDS[seatWind]}")
    parts.append(f"round={_WINDS[prevalentWind]}")
    if flowerCount:
        parts.append(f"flowers={int(flowerCount)}")
    return " ".join(parts)


def MahjongFanCalculator(
    pack: Sequence,
    hand: Sequence[str],
    winTile: str,
    flowerCount: int,
    isSelfDrawn: bool,
    is4thTile: bool,
    isAboutKong: bool,
    isWallLast: bool,
    seatWind: int,
    prevalentWind: int,
    verbose: bool = False,
    ruleset: Union[str, Ruleset] = "mcr-mil",
) -> Tuple[tuple, ...]:
    """PyMahjongGB's MahjongFanCalculator over an mj MCR ruleset.

    Returns a tuple of ``(points × count, zh_name)`` per fan, or with ``verbose=True``
    ``(points, count, zh_name, en_name)``. The fans are returned whether or not they reach the
    8-point minimum, as PyMahjongGB does. Raises ``TypeError`` for input that is not a win.
    """
    line = to_notation(
        pack, hand, winTile, flowerCount, isSelfDrawn, is4thTile, isAboutKong, isWallLast, seatWind, prevalentWind
    )
    try:
        fans = _ruleset(ruleset).tally(line).fans
    except HandError as e:
        raise TypeError(str(e)) from None
    if verbose:
        return tuple((points, count, _NAMES.get(zh, zh), en) for _, zh, en, points, count in fans)
    return tuple((points * count, _NAMES.get(zh, zh)) for _, zh, _, points, count in fans)


def MahjongShanten(pack: Sequence, hand: Sequence[str], ruleset: Union[str, Ruleset] = "mcr-mil") -> int:
    """PyMahjongGB's MahjongShanten: the shanten of 13 − 3·len(pack) standing tiles."""
    if isinstance(hand, str):
        raise TypeError("hand is a tuple of tile names, not one string")
    line = "".join(_meld(p) for p in pack) + "".join(_tile(t) for t in hand)
    try:
        return _ruleset(ruleset).shanten(line)
    except HandError as e:
        raise TypeError(str(e)) from None


_BOTZONE = {"m": "W", "p": "B", "s": "T"}


def _botzone(tile: str) -> str:
    if tile[-1] in _BOTZONE:
        return f"{_BOTZONE[tile[-1]]}{tile[0]}"
    for letter, names in _HONOURS.items():
        if tile in names:
            return f"{letter}{names.index(tile) + 1}"
    raise ValueError(f"{tile!r} has no Botzone name")


def _tiles(text: str) -> list:
    """Tiles of a notation word (``123m45pEE``) one by one, as ``1m``, ``E``."""
    out, ranks = [], ""
    for c in text:
        if c.isdigit():
            ranks += c
        elif c in "mps":
            out += [r + c for r in ranks]
            ranks = ""
        elif c in "ESWNCFP" and not ranks:
            out.append(c)
        else:
            raise ValueError(f"{text!r}: only plain MCR tiles are converted")
    if ranks:
        raise ValueError(f"{text!r}: ranks without a suit")
    return out


def to_arguments(line: str) -> dict:
    """A plain MCR line of mj notation (no bonus tiles written out) as MahjongFanCalculator's
    keyword arguments: the inverse of ``to_notation``, for differential tests and benchmarks."""
    words = line.split()
    body, words = words[0], words[1:]
    pack = []
    while body.startswith("["):
        meld, body = body[1:].split("]", 1)
        tiles, _, source = meld.partition(",")
        ts = _tiles(tiles)
        k = int(source) if source else None
        if len(ts) == 4:
            pack.append(("GANG", _botzone(ts[0]), 0 if k is None else (k - 4 if k > 4 else k)))
        elif ts[0] == ts[1]:
            pack.append(("PENG", _botzone(ts[0]), k or 1))
        else:
            pack.append(("CHI", _botzone(ts[1]), k or 1))
    hand = [_botzone(t) for t in _tiles(body)]
    values = dict(w.split("=", 1) for w in words if "=" in w)
    return dict(
        pack=tuple(pack),
        hand=tuple(hand[:-1]),
        winTile=hand[-1],
        flowerCount=int(values.get("flowers", 0)) + sum(len(w) - 1 for w in words if w[:-1].isdigit() and w[-1] == "f"),
        isSelfDrawn="self" in words,
        is4thTile="fourth" in words,
        isAboutKong="kong" in words,
        isWallLast="last" in words,
        seatWind=_WINDS.index(values.get("seat", "E")),
        prevalentWind=_WINDS.index(values.get("round", "E")),
    )
