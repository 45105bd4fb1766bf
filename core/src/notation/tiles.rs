//! Reading tiles and melds as written: digit runs, honour letters and numbers, bonus tiles,
//! Unicode glyphs, meld brackets with their source, and the copy limits. Each tile keeps its column
//! so a later check can point at it.

use pest::Parser;

use super::errors::{convert_pest_error, error, honour_name, Columns, NotationError};
use super::grammar::{NotationParser, Rule};
use super::print::print_tiles;
use super::shape::{self, Token};
use crate::meld::{From as Source, Meld};
use crate::tile::{HonourGroup, Kind, Tile, TileSet, HONOUR_LETTERS, MAX_KINDS};

/// One tile as written, kept with its position so later checks (copies, meld shape) can point
/// at the exact character.
#[derive(Clone, Copy, Debug)]
pub(super) struct Placed {
    pub(super) tile: Tile,
    pub(super) column: usize,
    /// The digit it was written with (`2` of `123m`), if any, and its letter.
    pub(super) digit: Option<u8>,
    pub(super) letter: char,
    /// Written as a red copy (`0m` in a tile set with red fives).
    pub(super) red: bool,
}

impl Placed {
    /// The tile as written alone (`2m`, `E`), for messages.
    pub(super) fn text(&self) -> String {
        match self.digit {
            Some(d) => format!("{}{}", char::from(d), self.letter),
            None => self.letter.to_string(),
        }
    }
}

/// The notation of a Unicode mahjong tile (U+1F000–U+1F02B): winds, dragons, characters,
/// bamboos, circles, then the flowers 梅兰竹菊 (5–8f) and the seasons 春夏秋冬 (1–4f). `None` for
/// the joker and the tile back, which no ruleset deals.
pub(super) fn glyph_notation(c: char) -> Option<String> {
    let k = (c as u32).checked_sub(0x1F000)?;
    Some(match k {
        0..=6 => ['E', 'S', 'W', 'N', 'C', 'F', 'P'][k as usize].to_string(),
        7..=15 => format!("{}m", k - 6),
        16..=24 => format!("{}s", k - 15),
        25..=33 => format!("{}p", k - 24),
        34..=37 => format!("{}f", k - 29),
        38..=41 => format!("{}f", k - 37),
        _ => return None,
    })
}

/// Decodes a run of Unicode tiles, each as its ASCII notation at its own column, appending them
/// to `out`; each is shown in messages as its glyph.
pub(super) fn decode_glyphs(
    set: &TileSet,
    text: &str,
    start: usize,
    out: &mut Vec<Placed>,
) -> Result<(), NotationError> {
    for (i, c) in text.chars().enumerate().filter(|(_, c)| *c != '\u{FE0F}') {
        let column = start + i;
        let Some(ascii) = glyph_notation(c) else {
            return Err(error(
                column,
                c.to_string(),
                "the joker and the tile back are not tiles of any ruleset",
                "a tile such as 🀇 or 1m",
            ));
        };
        let from = out.len();
        decode_group(set, &ascii, column, out)?;
        for p in &mut out[from..] {
            p.digit = None;
            p.letter = c;
        }
    }
    Ok(())
}

