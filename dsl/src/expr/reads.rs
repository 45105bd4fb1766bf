//! What a condition reads: the hand quantities and context words a fan's condition names. A
//! context word's warning names the fans that read it, and a word is inert only when every
//! condition that reads it refuses the hand either way; the bits are worked out once at load.

use super::ir::{Expr, Var};

/// What a condition reads, as bits: the hand quantities ([`Var`]) and the words (by index,
/// the derived words after the ruleset's own), worked out once at load.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reads {
    vars: u64,
    words: u128,
    /// A word index past the bits: [`Reads::reads`] walks the condition instead.
    beyond: bool,
}

impl Reads {
    pub fn of(e: Option<&Expr>) -> Reads {
        let mut r = Reads::default();
        if let Some(e) = e {
            r.collect(e);
        }
        r
    }

    fn collect(&mut self, e: &Expr) {
        match e {
            Expr::Var(v) | Expr::VarCmp(_, v, _) => self.vars |= 1 << (*v as u32),
            Expr::Word(i) => match 1u128.checked_shl(*i as u32) {
                Some(bit) if *i < 128 => self.words |= bit,
                _ => self.beyond = true,
            },
            Expr::Not(a) => self.collect(a),
            Expr::Bin(_, a, b) => {
                self.collect(a);
                self.collect(b);
            }
            _ => {}
        }
    }

    /// Whether condition `e`, of which these are the reads, reads `var` or `word`.
    pub fn reads(&self, e: &Expr, var: Option<Var>, word: Option<usize>) -> bool {
        if self.beyond {
            return reads(e, var, word);
        }
        var.is_some_and(|v| self.vars >> (v as u32) & 1 != 0)
            || word.is_some_and(|w| w < 128 && self.words >> w & 1 != 0)
    }
}

/// Whether condition `e` reads hand quantity `var` or ruleset word `word`.
pub fn reads(e: &Expr, var: Option<Var>, word: Option<usize>) -> bool {
    match e {
        Expr::Var(v) | Expr::VarCmp(_, v, _) => Some(*v) == var,
        Expr::Word(i) => Some(*i) == word,
        Expr::Not(a) => reads(a, var, word),
        Expr::Bin(_, a, b) => reads(a, var, word) || reads(b, var, word),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bits answer as the walk does, for every fan condition of every built-in ruleset, every
    /// hand quantity and every word index (the ruleset's own and the derived ones).
    #[test]
    fn the_bits_agree_with_the_walk() {
        let mut checked = 0;
        for name in crate::builtin_names() {
            let rs = crate::load(name).expect("built-in ruleset loads");
            let words = rs.context_words.len() + crate::ruleset::DERIVED_WORDS.len();
            for (f, r) in rs.fans.iter().zip(&rs.scoring.reads) {
                let Some(e) = f.when.as_deref() else { continue };
                let vars = (0..crate::expr::VAR_COUNT).filter_map(crate::expr::var_by_index);
                for var in vars.map(Some).chain([None]) {
                    for word in (0..words).map(Some).chain([None]) {
                        assert_eq!(r.reads(e, var, word), reads(e, var, word), "{name} {}", f.id);
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000, "only {checked} cases");
    }
}
