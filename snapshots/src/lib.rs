//! Scoring corpora for the snapshot suites in `tests/`.
//!
//! A corpus (`corpus/<ruleset>.txt`) is a list of hands in notation, one per line, each preceded by
//! one or more `# comment` lines saying what it shows. A blank line ends a comment block, so a block
//! not directly above a hand (such as a file header) belongs to no hand.

use mj_dsl::{score_text, HandReport, Ruleset};
use serde::Serialize;
use std::path::PathBuf;

/// One hand of a corpus with the comment written above it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub comment: String,
    pub hand: String,
    /// 1-based line of the hand in its file.
    pub line: usize,
}

/// What scoring a case gave: the full report, or `error: <message>`.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(untagged)]
pub enum Outcome {
    /// Boxed: a report with its explanations is far larger than an error.
    Scored(Box<HandReport>),
    Error(String),
}

/// A case and its result, as locked in the snapshot.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Entry {
    pub comment: String,
    pub hand: String,
    pub result: Outcome,
}

/// The corpus file of a ruleset.
pub fn corpus_path(ruleset: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(format!("{ruleset}.txt"))
}

/// The rulesets that have a corpus (`corpus/NAME.txt`), sorted.
pub fn corpus_names() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .to_str()?
                .strip_suffix(".txt")
                .map(String::from)
        })
        .collect();
    names.sort();
    names
}

/// Reads a corpus: every hand must have a comment above it.
pub fn parse_corpus(text: &str) -> Result<Vec<Case>, String> {
    let mut cases = Vec::new();
    let mut comment: Vec<&str> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            comment.clear();
            continue;
        }
        if let Some(c) = line.strip_prefix('#') {
            comment.push(c.trim());
            continue;
        }
        if comment.is_empty() {
            return Err(format!("line {}: hand without a # comment: {line}", i + 1));
        }
        cases.push(Case {
            comment: comment.join(" "),
            hand: line.to_string(),
            line: i + 1,
        });
        comment.clear();
    }
    Ok(cases)
}

/// Reads the corpus file of a ruleset; panics with the path on any problem.
pub fn read_corpus(ruleset: &str) -> Vec<Case> {
    let path = corpus_path(ruleset);
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    parse_corpus(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Scores one case.
pub fn score_case(rs: &Ruleset, case: &Case) -> Entry {
    Entry {
        comment: case.comment.clone(),
        hand: case.hand.clone(),
        result: match score_text(rs, &case.hand) {
            Ok(r) => Outcome::Scored(Box::new(r)),
            Err(e) => Outcome::Error(format!("error: {e}")),
        },
    }
}

/// Scores every case of a corpus.
pub fn score_corpus(rs: &Ruleset, cases: &[Case]) -> Vec<Entry> {
    cases.iter().map(|c| score_case(rs, c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_attach_to_the_next_hand() {
        let cases = parse_corpus("# header\n\n# one\n# two\n123m\n\n# three\n456p\n").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].comment, "one two");
        assert_eq!(cases[0].line, 5);
        assert_eq!(cases[1].hand, "456p");
    }

    #[test]
    fn a_hand_needs_a_comment() {
        assert!(parse_corpus("123m\n").is_err());
        assert!(parse_corpus("# lonely\n\n123m\n").is_err());
    }
}