/// Decodes one grammar `group` (`123m`, `5z`, `15f`, `EEN`, or Unicode tiles) starting at
/// `start`, appending its tiles to `out`. The grammar guarantees the text is ASCII digits plus
/// one letter, honour letters, or tile glyphs.
pub(super) fn decode_group(
    set: &TileSet,
    text: &str,
    start: usize,
    out: &mut Vec<Placed>,
) -> Result<(), NotationError> {
    if text.starts_with(|c: char| ('\u{1F000}'..='\u{1F02B}').contains(&c)) {
        return decode_glyphs(set, text, start, out);
    }
    if text.starts_with(|c: char| c.is_ascii_digit()) {
        let Some(letter) = text.chars().last() else {
            return Ok(());
        };
        let digits = text.get(..text.len() - letter.len_utf8()).unwrap_or("");
        for (i, d) in digits.bytes().enumerate() {
            let column = start + i;
            let n = d.wrapping_sub(b'0');
            let found = || format!("{}{letter}", char::from(d));
            let red_five = match letter {
                'm' | 'p' | 's' if n == 0 => set.red_tile(letter),
                _ => None,
            };
            let tile = match (letter, red_five) {
                (_, Some(t)) => t,
                ('z', _) => honour_by_number(set, n, column, found)?,
                ('f', _) => bonus_tile(set, n, column, found)?,
                _ => suited_tile(set, letter, n, column, found)?,
            };
            out.push(Placed {
                tile,
                column,
                digit: Some(d),
                letter,
                red: red_five.is_some(),
            });
        }
    } else {
        for (i, c) in text.chars().enumerate() {
            let column = start + i;
            let tile = honour_tile(set, c, column, || c.to_string())?;
            out.push(Placed {
                tile,
                column,
                digit: None,
                letter: c,
                red: false,
            });
        }
    }
    Ok(())
}

pub(super) fn suit_word(letter: char) -> &'static str {
    match letter {
        'm' => "characters",
        'p' => "dots",
        _ => "bamboo",
    }
}

/// The message-building functions below take the tile's text as a closure: it is only
/// formatted when the tile is wrong.
///
/// The tile is found inline; what is wrong with a tile that is not is worked out apart
/// ([`suited_error`]), so that the check of every tile of every line stays a few instructions.
#[inline]
pub(super) fn suited_tile(
    set: &TileSet,
    letter: char,
    digit: u8,
    column: usize,
    found: impl FnOnce() -> String,
) -> Result<Tile, NotationError> {
    let rank = if digit == 0 { 10 } else { digit };
    match set.suited(letter, rank) {
        Some(t) if set.copies(t) > 0 => Ok(t),
        _ => Err(suited_error(set, letter, digit, column, &found())),
    }
}

#[cold]
#[inline(never)]
fn suited_error(set: &TileSet, letter: char, digit: u8, column: usize, found: &str) -> NotationError {
    let rank = if digit == 0 { 10 } else { digit };
    if let Some(t) = set.suited(letter, rank) {
        let held: Vec<String> = set
            .tiles()
            .filter(|&x| {
                set.copies(x) > 0 && set.suit_rank(x).map(|(s, _)| s) == set.suit_rank(t).map(|(s, _)| s)
            })
            .map(|x| set.notation(x))
            .collect();
        return error(
            column,
            found,
            format!("{found} is not in play in ruleset {}", set.name),
            format!("its {} are {}", suit_word(letter), held.join(" ")),
        );
    }
    if set.suit_by_letter(letter).is_none() {
        let letters: Vec<String> = set.suits().iter().map(|s| s.letter.to_string()).collect();
        let expected = if letters.is_empty() {
            "this ruleset has no suited tiles".to_string()
        } else {
            format!("its suits are {}", letters.join(", "))
        };
        return error(
            column,
            found,
            format!(
                "ruleset {} has no {} suit '{letter}'",
                set.name,
                suit_word(letter)
            ),
            expected,
        );
    }
    if digit == 0 && set.has_red() {
        let reds: Vec<String> = set
            .suits()
            .iter()
            .filter(|s| set.red_tile(s.letter).is_some())
            .map(|s| format!("0{}", s.letter))
            .collect();
        return error(
            column,
            found,
            format!("ruleset {} has no red {} tile", set.name, suit_word(letter)),
            format!("`0` is a red five here; red fives are {}", reds.join(" ")),
        );
    }
    let rank_word = if rank == 10 {
        "rank ten".to_string()
    } else {
        format!("rank {rank}")
    };
    let suits = set.suits();
    let same = suits
        .windows(2)
        .all(|w| (w[0].min_rank, w[0].max_rank) == (w[1].min_rank, w[1].max_rank));
    let expected = match suits.iter().find(|s| s.letter == letter) {
        Some(s) if same && suits.len() > 1 => {
            format!("suits run {}–{}", s.min_rank, s.max_rank)
        }
        Some(s) => format!("suit {letter} runs {}–{}", s.min_rank, s.max_rank),
        None => String::new(),
    };
    error(
        column,
        found,
        format!("{rank_word} does not exist in ruleset {}", set.name),
        expected,
    )
}

