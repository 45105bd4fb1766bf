//! The small piece of XML an mjlog uses, read by hand: a `<mjloggm>` root holding only empty
//! elements (`<T52/>`, `<INIT seed=".." ... />`) with double-quoted attributes. Writing this
//! subset here keeps the crate free of an XML dependency, and lets every error carry the line,
//! column and byte where the text stopped making sense, which a general parser reports less
//! precisely for this format.

use std::fmt;

/// Where something is in the input: 1-based line and column (in characters), 0-based byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Position {
    pub line: usize,
    pub column: usize,
    pub byte: usize,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {} (byte {})",
            self.line, self.column, self.byte
        )
    }
}

/// A malformed mjlog: where, what was expected there and what was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub at: Position,
    pub expected: String,
    pub found: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: expected {}, found {}", self.at, self.expected, self.found)
    }
}

impl std::error::Error for ParseError {}

/// One empty element: `<NAME a="1" b="2"/>` (or an open tag such as the root's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tag {
    pub name: String,
    pub attrs: Vec<(String, String)>,
    /// Where the `<` is.
    pub at: Position,
    /// `</NAME>`.
    pub closing: bool,
}

impl Tag {
    /// The attribute's value, if the tag has it.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.attrs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }
}

/// Reads tags one at a time, tracking the position for errors.
pub struct Tokens<'a> {
    text: &'a str,
    byte: usize,
    line: usize,
    line_start: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Self {
        Tokens {
            text,
            byte: 0,
            line: 1,
            line_start: 0,
        }
    }

    /// The current position.
    pub fn position(&self) -> Position {
        Position {
            line: self.line,
            column: self.text[self.line_start..self.byte].chars().count() + 1,
            byte: self.byte,
        }
    }

    /// An error at the current position; `found` describes the text there.
    pub fn error(&self, expected: &str) -> ParseError {
        ParseError {
            at: self.position(),
            expected: expected.to_string(),
            found: self.found(),
        }
    }

    fn found(&self) -> String {
        let rest = &self.text[self.byte..];
        match rest.chars().next() {
            None => "the end of the input".to_string(),
            Some(_) => {
                let shown: String = rest.chars().take(12).collect();
                format!("`{}`", shown.escape_debug())
            }
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.byte..].chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.byte += c.len_utf8();
        if c == '\n' {
            self.line += 1;
            self.line_start = self.byte;
        }
        Some(c)
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.text[self.byte..].starts_with(s) {
            for _ in s.chars() {
                self.bump();
            }
            true
        } else {
            false
        }
    }

    fn skip_blanks(&mut self) {
        while self.peek().is_some_and(|c| c.is_whitespace()) {
            self.bump();
        }
    }

    /// Skips text up to and including `end`; an error if the input ends first.
    fn skip_past(&mut self, end: &str, expected: &str) -> Result<(), ParseError> {
        match self.text[self.byte..].find(end) {
            Some(i) => {
                let stop = self.byte + i + end.len();
                while self.byte < stop {
                    self.bump();
                }
                Ok(())
            }
            None => {
                while self.bump().is_some() {}
                Err(self.error(expected))
            }
        }
    }

    fn name(&mut self) -> String {
        let start = self.byte;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            self.bump();
        }
        self.text[start..self.byte].to_string()
    }

    /// The next tag, skipping blanks, the XML declaration and comments; `None` at the end.
    pub fn next_tag(&mut self) -> Result<Option<Tag>, ParseError> {
        loop {
            self.skip_blanks();
            if self.peek().is_none() {
                return Ok(None);
            }
            if self.eat("<?") {
                self.skip_past("?>", "`?>` closing the XML declaration")?;
                continue;
            }
            if self.eat("<!--") {
                self.skip_past("-->", "`-->` closing the comment")?;
                continue;
            }
            if self.peek() != Some('<') {
                return Err(self.error("`<` starting a tag"));
            }
            return self.tag().map(Some);
        }
    }

    fn tag(&mut self) -> Result<Tag, ParseError> {
        let at = self.position();
        self.bump();
        let closing = self.eat("/");
        let name = self.name();
        if name.is_empty() {
            return Err(self.error("a tag name"));
        }
        let mut attrs = Vec::new();
        loop {
            self.skip_blanks();
            if self.eat("/>") || self.eat(">") {
                return Ok(Tag {
                    name,
                    attrs,
                    at,
                    closing,
                });
            }
            if closing {
                return Err(self.error("`>` ending the closing tag"));
            }
            let key = self.name();
            if key.is_empty() {
                return Err(self.error("an attribute name, `/>` or `>`"));
            }
            self.skip_blanks();
            if !self.eat("=") {
                return Err(self.error(&format!("`=` after attribute `{key}`")));
            }
            self.skip_blanks();
            if !self.eat("\"") {
                return Err(self.error(&format!("`\"` opening the value of `{key}`")));
            }
            let start = self.byte;
            while self.peek().is_some_and(|c| c != '"' && c != '<') {
                self.bump();
            }
            if self.peek() != Some('"') {
                return Err(self.error(&format!("`\"` closing the value of `{key}`")));
            }
            let value = unescape(&self.text[start..self.byte]);
            self.bump();
            attrs.push((key, value));
        }
    }
}

/// The five predefined entities; anything else is kept as written.
fn unescape(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_positions() {
        let mut t = Tokens::new("<?xml version=\"1.0\"?>\n<a x=\"1&amp;2\">\n  <T12/></a>");
        let a = t.next_tag().unwrap().unwrap();
        assert_eq!((a.name.as_str(), a.get("x")), ("a", Some("1&2")));
        let b = t.next_tag().unwrap().unwrap();
        assert_eq!((b.name.as_str(), b.at.line, b.at.column), ("T12", 3, 3));
        assert!(t.next_tag().unwrap().unwrap().closing);
        assert_eq!(t.next_tag().unwrap(), None);
    }

    #[test]
    fn errors_say_where() {
        let e = Tokens::new("<a x=1/>").next_tag().unwrap_err();
        assert_eq!(e.at.column, 6);
        assert!(e.expected.contains("opening the value"), "{e}");
        let e = Tokens::new("<a x=\"1/>").next_tag().unwrap_err();
        assert!(e.found.contains("end of the input"), "{e}");
    }
}
