//! The shape of a line: where its melds, tile groups, meld sources and context words are, as
//! byte spans. This is all the grammar (`notation.pest`) decides; the rest of the notation is
//! checked on the shape, by the same code whichever way the shape was found.
//!
//! Two ways find it. [`lex_hand`] and [`lex_run`] scan the common, plain lines directly, without
//! allocating per token and without pest's bookkeeping, and give up (`None`) at the first byte
//! they are not sure of; pest then reads the line and either gives the same shape
//! ([`from_pest_hand`], [`from_pest_run`]) or its located syntax error. The scanners follow the
//! grammar rule by rule, so for every line they accept pest finds the identical shape: the
//! property test beside the parser and the `notation` fuzz target compare the two.

use pest::iterators::Pair;

use super::grammar::Rule;

/// One element of a line's shape, in the order written. Spans are byte offsets into the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Token {
    /// A meld `[…]` spanning `start..end`; its groups and source follow, then [`Token::MeldEnd`].
    Meld {
        start: usize,
        end: usize,
    },
    /// A tile group: digits and a suit letter (`123m`), or honour letters (`EES`).
    Group {
        start: usize,
        end: usize,
    },
    /// The digits after a meld's comma.
    Source {
        start: usize,
        end: usize,
    },
    MeldEnd,
    /// A context word: everything up to the next blank.
    Word {
        start: usize,
        end: usize,
    },
}

/// A line's shape, on the stack for any line a batch holds (a hand has a dozen tokens or so):
/// a heap list was an allocation per parsed line and per tile-valued word.
pub(super) type Tokens = smallvec::SmallVec<[Token; 24]>;

