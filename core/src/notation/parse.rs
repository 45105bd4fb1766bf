//! Parsing a whole line: the fast scanner ([`super::shape`]) or pest finds its shape, and one walk
//! over the shape builds the [`Hand`], so both paths give the same hand and the same errors.

use pest::Parser;

use super::errors::{column_at, convert_pest_error, error, Columns, NotationError, TILES_EXPECTED};
use super::grammar::{NotationParser, Rule};
use super::shape::{self, Token};
use super::tiles::{check_copies, decode_group, decode_meld, parse_run, Placed};
use super::words::{apply_word, WordsState, BUILTIN_FLAGS, BUILTIN_VALUES};
use super::{ContextWordSpec, WordValue};
use crate::hand::Hand;
use crate::tile::{Tile, TileSet};

/// Longest line [`parse_hand`] accepts, in bytes.
pub const MAX_HAND_LEN: usize = 4096;

/// Parses a full line: melds, concealed tiles, then context words.
///
/// `words` are the ruleset's own context words; they are stored in `Context::extra` sorted by
/// word, so that two spellings of the same hand compare equal.
///
/// Plain lines take a fast path: a hand-written scanner finds the line's shape, and only if it
/// is unsure, or the line turns out to be wrong, does pest read the line, so that every error
/// comes from one place. Both paths give the same result for every line ([`parse_hand_pest`] is
/// the pest-only reading, for tests that prove it).
pub fn parse_hand(set: &TileSet, words: &[ContextWordSpec], input: &str) -> Result<Hand, NotationError> {
    match parse_hand_fast(set, words, input) {
        Some(hand) => Ok(hand),
        None => parse_hand_pest(set, words, input),
    }
}

/// The fast path of [`parse_hand`] alone: the hand when the scanner finds the line's shape and
/// the line is correct, `None` for anything else (pest then decides). For tests and fuzzing.
#[doc(hidden)]
pub fn parse_hand_fast(set: &TileSet, words: &[ContextWordSpec], input: &str) -> Option<Hand> {
    if input.len() > MAX_HAND_LEN || is_words_only(words, input) {
        return None;
    }
    let mut tokens = shape::Tokens::new();
    let tiles_start = shape::lex_hand(input, &mut tokens)?;
    build_hand(set, words, input, tiles_start, &tokens).ok()
}

/// [`parse_hand`] with the line's shape always found by pest: the reference the fast path is
/// tested against. Not for general use: it is slower and gives the same answers.
#[doc(hidden)]
pub fn parse_hand_pest(set: &TileSet, words: &[ContextWordSpec], input: &str) -> Result<Hand, NotationError> {
    // No hand comes near this; refusing longer input bounds the parser's time and memory for any
    // caller (CLI, batch files, a web API).
    if input.len() > MAX_HAND_LEN {
        let found: String = input.chars().take(20).collect();
        return Err(error(
            1,
            &found,
            format!("the line is longer than {MAX_HAND_LEN} bytes"),
            "one hand in notation, e.g. 123m456p789s11sEEE",
        ));
    }
    if is_words_only(words, input) {
        return parse_words_only(set, words, input);
    }
    let mut pairs = NotationParser::parse(Rule::hand, input).map_err(|e| convert_pest_error(input, &e))?;
    let top = pairs
        .next()
        .ok_or_else(|| error(1, "", "the hand is empty", TILES_EXPECTED))?;
    let mut tokens = shape::Tokens::new();
    let tiles_start = shape::from_pest_hand(top, &mut tokens);
    build_hand(set, words, input, tiles_start, &tokens)
}

