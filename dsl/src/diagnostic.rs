//! Diagnostics: what went wrong in a ruleset, where (file, line, column) and what to write instead.

use std::fmt;
use std::ops::Range;

/// One problem found while loading a ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// File the problem is in, as the user named it (e.g. `rulesets/mcr/ruleset.toml`).
    pub file: String,
    /// Byte range in that file; empty when the problem has no single place.
    pub span: Range<usize>,
    pub line: usize,
    pub column: usize,
    pub message: String,
    /// What to write instead, when we can tell.
    pub help: Option<String>,
    /// The offending line of source, for display.
    pub snippet: String,
}

impl Diagnostic {
    pub fn new(file: &str, source: &str, span: Range<usize>, message: impl Into<String>) -> Diagnostic {
        let start = span.start.min(source.len());
        let (line, column) = line_col(source, start);
        let snippet = source
            .lines()
            .nth(line.saturating_sub(1))
            .unwrap_or("")
            .to_string();
        Diagnostic {
            file: file.to_string(),
            span,
            line,
            column,
            message: message.into(),
            help: None,
            snippet,
        }
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    /// A problem that belongs to no file position (e.g. an unknown built-in ruleset name).
    pub fn general(file: &str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            file: file.to_string(),
            span: 0..0,
            line: 0,
            column: 0,
            message: message.into(),
            help: None,
            snippet: String::new(),
        }
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let mut line = 1;
    let mut line_start = 0;
    for (i, c) in source.char_indices() {
        if i >= offset {
            break;
        }
        if c == '\n' {
            line += 1;
            line_start = i + 1;
        }
    }
    let col = source
        .get(line_start..offset)
        .map_or(1, |s| s.chars().count() + 1);
    (line, col)
}

impl fmt::Display for Diagnostic {
    /// Rendered in the compiler style: `error: ...`, `--> file:line:col`, the source line with a
    /// caret, and `help:`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "error: {}", self.message)?;
        if self.line == 0 {
            write!(f, "  --> {}", self.file)?;
        } else {
            writeln!(f, "  --> {}:{}:{}", self.file, self.line, self.column)?;
            let num = self.line.to_string();
            let pad = " ".repeat(num.len());
            writeln!(f, "{pad} |")?;
            writeln!(f, "{num} | {}", self.snippet)?;
            let width = self.snippet_width();
            let lead: String = self
                .snippet
                .chars()
                .take(self.column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "{pad} | {lead}{}", "^".repeat(width.max(1)))?;
        }
        if let Some(h) = &self.help {
            write!(f, "\n  = help: {h}")?;
        }
        Ok(())
    }
}

impl Diagnostic {
    fn snippet_width(&self) -> usize {
        let len = self.span.end.saturating_sub(self.span.start);
        let rest = self
            .snippet
            .chars()
            .count()
            .saturating_sub(self.column.saturating_sub(1));
        len.min(rest)
    }
}

/// Every problem found, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}
