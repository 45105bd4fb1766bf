//! Context words after the tiles: the notation's own (`self`, `seat=E`, `flowers=2`, ...) and the
//! ruleset's, each checked against what the word accepts.

use super::errors::{error, NotationError};
use super::tiles::{parse_run, Placed};
use super::{ContextWordSpec, WordValue};
use crate::hand::Hand;
use crate::tile::{TileSet, Wind, HONOUR_LETTERS};

#[derive(Default)]
pub(super) struct WordsState<'a> {
    /// Key and column of every word applied so far, to reject repeats (on the stack: a line
    /// has a few words, and a heap list was an allocation per parsed line).
    pub(super) seen: smallvec::SmallVec<[(&'a str, usize); 8]>,
    pub(super) flowers_column: Option<usize>,
}

/// The notation's own words: flags, then words with a value. A ruleset may not declare them
/// (its load refuses them by [`is_builtin_word`]).
pub const BUILTIN_FLAGS: [&str; 4] = ["self", "last", "kong", "fourth"];
pub const BUILTIN_VALUES: [&str; 3] = ["seat", "round", "flowers"];
pub(super) const BONUS_KEY: &str = "bonus tiles";

/// The notation's own words ([`BUILTIN_FLAGS`], then [`BUILTIN_VALUES`]), told apart by one
/// `match` per word: a ruleset cannot declare these names (its load refuses them), so a word that
/// is one of them needs no search of the ruleset's words.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Builtin {
    SelfDrawn,
    Last,
    Kong,
    Fourth,
    Seat,
    Round,
    Flowers,
}

impl Builtin {
    fn of(key: &str) -> Option<Builtin> {
        Some(match key {
            "self" => Builtin::SelfDrawn,
            "last" => Builtin::Last,
            "kong" => Builtin::Kong,
            "fourth" => Builtin::Fourth,
            "seat" => Builtin::Seat,
            "round" => Builtin::Round,
            "flowers" => Builtin::Flowers,
            _ => return None,
        })
    }

    fn takes_value(self) -> bool {
        matches!(self, Builtin::Seat | Builtin::Round | Builtin::Flowers)
    }
}

/// Whether `word` is one of the notation's own words ([`BUILTIN_FLAGS`], [`BUILTIN_VALUES`]).
pub fn is_builtin_word(word: &str) -> bool {
    Builtin::of(word).is_some()
}

pub(super) fn accepted_words(set: &TileSet, specs: &[ContextWordSpec]) -> String {
    let mut list: Vec<String> = BUILTIN_FLAGS.iter().map(|w| w.to_string()).collect();
    list.extend(["seat=X".into(), "round=X".into()]);
    // A count of bonus tiles is refused where there are none, and where each scores by its seat.
    if set.tiles().any(|t| set.is_bonus(t)) {
        if !set.bonus_seats() {
            list.push("flowers=N".into());
        }
        list.push("bonus tiles such as 15f".into());
    }
    for s in specs {
        if s.takes_value {
            list.push(format!("{}=value", s.word));
        } else {
            list.push(s.word.clone());
        }
    }
    format!("one of: {}", list.join(", "))
}

/// Checks the value of a ruleset word against its declared kind, so that a typo in `honba=x` or
/// `dora=3q` is an error at its column rather than a silent default.
///
/// A tile-valued word's tiles are read onto the end of `placed` and taken off again: they are
/// indicators, not tiles of the hand, and the line's list of tiles saves an allocation per word.
pub(super) fn check_word_value(
    set: &TileSet,
    kind: WordValue,
    key: &str,
    value: &str,
    column: usize,
    placed: &mut Vec<Placed>,
) -> Result<(), NotationError> {
    match kind {
        WordValue::Text | WordValue::Alone => Ok(()),
        WordValue::Wind => match value.as_bytes() {
            [b'E' | b'S' | b'W' | b'N'] => Ok(()),
            _ => Err(error(
                column,
                value,
                format!("'{key}' takes a seat wind"),
                format!("{key}=X with X one of E S W N"),
            )),
        },
        WordValue::Number => {
            let ok = value.bytes().all(|b| b.is_ascii_digit())
                && value.parse::<u32>().is_ok_and(|n| n <= 1_000_000);
            if ok {
                Ok(())
            } else {
                Err(error(
                    column,
                    value,
                    format!("'{key}' takes a whole number"),
                    format!("{key}=N with N from 0 to 1000000"),
                ))
            }
        }
        WordValue::Tiles => {
            let from = placed.len();
            let checked = tiles_value(set, key, value, column, placed, from);
            placed.truncate(from);
            checked
        }
    }
}