/// The grammar's blanks (`sp`): only these separate words.
fn is_sp(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

fn is_honour(b: u8) -> bool {
    matches!(b, b'E' | b'S' | b'W' | b'N' | b'C' | b'F' | b'P')
}

fn is_letter(b: u8) -> bool {
    matches!(b, b'm' | b'p' | b's' | b'z' | b'f')
}

fn skip_sp(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && is_sp(b[i]) {
        i += 1;
    }
    i
}

/// The end of the `group` starting at `i` (`digits ~ letter | honours`), if one starts there.
fn group_end(b: &[u8], i: usize) -> Option<usize> {
    let first = *b.get(i)?;
    let mut j = i;
    if first.is_ascii_digit() {
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        return b.get(j).copied().filter(|&l| is_letter(l)).map(|_| j + 1);
    }
    if is_honour(first) {
        while j < b.len() && is_honour(b[j]) {
            j += 1;
        }
        return Some(j);
    }
    None
}

/// The meld starting at the `[` at `i` (`open ~ group+ ~ (comma ~ source)? ~ close`): pushes
/// its tokens and returns its end, or leaves `out` as it was and returns `None` if it is not a
/// well-formed meld.
fn meld(b: &[u8], i: usize, out: &mut Tokens) -> Option<usize> {
    let at = out.len();
    let end = meld_tokens(b, i, out);
    if end.is_none() {
        out.truncate(at);
    }
    end
}

fn meld_tokens(b: &[u8], i: usize, out: &mut Tokens) -> Option<usize> {
    let at = out.len();
    out.push(Token::Meld { start: i, end: i });
    let mut j = i + 1;
    while let Some(end) = group_end(b, j) {
        out.push(Token::Group { start: j, end });
        j = end;
    }
    if out.len() == at + 1 {
        return None;
    }
    if b.get(j) == Some(&b',') {
        let start = j + 1;
        j = start;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j == start {
            return None;
        }
        out.push(Token::Source { start, end: j });
    }
    if b.get(j) != Some(&b']') {
        return None;
    }
    j += 1;
    out[at] = Token::Meld { start: i, end: j };
    out.push(Token::MeldEnd);
    Some(j)
}

/// One `tile_part` (`meld+ ~ group* | group+`) at `i`: pushes its tokens and returns its end,
/// or leaves `out` as it was and returns `None` if none starts there. `meld+` stops before a
/// meld that does not parse, as pest's repetition does; what follows must then fit.
fn tile_part(b: &[u8], i: usize, out: &mut Tokens) -> Option<usize> {
    let at = out.len();
    let mut j = i;
    while b.get(j) == Some(&b'[') {
        match meld(b, j, out) {
            Some(end) => j = end,
            None => break,
        }
    }
    while let Some(end) = group_end(b, j) {
        out.push(Token::Group { start: j, end });
        j = end;
    }
    (out.len() > at).then_some(j)
}

/// Scans a hand line into `out`, following the grammar rule by rule:
/// `sp* ~ tiles ~ (sp+ ~ word)* ~ sp* ~ EOI`, with
/// `tiles = tile_part ~ (sp+ ~ tile_part ~ &(sp | EOI))*`. Returns where the tiles start, or
/// `None` when the line is not in the grammar (pest then says why) or not plain ASCII (Unicode
/// tiles are left to pest).
pub(super) fn lex_hand(input: &str, out: &mut Tokens) -> Option<usize> {
    out.clear();
    if !input.is_ascii() {
        return None;
    }
    let b = input.as_bytes();
    let tiles_start = skip_sp(b, 0);
    let mut i = tile_part(b, tiles_start, out)?;
    // Further tile parts, each after blanks and followed by a blank or the end; the first part
    // that is not one begins the words.
    loop {
        let start = skip_sp(b, i);
        if start == i || start == b.len() {
            break;
        }
        let at = out.len();
        match tile_part(b, start, out) {
            Some(end) if end == b.len() || is_sp(b[end]) => i = end,
            Some(_) => {
                out.truncate(at);
                break;
            }
            None => break,
        }
    }
    loop {
        let start = skip_sp(b, i);
        if start == b.len() {
            return Some(tiles_start);
        }
        // A word must be preceded by a blank: anything else straight after the tiles is outside
        // the grammar.
        if start == i {
            return None;
        }
        let mut end = start;
        while end < b.len() && !is_sp(b[end]) {
            end += 1;
        }
        out.push(Token::Word { start, end });
        i = end;
    }
}

/// Scans a bare run of tiles (`sp* ~ (group ~ sp*)* ~ EOI`) into `out`, or `None` when it is
/// not one (or not plain ASCII).
pub(super) fn lex_run(input: &str, out: &mut Tokens) -> Option<()> {
    out.clear();
    if !input.is_ascii() {
        return None;
    }
    let b = input.as_bytes();
    let mut i = skip_sp(b, 0);
    while let Some(end) = group_end(b, i) {
        out.push(Token::Group { start: i, end });
        i = skip_sp(b, end);
    }
    (i == b.len()).then_some(())
}

fn span(p: &Pair<'_, Rule>) -> (usize, usize) {
    (p.as_span().start(), p.as_span().end())
}

/// The shape of a line pest parsed as `hand`, and where its tiles start.
pub(super) fn from_pest_hand(top: Pair<'_, Rule>, out: &mut Tokens) -> usize {
    out.clear();
    let mut tiles_start = 0;
    for part in top.into_inner() {
        match part.as_rule() {
            Rule::tiles => {
                tiles_start = part.as_span().start();
                for item in part.into_inner() {
                    match item.as_rule() {
                        Rule::meld => {
                            let (start, end) = span(&item);
                            out.push(Token::Meld { start, end });
                            for inner in item.into_inner() {
                                let (start, end) = span(&inner);
                                match inner.as_rule() {
                                    Rule::group => out.push(Token::Group { start, end }),
                                    Rule::source => out.push(Token::Source { start, end }),
                                    _ => {}
                                }
                            }
                            out.push(Token::MeldEnd);
                        }
                        Rule::group => {
                            let (start, end) = span(&item);
                            out.push(Token::Group { start, end });
                        }
                        _ => {}
                    }
                }
            }
            Rule::word => {
                let (start, end) = span(&part);
                out.push(Token::Word { start, end });
            }
            _ => {}
        }
    }
    tiles_start
}

/// The shape of a line pest parsed as `tile_run`.
pub(super) fn from_pest_run(top: Pair<'_, Rule>, out: &mut Tokens) {
    out.clear();
    for pair in top.into_inner() {
        if pair.as_rule() == Rule::group {
            let (start, end) = span(&pair);
            out.push(Token::Group { start, end });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::grammar::NotationParser;
    use crate::rng::Rng;
    use pest::Parser;

    /// Pieces of lines: tokens of every kind, near misses, blanks and non-ASCII characters.
    const PIECES: &[&str] = &[
        "123m",
        "0p",
        "1234567z",
        "15f",
        "EES",
        "P",
        "[555p]",
        "[555p,2]",
        "[123m,34]",
        "[EEEE]",
        "[]",
        "[,]",
        "[555p,]",
        "[555p",
        "]",
        ",",
        "[1m2m3m]",
        "12",
        "m",
        "e",
        " ",
        "\t",
        "  ",
        "self",
        "seat=S",
        "x=y",
        "中",
        "\u{a0}",
        "\r",
        "#",
    ];

    fn pest_hand(line: &str) -> Option<(usize, Tokens)> {
        let top = NotationParser::parse(Rule::hand, line).ok()?.next()?;
        let mut tokens = Tokens::new();
        let start = from_pest_hand(top, &mut tokens);
        Some((start, tokens))
    }

    fn pest_run(line: &str) -> Option<Tokens> {
        let top = NotationParser::parse(Rule::tile_run, line).ok()?.next()?;
        let mut tokens = Tokens::new();
        from_pest_run(top, &mut tokens);
        Some(tokens)
    }

    /// Whatever the scanners accept, pest parses to the very same shape; and the scanners
    /// accept the plain lines a batch holds.
    #[test]
    fn scanners_find_the_shape_pest_finds() {
        let mut rng = Rng::new(26);
        let (mut accepted, mut tokens) = (0, Tokens::new());
        for _ in 0..20_000 {
            let mut line = String::new();
            for _ in 0..1 + rng.index(7) {
                line.push_str(PIECES[rng.index(PIECES.len())]);
            }
            if let Some(start) = lex_hand(&line, &mut tokens) {
                accepted += 1;
                assert_eq!(pest_hand(&line), Some((start, tokens.clone())), "{line:?}");
            }
            if lex_run(&line, &mut tokens).is_some() {
                assert_eq!(pest_run(&line), Some(tokens.clone()), "{line:?} as a run");
            }
        }
        assert!(accepted > 1000, "only {accepted} lines scanned");
        for line in [
            "[EEEE,1][WWWW,2]23466sCCC self fourth",
            " 123m456p789s11sEE\tseat=S  ",
            "15f",
        ] {
            assert!(lex_hand(line, &mut tokens).is_some(), "{line:?}");
        }
        assert!(lex_run(" 15f ", &mut tokens).is_some());
    }
}
