//! The one-line hand notation shared by every command that reads hands (contract:
//! `notation.md`): parsing against a ruleset's tile set, and a canonical printed form.
//!
//! Parsing runs in two stages. The pest grammar (`notation.pest`) only fixes the shape of the
//! line; everything that depends on the ruleset (does the tile exist, is `[124m]` a chow, is
//! `ready` a word of this ruleset) is checked here on the parse tree, because only here can an
//! error name the ruleset and say what it would accept. Every error, pest's included, comes out as
//! a [`NotationError`] pointing at a column, so users never see raw parser output.

use std::fmt;

use pest::error::{ErrorVariant, InputLocation};
use pest::Parser;

use crate::hand::Hand;
use crate::meld::{From as Source, Meld};
use crate::tile::{HonourGroup, Kind, Tile, TileSet, Wind, HONOUR_LETTERS, MAX_KINDS};

mod grammar {
    #[derive(pest_derive::Parser)]
    #[grammar = "notation.pest"]
    pub(super) struct NotationParser;
}

use grammar::{NotationParser, Rule};
use shape::Token;

mod shape;

/// A context word a ruleset adds to the notation (e.g. a declared-ready flag `ready`, or
/// `x=value`). Rulesets declare these as data so the notation stays one grammar for all variants.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContextWordSpec {
    pub word: String,
    /// `word=value` when true, a bare flag when false.
    pub takes_value: bool,
    /// What the value must be, checked when the hand is read.
    pub value: WordValue,
    /// Shown to users, e.g. in the list of accepted words.
    pub help: String,
}

/// The kind of value a context word takes (`word=value`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum WordValue {
    /// Any text (the ruleset's fans and formulas read numbers out of it).
    #[default]
    Text,
    /// A whole number from 0 to 1,000,000.
    Number,
    /// Tiles of the ruleset in notation without spaces (`dora=3mE`), bonus tiles excluded.
    Tiles,
    /// No value: a flag that may also be written without any tiles (`nagashi seat=S`), for a
    /// result that is scored without a hand.
    Alone,
}

/// Why a line of notation was rejected, located precisely enough for an editor to underline it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError {
    /// 1-based, counted in chars (not bytes) so it matches what a user sees.
    pub column: usize,
    /// The offending text; empty at the end of the input.
    pub found: String,
    /// What would have been accepted there.
    pub expected: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: ", self.column)?;
        if self.found.is_empty() {
            write!(f, "end of input")?;
        } else {
            write!(f, "'{}'", self.found)?;
        }
        write!(f, " — {}", self.message)?;
        if !self.expected.is_empty() {
            write!(f, " ({})", self.expected)?;
        }
        Ok(())
    }
}

impl std::error::Error for NotationError {}

fn error(
    column: usize,
    found: impl Into<String>,
    message: impl Into<String>,
    expected: impl Into<String>,
) -> NotationError {
    NotationError {
        column,
        found: found.into(),
        expected: expected.into(),
        message: message.into(),
    }
}

/// 1-based char column of a byte offset; pest reports bytes, users count characters.
fn column_at(input: &str, byte: usize) -> usize {
    input.get(..byte).map_or(0, |s| s.chars().count()) + 1
}

/// Columns of one line: for the usual all-ASCII line a byte offset is its column, so the
/// characters before it need not be counted each time.
#[derive(Clone, Copy)]
struct Columns<'a> {
    input: &'a str,
    ascii: bool,
}

impl<'a> Columns<'a> {
    fn new(input: &'a str) -> Columns<'a> {
        Columns {
            input,
            ascii: input.is_ascii(),
        }
    }

    fn at(&self, byte: usize) -> usize {
        if self.ascii {
            byte + 1
        } else {
            column_at(self.input, byte)
        }
    }
}

/// One tile as written, kept with its position so later checks (copies, meld shape) can point
/// at the exact character.
#[derive(Clone, Copy, Debug)]
struct Placed {
    tile: Tile,
    column: usize,
    /// The digit it was written with (`2` of `123m`), if any, and its letter.
    digit: Option<u8>,
    letter: char,
    /// Written as a red copy (`0m` in a tile set with red fives).
    red: bool,
}

impl Placed {
    /// The tile as written alone (`2m`, `E`), for messages.
    fn text(&self) -> String {
        match self.digit {
            Some(d) => format!("{}{}", char::from(d), self.letter),
            None => self.letter.to_string(),
        }
    }
}

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
    let mut tokens = Vec::with_capacity(24);
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
    let mut tokens = Vec::new();
    let tiles_start = shape::from_pest_hand(top, &mut tokens);
    build_hand(set, words, input, tiles_start, &tokens)
}

