//! Error wording: every rejection, pest's own included, becomes a [`NotationError`] at a column,
//! so users never see raw parser output.

use std::fmt;

use pest::error::{ErrorVariant, InputLocation};

use super::grammar::Rule;
use crate::tile::HONOUR_LETTERS;

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

pub(super) fn error(
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
pub(super) fn column_at(input: &str, byte: usize) -> usize {
    input.get(..byte).map_or(0, |s| s.chars().count()) + 1
}

/// Columns of one line: for the usual all-ASCII line a byte offset is its column, so the
/// characters before it need not be counted each time.
#[derive(Clone, Copy)]
pub(super) struct Columns<'a> {
    pub(super) input: &'a str,
    pub(super) ascii: bool,
}

impl<'a> Columns<'a> {
    pub(super) fn new(input: &'a str) -> Columns<'a> {
        Columns {
            input,
            ascii: input.is_ascii(),
        }
    }

    pub(super) fn at(&self, byte: usize) -> usize {
        if self.ascii {
            byte + 1
        } else {
            column_at(self.input, byte)
        }
    }
}

pub(super) fn describe(rule: Rule) -> &'static str {
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

pub(super) fn join_alternatives(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{}, or {last}", init.join(", or ")),
    }
}

/// Turns pest's "expected rules at position" into the notation's own vocabulary. The common
/// slips (digits without a suit letter, an unclosed meld, lowercase honours, melds after the
/// concealed tiles) get a message of their own; anything else lists what would fit there.
pub(super) fn convert_pest_error(input: &str, e: &pest::error::Error<Rule>) -> NotationError {
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

pub(super) const TILES_EXPECTED: &str = "tiles such as 123m, E or 5f, or a meld such as [555p]";

pub(super) fn honour_name(letter: char) -> &'static str {
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