/// Found inline, as [`suited_tile`]; the error apart.
#[inline]
pub(super) fn honour_tile(
    set: &TileSet,
    letter: char,
    column: usize,
    found: impl FnOnce() -> String,
) -> Result<Tile, NotationError> {
    match set.honour(letter) {
        Some(t) => Ok(t),
        None => Err(honour_error(set, letter, column, &found())),
    }
}

#[cold]
#[inline(never)]
fn honour_error(set: &TileSet, letter: char, column: usize, found: &str) -> NotationError {
    let mut have = Vec::new();
    let (mut winds, mut dragons) = (false, false);
    for t in set.tiles() {
        if let Kind::Honour { letter, group } = set.kind(t) {
            have.push(letter.to_string());
            winds |= group == HonourGroup::Wind;
            dragons |= group == HonourGroup::Dragon;
        }
    }
    let is_wind = HONOUR_LETTERS[..4].contains(&letter);
    let list = have.join(" ");
    let expected = if have.is_empty() {
        "this ruleset has no honours".to_string()
    } else if is_wind && !winds {
        format!("this ruleset has no winds: honours are {list}")
    } else if !is_wind && !dragons {
        format!("this ruleset has no dragons: honours are {list}")
    } else {
        format!("honours are {list}")
    };
    error(
        column,
        found,
        format!("ruleset {} has no {} '{letter}'", set.name, honour_name(letter)),
        expected,
    )
}

pub(super) fn honour_by_number(
    set: &TileSet,
    n: u8,
    column: usize,
    found: impl FnOnce() -> String,
) -> Result<Tile, NotationError> {
    match set.honour_number(n) {
        Some(letter) => honour_tile(set, letter, column, found),
        None => {
            let order: Vec<String> = set.honour_numbering().iter().map(|c| c.to_string()).collect();
            Err(error(
                column,
                found(),
                format!("there is no honour {n}z"),
                format!("honours by number are 1z–{}z = {}", order.len(), order.join(" ")),
            ))
        }
    }
}

pub(super) fn bonus_tile(
    set: &TileSet,
    n: u8,
    column: usize,
    found: impl FnOnce() -> String,
) -> Result<Tile, NotationError> {
    if !(1..=8).contains(&n) {
        return Err(error(
            column,
            found(),
            format!("there is no bonus tile {n}f"),
            "bonus tiles are numbered 1f–8f",
        ));
    }
    if let Some(t) = set.bonus(n) {
        return Ok(t);
    }
    let found = found();
    let have: Vec<Tile> = set.tiles().filter(|&t| set.is_bonus(t)).collect();
    let expected = if have.is_empty() {
        "this ruleset has no bonus tiles".to_string()
    } else {
        format!("its bonus tiles are {}", print_tiles(set, &have))
    };
    Err(error(
        column,
        found,
        format!("ruleset {} has no bonus tile {n}f", set.name),
        expected,
    ))
}

