//! Ruleset loading and scoring. A ruleset folder (TOML + rhai) becomes a compiled [`Ruleset`]
//! or a list of [`Diagnostics`]; loading never panics. Scoring reads only compiled data.

pub mod cancel;

pub mod context;
pub mod diagnostic;
pub mod diff;
pub mod doc;
pub mod expr;
pub mod json_text;
pub mod limits;
pub mod load;
pub mod outcome;
pub mod penalty;
pub mod plan;
pub mod points;
pub mod probe;
pub mod report;
pub mod report_json;
pub mod ruleset;
pub mod sample;
pub mod schema;
pub mod score;
pub mod script;
mod scriptapi;
pub mod settle;
pub mod table;
pub mod tournament;
pub mod word_rules;
pub mod words;

pub use diagnostic::{Diagnostic, Diagnostics};
pub use load::{builtin_names, load, load_from_memory};
pub use report::{score_text, waits_text, write_json_line, ErrorReport, HandReport, Payments, WaitsReport};
pub use report_json::{
    outcome_text_line, score_text_line, waits_text_line, write_outcome_line, write_report_line,
    write_waits_line,
};
pub use ruleset::Ruleset;
pub use score::explain;
pub use score::{score, FanHit, Score, ScoreError};