/// The check of a tile-valued word whose tiles [`check_word_value`] read from `from` on.
fn tiles_value(
    set: &TileSet,
    key: &str,
    value: &str,
    column: usize,
    placed: &mut Vec<Placed>,
    from: usize,
) -> Result<(), NotationError> {
    parse_run(set, value, placed).map_err(|mut e| {
        e.column += column - 1;
        e
    })?;
    let tiles = &placed[from..];
    if tiles.is_empty() {
        return Err(error(
            column,
            value,
            format!("'{key}' lists tiles"),
            format!("{key}=TILES, e.g. {key}=3m"),
        ));
    }
    match tiles.iter().find(|p| set.is_bonus(p.tile)) {
        Some(p) => Err(error(
            p.column + column - 1,
            p.text(),
            format!("'{key}' lists playing tiles, not bonus tiles"),
            format!("{key}=TILES, e.g. {key}=3m"),
        )),
        None => Ok(()),
    }
}

/// Applies one word after the tiles to `hand`: a notation word, a ruleset word (its value checked
/// against its kind), or bonus tiles written as a word. Errors point at the word or its value.
pub(super) fn apply_word<'a>(
    set: &TileSet,
    specs: &[ContextWordSpec],
    hand: &mut Hand,
    state: &mut WordsState<'a>,
    text: &'a str,
    column: usize,
    placed: &mut Vec<Placed>,
) -> Result<(), NotationError> {
    // A word is a few bytes: a plain loop finds `=` sooner than the general search.
    let (key, value) = match text.bytes().position(|b| b == b'=') {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let value_column = column + key.chars().count() + 1;
    let builtin = Builtin::of(key);
    let is_builtin = builtin.is_some();
    let spec = match builtin {
        Some(_) => None,
        None => specs.iter().find(|s| s.word == key),
    };
    // Only words made of tile characters are read as tiles, so a misspelt word such as `Self`
    // is reported as an unknown word rather than as a malformed tile.
    let tileish = || {
        text.chars()
            .all(|c| c.is_ascii_digit() || "mpszf".contains(c) || HONOUR_LETTERS.contains(&c))
    };

    if !is_builtin && spec.is_none() {
        if let Some(e) = unknown_word(set, specs, text, key, column, tileish()) {
            return Err(e);
        }
    }
    let dedupe_key = if is_builtin || spec.is_some() {
        key
    } else {
        BONUS_KEY
    };
    if let Some((_, first)) = state.seen.iter().find(|(k, _)| *k == dedupe_key) {
        let what = if dedupe_key == BONUS_KEY {
            "bonus tiles are written as a word twice".to_string()
        } else {
            format!("'{dedupe_key}' is given twice")
        };
        return Err(error(
            column,
            text,
            what,
            format!("each context word once; the first is at column {first}"),
        ));
    }
    state.seen.push((dedupe_key, column));

    let takes_value = builtin.is_some_and(Builtin::takes_value) || spec.is_some_and(|s| s.takes_value);
    if is_builtin || spec.is_some() {
        check_value_given(key, takes_value, value, text, column)?;
    }
    let value = value.unwrap_or("");
    let ctx = &mut hand.context;
    match builtin {
        Some(Builtin::SelfDrawn) => ctx.self_drawn = true,
        Some(Builtin::Last) => ctx.last_tile = true,
        Some(Builtin::Kong) => ctx.kong = true,
        Some(Builtin::Fourth) => ctx.fourth = true,
        Some(b @ (Builtin::Seat | Builtin::Round)) => {
            let mut chars = value.chars();
            let wind = match (chars.next(), chars.next()) {
                (Some(c), None) => Wind::from_letter(c),
                _ => None,
            };
            let Some(wind) = wind else {
                return Err(error(
                    value_column,
                    value,
                    format!("the {key} wind must be a wind letter"),
                    "one of E S W N",
                ));
            };
            if b == Builtin::Seat {
                ctx.seat = wind;
            } else {
                ctx.round = wind;
            }
        }
        Some(Builtin::Flowers) if set.bonus_seats() => {
            return Err(error(
                column,
                text,
                "flowers=N does not say whose flowers they are, and in this ruleset each bonus tile scores by its seat",
                "write the bonus tiles themselves after the tiles, e.g. 15f",
            ));
        }
        Some(Builtin::Flowers) => {
            let n = value
                .parse::<u8>()
                .ok()
                .filter(|n| *n <= 8 && value.bytes().all(|b| b.is_ascii_digit()));
            let Some(n) = n else {
                return Err(error(
                    value_column,
                    value,
                    "not a number of bonus tiles",
                    "a count from 0 to 8",
                ));
            };
            ctx.flowers = n;
            state.flowers_column = Some(column);
        }
        None if spec.is_some() => {
            let kind = spec.map_or(WordValue::Text, |s| s.value);
            check_word_value(set, kind, key, value, value_column, placed)?;
            let v = spec.is_some_and(|s| s.takes_value).then(|| value.into());
            ctx.extra.push((key.into(), v));
        }
        None => {
            let from = placed.len();
            parse_run(set, text, placed).map_err(|mut e| {
                e.column += column - 1;
                e
            })?;
            for p in &mut placed[from..] {
                p.column += column - 1;
                if !set.is_bonus(p.tile) {
                    return Err(error(
                        p.column,
                        p.text(),
                        "only bonus tiles may be written among the context words",
                        "playing tiles before the first space",
                    ));
                }
                hand.bonus.push(p.tile);
            }
        }
    }
    Ok(())
}

/// The error for a word that is neither the notation's nor the ruleset's, unless it is made of tile
/// characters (then it is read as bonus tiles): a meld written too late, or an unknown word with
/// the word it most likely meant.
fn unknown_word(
    set: &TileSet,
    specs: &[ContextWordSpec],
    text: &str,
    key: &str,
    column: usize,
    tileish: bool,
) -> Option<NotationError> {
    if text.starts_with('[') {
        return Some(error(
            column,
            text,
            "melds go before the concealed tiles, with no space",
            "e.g. [555p]123m",
        ));
    }
    if !tileish {
        // Words are lowercase: `SELF` or `Seat=S` is almost surely the word in another case.
        let lower = key.to_lowercase();
        let known = BUILTIN_FLAGS.iter().chain(&BUILTIN_VALUES).copied();
        let hint = known
            .chain(specs.iter().map(|s| s.word.as_str()))
            .find(|w| w.to_lowercase() == lower)
            .map(|w| format!("; did you mean `{w}`? (context words are written in lowercase)"))
            .unwrap_or_default();
        return Some(error(
            column,
            text,
            format!("not a context word of ruleset {}{hint}", set.name),
            accepted_words(set, specs),
        ));
    }
    None
}

/// A known word has a value exactly when it takes one.
fn check_value_given(
    key: &str,
    takes_value: bool,
    value: Option<&str>,
    text: &str,
    column: usize,
) -> Result<(), NotationError> {
    match (takes_value, value) {
        (true, None) | (true, Some("")) => {
            let placeholder = match key {
                "seat" | "round" => "X with X one of E S W N",
                "flowers" => "N with N from 0 to 8",
                _ => "value",
            };
            return Err(error(
                column,
                text,
                format!("'{key}' needs a value"),
                format!("{key}={placeholder}"),
            ));
        }
        (false, Some(_)) => {
            return Err(error(
                column,
                text,
                format!("'{key}' takes no value"),
                key.to_string(),
            ))
        }
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `match` of the notation's words and the lists its messages print name the same words,
    /// the lists' words with a value exactly those that take one.
    #[test]
    fn the_builtin_match_and_lists_agree() {
        for w in BUILTIN_FLAGS {
            assert!(Builtin::of(w).is_some_and(|b| !b.takes_value()), "{w}");
        }
        for w in BUILTIN_VALUES {
            assert!(Builtin::of(w).is_some_and(Builtin::takes_value), "{w}");
        }
        assert!(!is_builtin_word("riichi") && !is_builtin_word("Self"));
    }
}