/// Checks a line's shape against the tile set and the context words and builds the hand.
fn build_hand(
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
    if hand.melds.is_empty() && hand.concealed.is_empty() {
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
fn is_words_only(words: &[ContextWordSpec], input: &str) -> bool {
    if !words.iter().any(|w| w.value == WordValue::Alone) {
        return false;
    }
    let known = |t: &str| {
        let k = t.split('=').next().unwrap_or("");
        BUILTIN_FLAGS.contains(&k) || BUILTIN_VALUES.contains(&k) || words.iter().any(|w| w.word == k)
    };
    let mut tokens = input.split([' ', '\t']).filter(|t| !t.is_empty());
    tokens.next().is_some_and(known)
        && input
            .split([' ', '\t'])
            .any(|t| words.iter().any(|w| w.word == t && w.value == WordValue::Alone))
}

/// A line of context words only (see [`WordValue::Alone`]): the hand has no tiles.
fn parse_words_only(set: &TileSet, words: &[ContextWordSpec], input: &str) -> Result<Hand, NotationError> {
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

/// Appends the tiles of a bare run to `placed` (fast path first, as for [`parse_hand`]).
fn parse_run(set: &TileSet, input: &str, placed: &mut Vec<Placed>) -> Result<(), NotationError> {
    let from = placed.len();
    let mut tokens = Vec::with_capacity(4);
    if shape::lex_run(input, &mut tokens).is_some() && build_run(set, input, &tokens, placed).is_ok() {
        return Ok(());
    }
    placed.truncate(from);
    parse_run_pest(set, input, placed)
}

fn parse_run_pest(set: &TileSet, input: &str, placed: &mut Vec<Placed>) -> Result<(), NotationError> {
    let mut pairs =
        NotationParser::parse(Rule::tile_run, input).map_err(|e| convert_pest_error(input, &e))?;
    let mut tokens = Vec::new();
    if let Some(top) = pairs.next() {
        shape::from_pest_run(top, &mut tokens);
    }
    build_run(set, input, &tokens, placed)
}

fn build_run(
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

/// Canonical form of a tile list: order is kept, and neighbours of one suit share a letter
/// (`123m4pEE`). Keeping the order makes `parse_tiles(print_tiles(x)) == x`; sort first for a
/// suit-grouped listing.
pub fn print_tiles(set: &TileSet, tiles: &[Tile]) -> String {
    let mut out = String::new();
    push_tiles(set, tiles, &mut [], &mut out);
    out
}

/// [`print_tiles`] appended to `out`, writing the first copies of a kind as red (`0`) while `red`
/// (one entry per red copy still to print) holds that kind; printed ones are taken out.
fn push_tiles(set: &TileSet, tiles: &[Tile], red: &mut [Option<Tile>], out: &mut String) {
    let mut pending: Option<char> = None;
    for &t in tiles {
        match set.kind(t) {
            Kind::Suited { suit, rank } => {
                let letter = set.suits().get(suit as usize).map_or('?', |s| s.letter);
                if pending != Some(letter) {
                    out.extend(pending.take());
                }
                let is_red = red
                    .iter_mut()
                    .find(|r| **r == Some(t))
                    .map(|r| r.take())
                    .is_some();
                out.push(if is_red { '0' } else { char::from(b'0' + rank % 10) });
                pending = Some(letter);
            }
            Kind::Bonus { number } => {
                if pending != Some('f') {
                    out.extend(pending.take());
                }
                out.push(char::from(b'0' + number % 10));
                pending = Some('f');
            }
            Kind::Honour { letter, .. } => {
                out.extend(pending.take());
                out.push(letter);
            }
        }
    }
    out.extend(pending);
}

/// `n` in decimal, without the formatting machinery (this runs for every scored hand).
fn push_number(out: &mut String, n: u8) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

/// Canonical form of a hand. Two lines describing the same hand print identically, and the
/// printed line parses back to the same hand, so it can serve as a key in corpora and snapshots.
/// Concealed tiles are sorted except the winning tile, which stays last as its own group.
pub fn print_hand(set: &TileSet, hand: &Hand) -> String {
    // Only a set with red copies can need them added; the copy is for that case alone.
    let with_red;
    let hand = if set.has_red() {
        with_red = Hand {
            red: printable_red(set, hand),
            ..hand.clone()
        };
        &with_red
    } else {
        hand
    };
    let mut out = String::with_capacity(64);
    for (i, meld) in hand.melds.iter().enumerate() {
        out.push('[');
        let tiles = meld.tiles(set).unwrap_or_default();
        let n = hand.red.melds.get(i).copied().unwrap_or(0) as usize;
        let red_kind = tiles.iter().copied().find(|&t| set.red_copies(t) > 0);
        let mut red = vec![red_kind; n];
        push_tiles(set, &tiles, &mut red, &mut out);
        let source = match *meld {
            Meld::Chow { claimed, .. } => (claimed != 1).then_some(claimed),
            Meld::Pung { from, .. } => (from != Source::Left).then_some(from.digit()),
            Meld::ExposedKong { from, .. } => Some(from.digit()),
            Meld::AddedKong { from, .. } => Some(from.digit() + 4),
            Meld::ConcealedKong { .. } => None,
        };
        if let Some(k) = source {
            out.push(',');
            push_number(&mut out, k);
        }
        out.push(']');
    }
    let mut before = hand.concealed_before_win().to_vec();
    before.sort();
    let mut red: Vec<Option<Tile>> = hand.red.concealed.iter().copied().map(Some).collect();
    push_tiles(set, &before, &mut red, &mut out);
    if let Some(win) = hand.winning_tile() {
        let mut red = if hand.red.winning { vec![Some(win)] } else { vec![] };
        push_tiles(set, &[win], &mut red, &mut out);
    }

    let ctx = &hand.context;
    for (on, word) in [
        (ctx.self_drawn, "self"),
        (ctx.last_tile, "last"),
        (ctx.kong, "kong"),
        (ctx.fourth, "fourth"),
    ] {
        if on {
            out.push(' ');
            out.push_str(word);
        }
    }
    if ctx.seat != Wind::EAST {
        out.push_str(" seat=");
        out.push(ctx.seat.letter());
    }
    if ctx.round != Wind::EAST {
        out.push_str(" round=");
        out.push(ctx.round.letter());
    }
    if ctx.flowers > 0 {
        out.push_str(" flowers=");
        push_number(&mut out, ctx.flowers);
    }
    if !hand.bonus.is_empty() {
        let mut bonus = hand.bonus.clone();
        bonus.sort();
        out.push(' ');
        push_tiles(set, &bonus, &mut [], &mut out);
    }
    let mut extra: Vec<&(String, Option<String>)> = ctx.extra.iter().collect();
    extra.sort_by(|a, b| a.0.cmp(&b.0));
    for (word, value) in extra {
        out.push(' ');
        out.push_str(word);
        if let Some(v) = value {
            out.push('=');
            out.push_str(v);
        }
    }
    out
}

/// The hand's red copies as printed: where a hand (built by a program, not parsed) holds more
/// copies of a tile than its plain copies, the rest are printed red, so that the printed line is
/// one the notation accepts.
fn printable_red(set: &TileSet, hand: &Hand) -> crate::hand::RedTiles {
    let mut red = hand.red.clone();
    if !set.has_red() {
        return red;
    }
    let held = hand.all_counts(set);
    for t in set.tiles().filter(|&t| set.red_copies(t) > 0) {
        let plain = (set.copies(t) - set.red_copies(t)) as usize;
        let in_melds = |r: &crate::hand::RedTiles| -> usize {
            hand.melds
                .iter()
                .enumerate()
                .filter(|(_, m)| m.tiles(set).is_some_and(|ts| ts.contains(&t)))
                .map(|(i, _)| r.melds.get(i).copied().unwrap_or(0) as usize)
                .sum()
        };
        let recorded = |r: &crate::hand::RedTiles| {
            in_melds(r)
                + r.concealed.iter().filter(|&&x| x == t).count()
                + usize::from(r.winning && hand.winning_tile() == Some(t))
        };
        let mut need = (held[t.id()] as usize)
            .saturating_sub(plain)
            .saturating_sub(recorded(&red));
        let before = hand.concealed_before_win().iter().filter(|&&x| x == t).count();
        while need > 0 && red.concealed.iter().filter(|&&x| x == t).count() < before {
            red.concealed.push(t);
            need -= 1;
        }
        if need > 0 && hand.winning_tile() == Some(t) && !red.winning {
            red.winning = true;
            need -= 1;
        }
        for (i, m) in hand.melds.iter().enumerate() {
            let copies = m
                .tiles(set)
                .map_or(0, |ts| ts.iter().filter(|&&x| x == t).count());
            if need == 0 || copies == 0 {
                continue;
            }
            red.melds.resize(hand.melds.len(), 0);
            let add = need.min(copies.saturating_sub(red.melds[i] as usize));
            red.melds[i] += add as u8;
            need -= add;
        }
    }
    red.concealed.sort();
    red
}

// ---------------------------------------------------------------------------------------------
// Tiles

const TILES_EXPECTED: &str = "tiles such as 123m, E or 5f, or a meld such as [555p]";

/// The notation of a Unicode mahjong tile (U+1F000–U+1F02B): winds, dragons, characters,
/// bamboos, circles, then the flowers 梅兰竹菊 (5–8f) and the seasons 春夏秋冬 (1–4f). `None` for
/// the joker and the tile back, which no ruleset deals.
fn glyph_notation(c: char) -> Option<String> {
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
fn decode_glyphs(
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
fn decode_group(set: &TileSet, text: &str, start: usize, out: &mut Vec<Placed>) -> Result<(), NotationError> {
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

fn suit_word(letter: char) -> &'static str {
    match letter {
        'm' => "characters",
        'p' => "dots",
        _ => "bamboo",
    }
}

/// The message-building functions below take the tile's text as a closure: it is only
/// formatted when the tile is wrong.
fn suited_tile(
    set: &TileSet,
    letter: char,
    digit: u8,
    column: usize,
    found: impl FnOnce() -> String,
) -> Result<Tile, NotationError> {
    let rank = if digit == 0 { 10 } else { digit };
    if let Some(t) = set.suited(letter, rank) {
        if set.copies(t) > 0 {
            return Ok(t);
        }
        let held: Vec<String> = set
            .tiles()
            .filter(|&x| {
                set.copies(x) > 0 && set.suit_rank(x).map(|(s, _)| s) == set.suit_rank(t).map(|(s, _)| s)
            })
            .map(|x| set.notation(x))
            .collect();
        let found = found();
        return Err(error(
            column,
            &found,
            format!("{found} is not in play in ruleset {}", set.name),
            format!("its {} are {}", suit_word(letter), held.join(" ")),
        ));
    }
    let found = &found();
    if set.suit_by_letter(letter).is_none() {
        let letters: Vec<String> = set.suits().iter().map(|s| s.letter.to_string()).collect();
        let expected = if letters.is_empty() {
            "this ruleset has no suited tiles".to_string()
        } else {
            format!("its suits are {}", letters.join(", "))
        };
        return Err(error(
            column,
            found,
            format!(
                "ruleset {} has no {} suit '{letter}'",
                set.name,
                suit_word(letter)
            ),
            expected,
        ));
    }
    if digit == 0 && set.has_red() {
        let reds: Vec<String> = set
            .suits()
            .iter()
            .filter(|s| set.red_tile(s.letter).is_some())
            .map(|s| format!("0{}", s.letter))
            .collect();
        return Err(error(
            column,
            found,
            format!("ruleset {} has no red {} tile", set.name, suit_word(letter)),
            format!("`0` is a red five here; red fives are {}", reds.join(" ")),
        ));
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
    Err(error(
        column,
        found,
        format!("{rank_word} does not exist in ruleset {}", set.name),
        expected,
    ))
}

fn honour_name(letter: char) -> &'static str {
    match letter {
        'E' => "east wind",
        'S' => "south wind",
        'W' => "west wind",
        'N' => "north wind",
        'C' => "red dragon",
        'F' => "green dragon",
        _ => "white dragon",
    }
}

fn honour_tile(
    set: &TileSet,
    letter: char,
    column: usize,
    found: impl FnOnce() -> String,
) -> Result<Tile, NotationError> {
    if let Some(t) = set.honour(letter) {
        return Ok(t);
    }
    let found = &found();
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
    Err(error(
        column,
        found,
        format!("ruleset {} has no {} '{letter}'", set.name, honour_name(letter)),
        expected,
    ))
}

fn honour_by_number(
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

fn bonus_tile(
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
fn check_copies(set: &TileSet, placed: &[Placed], plain_limit: bool) -> Result<(), NotationError> {
    let mut counts = [0usize; MAX_KINDS];
    let counts = &mut counts[..set.kind_count().min(MAX_KINDS)];
    let mut reds = [0usize; MAX_KINDS];
    let mut plain = [0usize; MAX_KINDS];
    for p in placed {
        if plain_limit && !p.red && set.red_copies(p.tile) > 0 {
            if let Some(n) = plain.get_mut(p.tile.id()) {
                *n += 1;
                let (all, red) = (set.copies(p.tile) as usize, set.red_copies(p.tile) as usize);
                if *n > all - red {
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
                if *r > copies {
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
        if *c > copies {
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
fn decode_meld(
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
fn source_digit(source: Option<(&str, usize)>) -> Option<(u8, &str, usize)> {
    let (text, column) = source?;
    let d = match text.as_bytes() {
        [d] => d.wrapping_sub(b'0'),
        _ => u8::MAX,
    };
    Some((d, text, column))
}

fn pung(tile: Tile, source: Option<(&str, usize)>) -> Result<Meld, NotationError> {
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

fn kong(tile: Tile, source: Option<(&str, usize)>) -> Result<Meld, NotationError> {
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

fn chow(
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

// ---------------------------------------------------------------------------------------------
// Context words

#[derive(Default)]
struct WordsState<'a> {
    /// Key and column of every word applied so far, to reject repeats.
    seen: Vec<(&'a str, usize)>,
    flowers_column: Option<usize>,
}

const BUILTIN_FLAGS: [&str; 4] = ["self", "last", "kong", "fourth"];
const BUILTIN_VALUES: [&str; 3] = ["seat", "round", "flowers"];
const BONUS_KEY: &str = "bonus tiles";

fn accepted_words(set: &TileSet, specs: &[ContextWordSpec]) -> String {
    let mut list: Vec<String> = BUILTIN_FLAGS.iter().map(|w| w.to_string()).collect();
    list.extend(["seat=X".into(), "round=X".into(), "flowers=N".into()]);
    if set.tiles().any(|t| set.is_bonus(t)) {
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
fn check_word_value(
    set: &TileSet,
    kind: WordValue,
    key: &str,
    value: &str,
    column: usize,
) -> Result<(), NotationError> {
    match kind {
        WordValue::Text | WordValue::Alone => Ok(()),
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
            let mut tiles = Vec::new();
            parse_run(set, value, &mut tiles).map_err(|mut e| {
                e.column += column - 1;
                e
            })?;
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
    }
}

fn apply_word<'a>(
    set: &TileSet,
    specs: &[ContextWordSpec],
    hand: &mut Hand,
    state: &mut WordsState<'a>,
    text: &'a str,
    column: usize,
    placed: &mut Vec<Placed>,
) -> Result<(), NotationError> {
    let (key, value) = match text.split_once('=') {
        Some((k, v)) => (k, Some(v)),
        None => (text, None),
    };
    let value_column = column + key.chars().count() + 1;
    let is_builtin = BUILTIN_FLAGS.contains(&key) || BUILTIN_VALUES.contains(&key);
    let spec = specs.iter().find(|s| s.word == key);
    // Only words made of tile characters are read as tiles, so a misspelt word such as `Self`
    // is reported as an unknown word rather than as a malformed tile.
    let tileish = || {
        text.chars()
            .all(|c| c.is_ascii_digit() || "mpszf".contains(c) || HONOUR_LETTERS.contains(&c))
    };

    if !is_builtin && spec.is_none() {
        if text.starts_with('[') {
            return Err(error(
                column,
                text,
                "melds go before the concealed tiles, with no space",
                "e.g. [555p]123m",
            ));
        }
        if !tileish() {
            // Words are lowercase: `SELF` or `Seat=S` is almost surely the word in another case.
            let lower = key.to_lowercase();
            let known = BUILTIN_FLAGS.iter().chain(&BUILTIN_VALUES).copied();
            let hint = known
                .chain(specs.iter().map(|s| s.word.as_str()))
                .find(|w| w.to_lowercase() == lower)
                .map(|w| format!("; did you mean `{w}`? (context words are written in lowercase)"))
                .unwrap_or_default();
            return Err(error(
                column,
                text,
                format!("not a context word of ruleset {}{hint}", set.name),
                accepted_words(set, specs),
            ));
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

    let takes_value = BUILTIN_VALUES.contains(&key) || spec.is_some_and(|s| s.takes_value);
    if is_builtin || spec.is_some() {
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
    }
    let value = value.unwrap_or("");
    let ctx = &mut hand.context;
    match key {
        "self" => ctx.self_drawn = true,
        "last" => ctx.last_tile = true,
        "kong" => ctx.kong = true,
        "fourth" => ctx.fourth = true,
        "seat" | "round" => {
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
            if key == "seat" {
                ctx.seat = wind;
            } else {
                ctx.round = wind;
            }
        }
        "flowers" => {
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
        _ if spec.is_some() => {
            let kind = spec.map_or(WordValue::Text, |s| s.value);
            check_word_value(set, kind, key, value, value_column)?;
            let v = spec.is_some_and(|s| s.takes_value).then(|| value.to_string());
            ctx.extra.push((key.to_string(), v));
        }
        _ => {
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

// ---------------------------------------------------------------------------------------------
// Pest errors

fn describe(rule: Rule) -> &'static str {
    match rule {
        Rule::group
        | Rule::digits
        | Rule::honours
        | Rule::tiles
        | Rule::tile_part
        | Rule::tile_run
        | Rule::glyphs
        | Rule::glyph => "a tile such as 5m, E or 3f",
        Rule::meld | Rule::open => "a meld such as [555p]",
        Rule::letter => "a suit letter",
        Rule::comma => "',' and a number",
        Rule::close => "']'",
        Rule::source => "a number",
        Rule::EOI => "a space and context words, or the end of the line",
        Rule::word => "a context word",
        Rule::hand => "a hand",
        Rule::sp => "a space",
    }
}

fn join_alternatives(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{}, or {last}", init.join(", or ")),
    }
}

/// Turns pest's "expected rules at position" into the notation's own vocabulary. The common
/// slips (digits without a suit letter, an unclosed meld, lowercase honours, melds after the
/// concealed tiles) get a message of their own; anything else lists what would fit there.
fn convert_pest_error(input: &str, e: &pest::error::Error<Rule>) -> NotationError {
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let positives: &[Rule] = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => positives,
        ErrorVariant::CustomError { .. } => &[],
    };
    let before = input.get(..pos).unwrap_or("");
    let rest = input.get(pos..).unwrap_or("");
    let next = rest.chars().next();
    let column = column_at(input, pos);
    let token: String = rest
        .split(char::is_whitespace)
        .next()
        .unwrap_or("")
        .chars()
        .take(16)
        .collect();

    if input.trim().is_empty() {
        return error(1, "", "the hand is empty", TILES_EXPECTED);
    }
    if positives.contains(&Rule::letter) {
        let digits_start = before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let mut found = before.get(digits_start..).unwrap_or("").to_string();
        found.extend(next.filter(|c| !c.is_whitespace() && !"[],".contains(*c)));
        return error(
            column_at(input, digits_start),
            found,
            "digits without a suit letter",
            "m, p or s after the digits; z for honours by number, f for bonus tiles",
        );
    }
    if positives.contains(&Rule::source) {
        return error(
            column,
            next.map(String::from).unwrap_or_default(),
            "a comma in a meld must be followed by its number",
            "a digit, e.g. [555p,2]",
        );
    }
    if positives.contains(&Rule::close) {
        let open = before.rfind('[').map_or(1, |b| column_at(input, b));
        return match next {
            None => error(
                column,
                "",
                format!("the meld opened at column {open} is not closed"),
                "']'",
            ),
            Some(c) if c.is_whitespace() => error(
                column,
                "",
                format!("the meld opened at column {open} is not closed before the space"),
                "']' with no space inside the brackets",
            ),
            Some(c @ ('m' | 'p' | 's' | 'z' | 'f')) => error(
                column,
                c.to_string(),
                "a suit letter without digits before it",
                "digits then the letter, e.g. [555p]",
            ),
            Some(c) => error(
                column,
                c.to_string(),
                format!("unexpected '{c}' in the meld opened at column {open}"),
                "more tiles, ',' and a number, or ']'",
            ),
        };
    }
    if let Some(c) = next {
        let upper = c.to_ascii_uppercase();
        let letters: String = rest.chars().take_while(char::is_ascii_lowercase).collect();
        let honour_like = letters.chars().all(|l| "eswncfp".contains(l));
        if letters.len() > 1 && !honour_like {
            let message = if before.trim().is_empty() {
                "the hand has no tiles before its context words"
            } else {
                "context words must be separated from the tiles by a space"
            };
            return error(column, token, message, TILES_EXPECTED);
        }
        if c.is_ascii_lowercase() && HONOUR_LETTERS.contains(&upper) {
            return error(
                column,
                c.to_string(),
                "honours are written in capitals",
                format!("{upper} for the {}", honour_name(upper)),
            );
        }
        let special = match c {
            '[' => Some((
                "melds must be written before the concealed tiles",
                "e.g. [555p]123m",
            )),
            ']' => Some(("']' without a '[' to close", "a meld such as [555p]")),
            ',' => Some((
                "a comma belongs inside a meld's brackets",
                "a meld such as [555p,2]",
            )),
            'm' | 'z' => Some(("a suit letter without digits before it", "e.g. 5m or 1z")),
            _ => None,
        };
        if let Some((message, expected)) = special {
            return error(column, c.to_string(), message, expected);
        }
    }
    let mut expected: Vec<&str> = Vec::new();
    for &r in positives {
        let d = describe(r);
        if !expected.contains(&d) {
            expected.push(d);
        }
    }
    if expected.is_empty() {
        expected.push(TILES_EXPECTED);
    }
    let message = if next.is_none() {
        "the line ends too early"
    } else if pos == 0 || before.trim().is_empty() {
        "not a tile"
    } else {
        "unexpected character"
    };
    error(column, token, message, join_alternatives(&expected))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::presets;

    fn mcr() -> TileSet {
        TileSet::new("mcr", &presets::chinese_official()).expect("preset builds")
    }
    fn shiwan() -> TileSet {
        TileSet::new("shiwan", &presets::ten_rank()).expect("preset builds")
    }
    fn kawuxing() -> TileSet {
        TileSet::new("kawuxing", &presets::two_suits_dragons()).expect("preset builds")
    }
    fn words() -> Vec<ContextWordSpec> {
        vec![
            ContextWordSpec {
                word: "ready".into(),
                takes_value: false,
                value: WordValue::Text,
                help: "declared ready".into(),
            },
            ContextWordSpec {
                word: "dealer".into(),
                takes_value: true,
                value: WordValue::Text,
                help: "dealer streak".into(),
            },
        ]
    }

    fn parse(set: &TileSet, input: &str) -> Hand {
        match parse_hand(set, &words(), input) {
            Ok(h) => h,
            Err(e) => panic!("{input:?} should parse, got {e}"),
        }
    }

    /// Asserts the error's column and found text exactly and that message+expected mention
    /// every fragment, so each test pins down what the user is told.
    #[track_caller]
    fn fails(set: &TileSet, input: &str, column: usize, found: &str, fragments: &[&str]) {
        let e = match parse_hand(set, &words(), input) {
            Ok(h) => panic!("{input:?} should fail, parsed as {h:?}"),
            Err(e) => e,
        };
        let shown = e.to_string();
        assert_eq!(
            (e.column, e.found.as_str()),
            (column, found),
            "{input:?}: {shown}"
        );
        for f in fragments {
            assert!(shown.contains(f), "{input:?}: {shown:?} lacks {f:?}");
        }
        assert!(!shown.contains("-->"), "raw pest output leaked: {shown}");
    }

    fn t(set: &TileSet, s: &str) -> Tile {
        match parse_tiles(set, s).as_deref() {
            Ok([tile]) => *tile,
            other => panic!("{s:?} is not one tile: {other:?}"),
        }
    }

    // ----- malformed input -----

    #[test]
    fn empty_input() {
        fails(&mcr(), "", 1, "", &["the hand is empty", "123m"]);
    }

    #[test]
    fn blank_input() {
        fails(&mcr(), "   \t", 1, "", &["the hand is empty"]);
    }

    #[test]
    fn two_tile_meld() {
        fails(
            &mcr(),
            "[12m]",
            1,
            "[12m]",
            &["a meld of 2 tiles", "4 for a kong"],
        );
    }

    #[test]
    fn five_tile_meld() {
        fails(&mcr(), "[11111m]", 1, "[11111m]", &["a meld of 5 tiles"]);
    }

    #[test]
    fn gapped_chow() {
        fails(&mcr(), "[124m]", 4, "4m", &["not a chow", "3m here"]);
    }

    #[test]
    fn chow_across_suits() {
        fails(&mcr(), "[12m3p]", 5, "3p", &["one suit", "3m here"]);
    }

    #[test]
    fn chow_never_wraps() {
        fails(
            &mcr(),
            "[891m]",
            4,
            "1m",
            &["8m cannot start a chow", "never wrap"],
        );
        fails(&shiwan(), "[901m]", 4, "1m", &["9m cannot start a chow"]);
    }

    #[test]
    fn honours_cannot_chow() {
        fails(&mcr(), "[ESW]", 3, "S", &["honours cannot form a chow", "E here"]);
    }

    #[test]
    fn mixed_kong() {
        fails(
            &mcr(),
            "[5556p]",
            5,
            "6p",
            &["a kong is four equal tiles", "5p here"],
        );
    }

    #[test]
    fn unclosed_meld() {
        fails(
            &mcr(),
            "[EEE",
            5,
            "",
            &["opened at column 1 is not closed", "']'"],
        );
        fails(&mcr(), "[EEE,1", 7, "", &["not closed"]);
        fails(
            &mcr(),
            "[123m][EEE self",
            11,
            "",
            &["opened at column 7", "before the space"],
        );
    }

    #[test]
    fn stray_character_in_meld() {
        fails(&mcr(), "[EEE;]", 5, ";", &["unexpected ';'", "']'"]);
    }

    #[test]
    fn comma_without_number() {
        fails(&mcr(), "[EEE,]", 6, "]", &["followed by its number", "[555p,2]"]);
    }

    #[test]
    fn digits_without_suit() {
        fails(
            &mcr(),
            "123",
            1,
            "123",
            &["digits without a suit letter", "m, p or s"],
        );
        fails(&mcr(), "5m12 3m", 3, "12", &["digits without a suit letter"]);
        fails(&mcr(), "[55x5p]", 2, "55x", &["digits without a suit letter"]);
    }

    #[test]
    fn rank_ten_in_a_nine_rank_set() {
        let e = parse_hand(&mcr(), &[], "123456780m").expect_err("no tens in mcr");
        assert_eq!(
            e.to_string(),
            "column 9: '0m' — rank ten does not exist in ruleset mcr (suits run 1–9)"
        );
        fails(&mcr(), "1234567890m", 10, "0m", &["rank ten", "ruleset mcr"]);
        fails(&mcr(), "[890m]", 4, "0m", &["rank ten"]);
    }

    #[test]
    fn suit_missing_from_set() {
        fails(
            &kawuxing(),
            "9s",
            1,
            "9s",
            &["kawuxing has no bamboo suit", "m, p"],
        );
    }

    #[test]
    fn wind_missing_from_set() {
        fails(
            &kawuxing(),
            "123mE",
            5,
            "E",
            &[
                "kawuxing has no east wind",
                "this ruleset has no winds: honours are C F P",
            ],
        );
        fails(&kawuxing(), "2z", 1, "2z", &["south wind", "no winds"]);
        fails(&shiwan(), "C", 1, "C", &["no dragons: honours are E S W N"]);
    }

    #[test]
    fn honour_number_out_of_range() {
        fails(&mcr(), "8z", 1, "8z", &["no honour 8z", "1z–7z"]);
        fails(&mcr(), "10z", 2, "0z", &["no honour 0z"]);
    }

    #[test]
    fn bonus_number_out_of_range() {
        fails(&mcr(), "123m9f", 5, "9f", &["no bonus tile 9f", "1f–8f"]);
    }

    #[test]
    fn bonus_missing_from_set() {
        fails(
            &kawuxing(),
            "123m 1f",
            6,
            "1f",
            &["kawuxing has no bonus tile 1f", "no bonus tiles"],
        );
    }

    #[test]
    fn bad_kong_source() {
        fails(&mcr(), "[1111m,4]", 8, "4", &["kong's number", "5–7"]);
        fails(&mcr(), "[5555p,12]", 8, "12", &["kong's number"]);
    }

    #[test]
    fn bad_chow_source() {
        fails(
            &mcr(),
            "[123m,5]",
            7,
            "5",
            &["which of its three tiles", "1, 2 or 3"],
        );
    }

    #[test]
    fn bad_pung_source() {
        fails(&mcr(), "[555p,9]", 7, "9", &["claimed from", "2 = opposite"]);
        fails(&mcr(), "[555p,0]", 7, "0", &["claimed from"]);
    }

    #[test]
    fn bad_seat_wind() {
        fails(&mcr(), "123m seat=X", 11, "X", &["seat wind", "E S W N"]);
        fails(&mcr(), "123m round=e", 12, "e", &["round wind"]);
    }

    #[test]
    fn missing_value() {
        fails(&mcr(), "123m seat", 6, "seat", &["needs a value", "seat=X"]);
        fails(&mcr(), "123m dealer=", 6, "dealer=", &["'dealer' needs a value"]);
    }

    #[test]
    fn flag_with_value() {
        fails(&mcr(), "123m self=1", 6, "self=1", &["'self' takes no value"]);
        fails(
            &mcr(),
            "123m ready=yes",
            6,
            "ready=yes",
            &["'ready' takes no value"],
        );
    }

    #[test]
    fn too_many_flowers() {
        fails(&mcr(), "123m flowers=99", 14, "99", &["0 to 8"]);
        fails(&mcr(), "123m flowers=-1", 14, "-1", &["0 to 8"]);
        fails(
            &mcr(),
            "123m 1f5f flowers=7",
            11,
            "flowers=7",
            &["more than the 8", "flowers=6 at most"],
        );
    }

    #[test]
    fn unknown_word_lists_accepted_words() {
        fails(
            &mcr(),
            "123m riichi",
            6,
            "riichi",
            &[
                "not a context word of ruleset mcr",
                "self",
                "flowers=N",
                "ready",
                "dealer=value",
            ],
        );
    }

    #[test]
    fn duplicate_words() {
        fails(
            &mcr(),
            "123m self self",
            11,
            "self",
            &["'self' is given twice", "column 6"],
        );
        fails(
            &mcr(),
            "123m seat=S seat=W",
            13,
            "seat=W",
            &["'seat' is given twice"],
        );
        fails(
            &mcr(),
            "123m self 15f 2f",
            15,
            "2f",
            &["bonus tiles are written as a word twice"],
        );
        // Before the first word, space-separated bonus tiles are tile groups like any other.
        let h = parse_hand(&mcr(), &[], "123m 15f 2f").expect("tile groups apart");
        assert_eq!(h.bonus.len(), 3);
    }

    #[test]
    fn five_copies() {
        fails(&mcr(), "11111m", 5, "1m", &["too many 1m", "4 copies"]);
        fails(&mcr(), "[1111m]1m", 8, "1m", &["too many 1m"]);
        fails(&mcr(), "[123m][111m]1m", 13, "1m", &["too many 1m"]);
    }

    #[test]
    fn bonus_tile_twice() {
        fails(&mcr(), "123m1f 1f", 8, "1f", &["too many 1f", "1 copy"]);
    }

    #[test]
    fn words_without_tiles_or_space() {
        fails(&mcr(), "self", 1, "self", &["no tiles before its context words"]);
        fails(&mcr(), " seat=S 123m", 2, "seat=S", &["no tiles before"]);
        fails(
            &mcr(),
            "123mself",
            5,
            "self",
            &["separated from the tiles by a space"],
        );
    }

    #[test]
    fn suit_letter_without_digits_in_meld() {
        fails(&mcr(), "[EEm]", 4, "m", &["suit letter without digits"]);
    }

    #[test]
    fn lowercase_honours() {
        fails(&mcr(), "e", 1, "e", &["capitals", "E for the east wind"]);
        fails(&mcr(), "123mc", 5, "c", &["capitals", "C for the red dragon"]);
        fails(&mcr(), "123meee", 5, "e", &["capitals"]);
    }

    #[test]
    fn melds_after_concealed_tiles() {
        fails(&mcr(), "123m[555p]", 5, "[", &["melds must be written before"]);
        fails(&mcr(), "123m [555p]", 6, "[555p]", &["melds go before"]);
    }

    #[test]
    fn stray_punctuation() {
        fails(&mcr(), "123m,", 5, ",", &["comma belongs inside"]);
        fails(&mcr(), "123m]", 5, "]", &["without a '['"]);
        fails(&mcr(), "m", 1, "m", &["without digits"]);
    }

    #[test]
    fn playing_tiles_among_words() {
        fails(
            &mcr(),
            "123m self 5m",
            11,
            "5m",
            &["only bonus tiles", "before the first space"],
        );
        fails(
            &mcr(),
            "123m self 45",
            11,
            "45",
            &["digits without a suit letter"],
        );
        fails(&mcr(), "123m Self", 6, "Self", &["not a context word"]);
        fails(&mcr(), "123m self EE", 11, "E", &["only bonus tiles"]);
    }

    #[test]
    fn only_bonus_tiles() {
        fails(&mcr(), "15f", 1, "1f", &["only bonus tiles", "playing tiles"]);
    }

    #[test]
    fn bonus_tiles_in_meld() {
        fails(
            &mcr(),
            "[1f2f3f]",
            2,
            "1f",
            &["bonus tiles cannot be part of a meld"],
        );
    }

    #[test]
    fn columns_count_characters() {
        fails(&mcr(), "123m中", 5, "中", &["unexpected character"]);
        fails(&mcr(), "123m self 中 x", 11, "中", &["not a context word"]);
        fails(&mcr(), "123m dealer=中文 seat=Q", 21, "Q", &["seat wind"]);
    }

    #[test]
    fn parse_tiles_errors() {
        let e = parse_tiles(&mcr(), "12x").expect_err("no suit x");
        assert_eq!((e.column, e.found.as_str()), (1, "12x"));
        let e = parse_tiles(&mcr(), "[123m]").expect_err("no melds in a tile run");
        assert_eq!(e.column, 1);
        let e = parse_tiles(&mcr(), "5m self").expect_err("no words in a tile run");
        assert_eq!(e.column, 4);
    }

    // ----- well-formed input -----

    /// Issue 25: spaces between tile groups, Unicode tiles (U+1F000–U+1F02B) and a wrong-case
    /// word read as a person means them; each reads as the same hand as the plain notation.
    #[test]
    fn spaces_between_groups_and_unicode_tiles() {
        let set = mcr();
        let plain = parse_hand(&set, &[], "[555p]123m456p789s1sE self").expect("plain");
        for same in [
            "[555p] 123m 456p 789s 1s E self",
            "[555p]  123m456p   789s1sE self",
            "[🀝🀝🀝]🀇🀈🀉🀜🀝🀞🀖🀗🀘🀐🀀 self",
            "[🀝🀝🀝] 🀇🀈🀉 456p 🀖🀗🀘 🀐 🀀 self",
        ] {
            assert_eq!(parse_hand(&set, &[], same), Ok(plain.clone()), "{same}");
        }
        // Dragons and winds in Unicode order (East South West North, 中 發 白), the emoji selector
        // after 🀄 ignored; flowers 🀢–🀥 are 5–8f (梅兰竹菊), seasons 🀦–🀩 1–4f (春夏秋冬).
        let h = parse_hand(&set, &[], "🀀🀁🀂🀃🀄\u{FE0F}🀅🀆 🀢🀦").expect("honours and bonus");
        assert_eq!(print_hand(&set, &h), "ESWNCFP 15f");
        fails(&set, "123m🀪", 5, "🀪", &["joker"]);
        fails(
            &set,
            "123m [456p]",
            6,
            "[456p]",
            &["melds go before the concealed tiles"],
        );
        fails(&set, "123m SELF", 6, "SELF", &["did you mean `self`"]);
        fails(&set, "123m Seat=S", 6, "Seat=S", &["did you mean `seat`"]);
    }

    #[test]
    fn four_concealed_kongs() {
        let set = mcr();
        let h = parse(&set, "[EEEE][CCCC][FFFF][PPPP]NN");
        assert_eq!(h.melds.len(), 4);
        assert!(h.melds.iter().all(Meld::is_concealed));
        assert_eq!(h.winning_tile(), Some(t(&set, "N")));
        assert_eq!(print_hand(&set, &h), "[EEEE][CCCC][FFFF][PPPP]NN");
    }

    #[test]
    fn example_with_context() {
        let set = mcr();
        let line = "[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2";
        let h = parse(&set, line);
        assert_eq!(
            h.melds,
            vec![
                Meld::ExposedKong {
                    tile: t(&set, "W"),
                    from: Source::Left
                },
                Meld::Pung {
                    tile: t(&set, "4s"),
                    from: Source::Left
                },
            ]
        );
        assert_eq!(h.concealed.len(), 8);
        assert_eq!(h.winning_tile(), Some(t(&set, "6m")));
        assert!(h.context.self_drawn && !h.context.last_tile);
        assert_eq!((h.context.seat, h.context.round), (Wind::SOUTH, Wind::WEST));
        assert_eq!(h.flower_count(), 2);
        assert_eq!(print_hand(&set, &h), line);
    }

    #[test]
    fn meld_sources() {
        let set = mcr();
        let h = parse(&set, "[123p,1][345s,2][999s,3]6m6pEW1m");
        assert_eq!(
            h.melds[1],
            Meld::Chow {
                first: t(&set, "3s"),
                claimed: 2
            }
        );
        assert_eq!(
            h.melds[2],
            Meld::Pung {
                tile: t(&set, "9s"),
                from: Source::Right
            }
        );
        assert_eq!(print_hand(&set, &h), "[123p][345s,2][999s,3]6m6pEW1m");
        let h = parse(&set, "[5555p,6][7777s,3][1111m]EE");
        assert_eq!(
            h.melds[0],
            Meld::AddedKong {
                tile: t(&set, "5p"),
                from: Source::Opposite
            }
        );
        assert_eq!(print_hand(&set, &h), "[5555p,6][7777s,3][1111m]EE");
    }

    #[test]
    fn rank_ten_only_where_suits_reach_ten() {
        let h = parse(&shiwan(), "1234567890m");
        assert_eq!(h.concealed.len(), 10);
        assert_eq!(print_hand(&shiwan(), &h), "123456789m0m");
        assert!(parse_hand(&mcr(), &[], "1234567890m").is_err());
        assert!(parse_hand(&kawuxing(), &[], "1234567890m").is_err());
        let h = parse(&shiwan(), "[890m]EE");
        assert_eq!(print_hand(&shiwan(), &h), "[890m]EE");
    }

    #[test]
    fn winning_tile_is_written_last() {
        let set = mcr();
        let h = parse(&set, "9s1112345678999s");
        assert_eq!(h.concealed[0], t(&set, "9s"));
        assert_eq!(h.winning_tile(), Some(t(&set, "9s")));
        assert_eq!(print_hand(&set, &h), "1112345678999s9s");
        let h = parse(&set, "EE123m");
        assert_eq!(print_hand(&set, &h), "12mEE3m");
    }

    #[test]
    fn z_alias_prints_as_letters() {
        let set = mcr();
        let h = parse(&set, "1234567z");
        assert_eq!(print_hand(&set, &h), "ESWNCFP");
    }

    #[test]
    fn bonus_tiles_go_apart() {
        let set = mcr();
        let h = parse(&set, "123m5f45p6p 1f");
        assert_eq!(h.concealed.len(), 6);
        assert_eq!(h.bonus, vec![t(&set, "1f"), t(&set, "5f")]);
        assert_eq!(h.winning_tile(), Some(t(&set, "6p")));
        assert_eq!(print_hand(&set, &h), "123m45p6p 15f");
    }

    #[test]
    fn context_words_print_in_canonical_order() {
        let set = mcr();
        let h = parse(
            &set,
            "  11m dealer=3 ready flowers=3 round=N fourth seat=E kong last self  ",
        );
        assert_eq!(
            h.context.extra,
            vec![
                ("dealer".to_string(), Some("3".to_string())),
                ("ready".to_string(), None)
            ]
        );
        assert!(h.context.has("ready"));
        assert_eq!(h.context.value("dealer"), Some("3"));
        assert_eq!(
            print_hand(&set, &h),
            "1m1m self last kong fourth round=N flowers=3 dealer=3 ready"
        );
    }

    #[test]
    fn print_tiles_groups_neighbours() {
        let set = mcr();
        let apart = parse_tiles(&set, "1m2m3m4pE E 1f2f").expect("spaces between groups");
        let tiles = parse_tiles(&set, "1m2m3m4pEE1f2f").expect("valid run");
        assert_eq!(apart, tiles);
        assert_eq!(print_tiles(&set, &tiles), "123m4pEE12f");
        assert_eq!(parse_tiles(&set, &print_tiles(&set, &tiles)), Ok(tiles));
        assert_eq!(parse_tiles(&set, ""), Ok(vec![]));
    }
}
