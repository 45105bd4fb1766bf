//! The expression language of rulesets, from text to a number: `when` conditions, group and shape
//! patterns, and settlement formulas. A pipeline, each stage importing only earlier ones:
//! [`ast`] (syntax) ← [`parse`] (pest) ← [`ir`] (the compiled form) ← [`facts`] (what a reading
//! shows) ← [`group`] (set patterns at work) ← [`gate`] (cheap necessary conditions) ←
//! [`compile`] (names resolved against a [`Scope`]) and [`eval`] (the evaluator); [`hints`] words
//! "did you mean". Nothing here knows rulesets, scoring or settlement.

pub mod ast;
pub mod compile;
pub mod eval;
pub mod facts;
pub mod gate;
pub mod group;
pub mod hints;
pub mod ir;
pub mod parse;
pub mod reads;

pub use ast::{Ast, BinOp, Constraint, GroupAst, GroupKind, Span, SyntaxError};
pub use compile::{
    compile, compile_class, compile_group, form_by_name, form_name, vocabulary, wait_bit, CompileError,
    Entry, Scope, Vocabulary, FORM_NAMES,
};
pub use eval::{Compiled, Cond};
pub(crate) use facts::Groups;
pub use facts::{suit_rank, Facts};
pub use gate::{Gate, GateMasks, GateTest, VarRange, MAX_RANGES};
pub use group::{count_groups, Pick};
pub(crate) use group::{for_each_subset, pick};
pub use hints::suggest;
pub use ir::{
    form_flag, names, var_by_index, var_flag, wait_flags, Class, Expr, Group, Shape, Var, FIRST_WORD_FLAG,
    ROUND_WIND_HELD, SEAT_WIND_HELD, VAR_COUNT,
};
pub use parse::{parse_expr, parse_group};
pub use reads::{reads, Reads};

/// The tile ids in a mask, lowest first.
pub(crate) use mj_core::tile::ids as bits;
