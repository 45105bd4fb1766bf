//! The syntax tree of the expression language: what `when` conditions, settlement formulas and
//! group patterns say, with the byte span of every node so diagnostics can point into the text.
//! Only syntax lives here; [`super::compile`] gives it meaning.

/// Byte range within the expression text.
pub type Span = std::ops::Range<usize>;

#[derive(Clone, Debug, PartialEq)]
pub enum Ast {
    Num(i64, Span),
    Str(String, Span),
    Ident(String, Span),
    Tiles(Vec<(String, Span)>, Span),
    Call(String, Vec<Ast>, Span),
    Not(Box<Ast>, Span),
    Bin(BinOp, Box<Ast>, Box<Ast>, Span),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Or,
    And,
    Eq,
    Ne,
    Ge,
    Le,
    Gt,
    Lt,
    Add,
    Sub,
    Mul,
    Div,
    /// `min(a, b)`, `max(a, b)`, `pow(a, b)`: written as calls, evaluated as operators.
    Min,
    Max,
    Pow,
    Union,
    Inter,
}

impl Ast {
    pub fn span(&self) -> Span {
        match self {
            Ast::Num(_, s)
            | Ast::Str(_, s)
            | Ast::Ident(_, s)
            | Ast::Tiles(_, s)
            | Ast::Call(_, _, s)
            | Ast::Not(_, s)
            | Ast::Bin(_, _, _, s) => s.clone(),
        }
    }
}

/// A syntax error: where in the text, and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub span: Span,
    pub message: String,
}

/// A parsed set-group pattern: `3 chows: same suit, ranks 1 4 7`.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupAst {
    pub count: usize,
    pub kind: GroupKind,
    pub constraints: Vec<(Constraint, Span)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GroupKind {
    Chows,
    Pungs,
    Pairs,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Constraint {
    SameSuit,
    DifferentSuits,
    SameRank,
    Ranks(Vec<u8>),
    Step(Vec<u8>),
    Tiles(Ast),
}