/// Checks a line's shape against the tile set and the context words and builds the hand.
pub(super) fn build_hand(
    set: &TileSet,
    words: &[ContextWordSpec],
    input: &str,
    tiles_start: usize,
    tokens: &[Token],
) -> Result<Hand, NotationError> {
    let cols = Columns::new(input);
    let mut hand = Hand::default();
    hand.concealed.reserve(14);
    let mut placed: Vec<Placed> = Vec::with_capacity(18);
    // The open meld: its span and where its tiles start in `placed`, and its source.
    let mut meld: Option<(usize, usize, usize)> = None;
    let mut source: Option<(&str, usize)> = None;
    // The grammar lets tile groups stand apart, so a meld can follow concealed tiles there.
    let mut concealed_seen = false;
    let mut first_word = tokens.len();
    for (k, &tok) in tokens.iter().enumerate() {
        match tok {
            Token::Meld { start, end } => {
                if concealed_seen {
                    return Err(error(
                        cols.at(start),
                        &input[start..end],
                        "melds go before the concealed tiles",
                        "e.g. [555p] 123m",
                    ));
                }
                meld = Some((start, end, placed.len()));
                source = None;
            }
            Token::Group { start, end } => {
                let from = placed.len();
                decode_group(set, &input[start..end], cols.at(start), &mut placed)?;
                if meld.is_none() {
                    concealed_seen = true;
                    for p in &placed[from..] {
                        if set.is_bonus(p.tile) {
                            hand.bonus.push(p.tile);
                        } else {
                            if p.red {
                                hand.red.concealed.push(p.tile);
                            }
                            hand.concealed.push(p.tile);
                        }
                    }
                }
            }
            Token::Source { start, end } => source = Some((&input[start..end], cols.at(start))),
            Token::MeldEnd => {
                if let Some((start, end, from)) = meld.take() {
                    let written = &input[start..end];
                    let red = placed[from..].iter().filter(|p| p.red).count() as u8;
                    if red > 0 {
                        hand.red.melds.resize(hand.melds.len(), 0);
                        hand.red.melds.push(red);
                    }
                    hand.melds.push(decode_meld(
                        set,
                        written,
                        cols.at(start),
                        &placed[from..],
                        source,
                    )?);
                }
            }
            Token::Word { .. } => {
                first_word = k;
                break;
            }
        }
    }
    // Where bonus tiles belong to seats, a line of them alone may be an instant win (八仙過海);
    // the ruleset decides whether it scores.
    if hand.melds.is_empty() && hand.concealed.is_empty() && (hand.bonus.is_empty() || !set.bonus_seats()) {
        let found = placed.first().map(Placed::text).unwrap_or_default();
        return Err(error(
            cols.at(tiles_start),
            found,
            "the hand has only bonus tiles",
            "playing tiles such as 123m or E",
        ));
    }

    let mut words_state = WordsState::default();
    for tok in &tokens[first_word..] {
        if let Token::Word { start, end } = *tok {
            let text = &input[start..end];
            apply_word(
                set,
                words,
                &mut hand,
                &mut words_state,
                text,
                cols.at(start),
                &mut placed,
            )?;
        }
    }
    if let Some(column) = words_state.flowers_column {
        let total = hand.context.flowers as usize + hand.bonus.len();
        if total > 8 {
            return Err(error(
                column,
                format!("flowers={}", hand.context.flowers),
                format!(
                    "flowers={} and {} bonus tiles written make {total}, more than the 8 that exist",
                    hand.context.flowers,
                    hand.bonus.len()
                ),
                format!("flowers={} at most", 8 - hand.bonus.len().min(8)),
            ));
        }
    }
    check_copies(set, &placed, true)?;
    // The winning tile is the last concealed tile written (concealed tiles follow the melds, so
    // it is the last playing tile placed): when it was written red, the red copy is what won.
    let last_red = placed
        .iter()
        .rev()
        .find(|p| !set.is_bonus(p.tile))
        .is_some_and(|p| p.red);
    if last_red && !hand.concealed.is_empty() {
        hand.red.winning = true;
        if let Some(i) = hand
            .red
            .concealed
            .iter()
            .rposition(|t| Some(t) == hand.concealed.last())
        {
            hand.red.concealed.remove(i);
        }
    }
    hand.red.concealed.sort();
    hand.bonus.sort();
    hand.context.extra.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(hand)
}

