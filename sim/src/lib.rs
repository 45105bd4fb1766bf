//! Bot experiments over a ruleset, as a library: `mj simulate`, `mj merge` and
//! `mj tournament simulate` are thin shells over it, and the web server or a Python binding can
//! run the same experiments.
//!
//! - [`experiment`]: what fixes an experiment (ruleset, bots, seed, hands), the seed of each
//!   hand, shards, and the run over threads.
//! - [`partial`]: the integer-exact statistics a run fills and merges without loss.
//! - [`partial_file`]: the `mj-simulate-partial` file of one shard, and the merge of shards.
//! - [`figures`] and [`significance`]: rates with Wilson intervals, means, histograms; the z and
//!   Welch t tests of a comparison.
//! - [`report`]: the reports as text, CSV and JSON.
//! - [`lines`]: independent jobs over the lines of an input on threads, written in input order
//!   (`--batch`).
//! - [`match_file`]: the `mj-match` document of a match played by bots.
//! - [`tournament`]: a whole event played by bots.
//!
//! The library prints nothing, reads and writes no file and knows no command-line parser: it
//! takes a compiled table and returns values and strings.

pub mod experiment;
pub mod figures;
pub mod lines;
pub mod match_file;
pub mod partial;
pub mod partial_file;
pub mod report;
pub mod significance;
pub mod tournament;

pub use experiment::{Bot, Experiment, Shard};
pub use partial::Partial;
pub use partial_file::PartialFile;
pub use report::Format;