/// Every tile kind has a fixed number of copies; a hand holding more is a typo, and catching it
/// here keeps later stages (which index by counts) from reasoning about impossible hands.
/// With `plain_limit` (a hand's tiles, not a bare list of kinds), also: no more plain copies of a
/// tile with red copies than it has plain ones.
pub(super) fn check_copies(set: &TileSet, placed: &[Placed], plain_limit: bool) -> Result<(), NotationError> {
    // 16 bits are plenty: a count is checked as it grows, and the check returns as soon as it
    // passes the tile's copies (at most 255). Three small arrays are quicker to clear for every
    // line than three of words.
    let mut counts = [0u16; MAX_KINDS];
    let counts = &mut counts[..set.kind_count().min(MAX_KINDS)];
    let mut reds = [0u16; MAX_KINDS];
    let mut plain = [0u16; MAX_KINDS];
    for p in placed {
        if plain_limit && !p.red && set.red_copies(p.tile) > 0 {
            if let Some(n) = plain.get_mut(p.tile.id()) {
                *n += 1;
                let (all, red) = (set.copies(p.tile) as usize, set.red_copies(p.tile) as usize);
                if usize::from(*n) > all - red {
                    let name = set.notation(p.tile);
                    let red_name = name.replacen(|c: char| c.is_ascii_digit(), "0", 1);
                    return Err(error(
                        p.column,
                        p.text(),
                        format!(
                            "too many plain {name}: ruleset {} has {} plain {name} and {red} red (written {red_name})",
                            set.name,
                            all - red
                        ),
                        format!("write the red copy as {red_name}"),
                    ));
                }
            }
        }
        if p.red {
            if let Some(r) = reds.get_mut(p.tile.id()) {
                *r += 1;
                let copies = set.red_copies(p.tile) as usize;
                if usize::from(*r) > copies {
                    let name = set.notation(p.tile);
                    return Err(error(
                        p.column,
                        p.text(),
                        format!(
                            "too many red {name}: ruleset {} has {copies} red {}",
                            set.name,
                            if copies == 1 { "copy" } else { "copies" }
                        ),
                        format!("at most {copies} × {} across melds and concealed tiles", p.text()),
                    ));
                }
            }
        }
        let Some(c) = counts.get_mut(p.tile.id()) else {
            continue;
        };
        *c += 1;
        let copies = set.copies(p.tile) as usize;
        if usize::from(*c) > copies {
            let name = set.notation(p.tile);
            return Err(error(
                p.column,
                p.text(),
                format!(
                    "too many {name}: ruleset {} has {copies} {} of {name}",
                    set.name,
                    if copies == 1 { "copy" } else { "copies" }
                ),
                format!("at most {copies} × {name} across melds and concealed tiles"),
            ));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Melds

/// The meld written as `written` (its `[` at `open_column`), from its decoded tiles.
pub(super) fn decode_meld(
    set: &TileSet,
    written: &str,
    open_column: usize,
    tiles: &[Placed],
    source: Option<(&str, usize)>,
) -> Result<Meld, NotationError> {
    if let Some(b) = tiles.iter().find(|p| set.is_bonus(p.tile)) {
        return Err(error(
            b.column,
            b.text(),
            "bonus tiles cannot be part of a meld",
            "suited or honour tiles; write bonus tiles after the melds or as a word like 15f",
        ));
    }
    // The grammar's `group+` guarantees at least one tile.
    let Some(first) = tiles.first() else {
        return Err(error(open_column, written, "a meld without tiles", "[555p]"));
    };
    let differing = tiles.iter().find(|p| p.tile != first.tile);
    let meld = match (tiles.len(), differing) {
        (3, None) => pung(first.tile, source)?,
        (3, Some(other)) => chow(set, tiles, other, source)?,
        (4, None) => kong(first.tile, source)?,
        (4, Some(other)) => {
            return Err(error(
                other.column,
                other.text(),
                "a kong is four equal tiles",
                format!("{} here", set.notation(first.tile)),
            ))
        }
        (n, _) => {
            return Err(error(
                open_column,
                written,
                format!(
                    "a meld of {n} tile{} does not exist",
                    if n == 1 { "" } else { "s" }
                ),
                "3 tiles for a chow or pung, 4 for a kong",
            ))
        }
    };
    Ok(meld)
}

/// The digit after the comma. Multi-digit text is rejected here (not in the grammar) so the
/// error can say what the digit means for this meld type.
pub(super) fn source_digit(source: Option<(&str, usize)>) -> Option<(u8, &str, usize)> {
    let (text, column) = source?;
    let d = match text.as_bytes() {
        [d] => d.wrapping_sub(b'0'),
        _ => u8::MAX,
    };
    Some((d, text, column))
}

pub(super) fn pung(tile: Tile, source: Option<(&str, usize)>) -> Result<Meld, NotationError> {
    let from = match source_digit(source) {
        None => Source::Left,
        Some((d, text, column)) => Source::from_digit(d).ok_or_else(|| {
            error(
                column,
                text,
                "a pung's number says which seat its tile was claimed from",
                "1 = left, 2 = opposite, 3 = right",
            )
        })?,
    };
    Ok(Meld::Pung { tile, from })
}

pub(super) fn kong(tile: Tile, source: Option<(&str, usize)>) -> Result<Meld, NotationError> {
    let Some((d, text, column)) = source_digit(source) else {
        return Ok(Meld::ConcealedKong { tile });
    };
    if let Some(from) = Source::from_digit(d) {
        return Ok(Meld::ExposedKong { tile, from });
    }
    if let Some(from) = d.checked_sub(4).and_then(Source::from_digit) {
        return Ok(Meld::AddedKong { tile, from });
    }
    Err(error(
        column,
        text,
        "a kong's number says where it came from",
        "1–3 for a kong on a discard, 5–7 for a kong added to a claimed pung, none if concealed",
    ))
}

pub(super) fn chow(
    set: &TileSet,
    tiles: &[Placed],
    differing: &Placed,
    source: Option<(&str, usize)>,
) -> Result<Meld, NotationError> {
    let first = &tiles[0];
    if set.is_honour(first.tile) {
        return Err(error(
            differing.column,
            differing.text(),
            "honours cannot form a chow; a pung is three equal tiles",
            format!("{} here", set.notation(first.tile)),
        ));
    }
    for (i, p) in tiles.iter().enumerate().skip(1) {
        let want = set.step(first.tile, i as u8);
        if want == Some(p.tile) {
            continue;
        }
        let expected = match want {
            Some(w) => format!("{} here", set.notation(w)),
            None => format!(
                "{} cannot start a chow: sequences never wrap past the top rank",
                set.notation(first.tile)
            ),
        };
        return Err(error(
            p.column,
            p.text(),
            "not a chow: a chow is three consecutive ranks of one suit, in rank order",
            expected,
        ));
    }
    let claimed = match source_digit(source) {
        None => 1,
        Some((d @ 1..=3, _, _)) => d,
        Some((_, text, column)) => {
            return Err(error(
                column,
                text,
                "a chow's number says which of its three tiles was claimed",
                "1, 2 or 3",
            ))
        }
    };
    Ok(Meld::Chow {
        first: first.tile,
        claimed,
    })
}

/// Appends the tiles of a bare run to `placed` (fast path first, as for [`parse_hand`]).
pub(super) fn parse_run(set: &TileSet, input: &str, placed: &mut Vec<Placed>) -> Result<(), NotationError> {
    let from = placed.len();
    let mut tokens = shape::Tokens::new();
    if shape::lex_run(input, &mut tokens).is_some() && build_run(set, input, &tokens, placed).is_ok() {
        return Ok(());
    }
    placed.truncate(from);
    parse_run_pest(set, input, placed)
}

pub(super) fn parse_run_pest(
    set: &TileSet,
    input: &str,
    placed: &mut Vec<Placed>,
) -> Result<(), NotationError> {
    let mut pairs =
        NotationParser::parse(Rule::tile_run, input).map_err(|e| convert_pest_error(input, &e))?;
    let mut tokens = shape::Tokens::new();
    if let Some(top) = pairs.next() {
        shape::from_pest_run(top, &mut tokens);
    }
    build_run(set, input, &tokens, placed)
}

pub(super) fn build_run(
    set: &TileSet,
    input: &str,
    tokens: &[Token],
    placed: &mut Vec<Placed>,
) -> Result<(), NotationError> {
    let cols = Columns::new(input);
    let from = placed.len();
    for &tok in tokens {
        if let Token::Group { start, end } = tok {
            decode_group(set, &input[start..end], cols.at(start), placed)?;
        }
    }
    check_copies(set, &placed[from..], false)
}