/// A line of words only, one of them a word the ruleset allows alone (see
/// [`WordValue::Alone`]): it has no tiles, and only the pest path reads it.
pub(super) fn is_words_only(words: &[ContextWordSpec], input: &str) -> bool {
    if !words.iter().any(|w| w.value == WordValue::Alone) {
        return false;
    }
    let known = |t: &str| {
        let k = t.split('=').next().unwrap_or("");
        BUILTIN_FLAGS.contains(&k) || BUILTIN_VALUES.contains(&k) || words.iter().any(|w| w.word == k)
    };
    // The first token, found byte by byte (both blanks are ASCII): a tile line's first token is
    // long, and a search for either of two characters looked at each of its bytes slowly.
    let b = input.as_bytes();
    let start = b.iter().position(|&c| c != b' ' && c != b'\t');
    let first = start.map(|s| {
        let end = b[s..]
            .iter()
            .position(|&c| c == b' ' || c == b'\t')
            .map_or(b.len(), |e| s + e);
        &input[s..end]
    });
    first.is_some_and(known)
        && input
            .split([' ', '\t'])
            .any(|t| words.iter().any(|w| w.word == t && w.value == WordValue::Alone))
}

/// A line of context words only (see [`WordValue::Alone`]): the hand has no tiles.
pub(super) fn parse_words_only(
    set: &TileSet,
    words: &[ContextWordSpec],
    input: &str,
) -> Result<Hand, NotationError> {
    let mut hand = Hand::default();
    let mut state = WordsState::default();
    let mut placed = Vec::new();
    let mut at = 0;
    for token in input.split([' ', '\t']) {
        if !token.is_empty() {
            let column = column_at(input, at);
            apply_word(set, words, &mut hand, &mut state, token, column, &mut placed)?;
        }
        at += token.len() + 1;
    }
    if !placed.is_empty() {
        let p = &placed[0];
        return Err(error(
            p.column,
            p.text(),
            "a line without tiles holds only context words",
            "tiles go first, before the words",
        ));
    }
    hand.context.extra.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(hand)
}

/// Parses a bare run of tiles such as `123m4pEE` (no melds, no words), e.g. for wait lists.
/// Bonus tiles are returned like any other; an empty run is an empty list.
pub fn parse_tiles(set: &TileSet, input: &str) -> Result<Vec<Tile>, NotationError> {
    let mut placed = Vec::new();
    parse_run(set, input, &mut placed)?;
    Ok(placed.into_iter().map(|p| p.tile).collect())
}

#[cfg(test)]
mod tests {
    use super::{is_words_only, ContextWordSpec, WordValue, BUILTIN_FLAGS, BUILTIN_VALUES};

    /// The definition [`is_words_only`] implements faster: the first blank-separated token is a
    /// known word (before any `=`), and some token is a word allowed alone.
    fn by_splitting(words: &[ContextWordSpec], input: &str) -> bool {
        let known = |t: &str| {
            let k = t.split('=').next().unwrap_or("");
            BUILTIN_FLAGS.contains(&k) || BUILTIN_VALUES.contains(&k) || words.iter().any(|w| w.word == k)
        };
        words.iter().any(|w| w.value == WordValue::Alone)
            && input
                .split([' ', '\t'])
                .find(|t| !t.is_empty())
                .is_some_and(known)
            && input
                .split([' ', '\t'])
                .any(|t| words.iter().any(|w| w.word == t && w.value == WordValue::Alone))
    }

    #[test]
    fn words_only_lines_are_found_as_the_definition_says() {
        let word = |w: &str, value| ContextWordSpec {
            word: w.into(),
            takes_value: value != WordValue::Alone,
            value,
            help: String::new(),
        };
        let words = [
            word("nagashi", WordValue::Alone),
            word("honba", WordValue::Number),
        ];
        let pieces = [
            "nagashi", "honba=2", "seat=S", "self", "123m", "E", " ", "\t", "  ", "=", "中", "x",
        ];
        let mut checked = 0;
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let line = format!("{a}{b}{c}");
                    assert_eq!(
                        is_words_only(&words, &line),
                        by_splitting(&words, &line),
                        "{line:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(is_words_only(&words, " \tnagashi seat=S") && !is_words_only(&words, "123m nagashi"));
        assert!(!is_words_only(&words[1..], "nagashi"), "no word is allowed alone");
        assert_eq!(checked, pieces.len().pow(3));
    }
}
