//! Diagnostics: what went wrong in a ruleset, where (file, line, column) and what to write instead.

use codespan_reporting::diagnostic::{Diagnostic as CsDiagnostic, Label};
use codespan_reporting::files;
use codespan_reporting::term;
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
    /// Rendered by `codespan-reporting` without colour: `error: ...`, `┌─ file:line:col`, the
    /// source line with the offending part underlined, and `= help: ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = term::termcolor::NoColor::new(Vec::new());
        self.emit(&mut buf).map_err(|_| fmt::Error)?;
        let text = String::from_utf8_lossy(buf.get_ref());
        f.write_str(text.trim_end())
    }
}

impl Diagnostic {
    /// Writes the diagnostic to a terminal writer; callers that want colour pass a colour writer
    /// (`Display` uses a plain one).
    pub fn emit(&self, out: &mut dyn term::termcolor::WriteColor) -> Result<(), files::Error> {
        let mut d = CsDiagnostic::error().with_message(&self.message);
        let mut notes = Vec::new();
        if self.line == 0 {
            notes.push(format!("in: {}", self.file));
        } else {
            let start = byte_of_column(&self.snippet, self.column);
            let len = self.span.end.saturating_sub(self.span.start);
            let mut end = (start + len).min(self.snippet.len());
            while !self.snippet.is_char_boundary(end) {
                end += 1;
            }
            d = d.with_labels(vec![Label::primary((), start..end)]);
        }
        if let Some(h) = &self.help {
            notes.push(format!("help: {h}"));
        }
        d = d.with_notes(notes);
        let config = term::Config::default();
        term::emit(out, &config, &OneLine(self), &d)
    }
}

/// Byte offset of a 1-based character column within a line.
fn byte_of_column(line: &str, column: usize) -> usize {
    line.char_indices()
        .nth(column.saturating_sub(1))
        .map_or(line.len(), |(b, _)| b)
}

/// The one source line a [`Diagnostic`] keeps, presented to codespan as a file whose only line
/// has the diagnostic's line number.
struct OneLine<'a>(&'a Diagnostic);

impl<'a> files::Files<'a> for OneLine<'_> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, _: ()) -> Result<&'a str, files::Error> {
        Ok(&self.0.file)
    }

    fn source(&'a self, _: ()) -> Result<&'a str, files::Error> {
        Ok(&self.0.snippet)
    }

    fn line_index(&'a self, _: (), _byte: usize) -> Result<usize, files::Error> {
        Ok(0)
    }

    fn line_number(&'a self, _: (), line_index: usize) -> Result<usize, files::Error> {
        Ok(self.0.line + line_index)
    }

    fn line_range(&'a self, _: (), line_index: usize) -> Result<Range<usize>, files::Error> {
        match line_index {
            0 => Ok(0..self.0.snippet.len()),
            _ => Ok(self.0.snippet.len()..self.0.snippet.len()),
        }
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
