//! Decision 14 of ../shared/rules/riichi.md written out again, independently of the engine's
//! `match_end`, with the values each riichi ruleset's section gives: where a played match may
//! end.

use mj_core::game::matchplay::MatchResult;
use mj_core::game::{Record, Rules};
use mj_dsl::table::Table;

/// The rule text's ending of one riichi ruleset.
#[derive(Clone, Copy, Debug)]
pub struct EndRule {
    /// "a player below zero ends the game (飛び)"; exactly 0 plays on.
    pub tobi: bool,
    /// "the game ends if anyone has 30,000" (riichi-sanma: 40,000).
    pub target: i64,
    /// "otherwise it goes on into West (sudden death at 30,000)", at most West 4.
    pub west: bool,
    /// "the dealer ending first with 30,000+ in the last hand may stop (あがりやめ)".
    pub stops: bool,
}

/// riichi: all four, target 30,000.
pub const RIICHI: EndRule = EndRule {
    tobi: true,
    target: 30_000,
    west: true,
    stops: true,
};
/// riichi[west=false]: South 4 (or the last deal) passing ends the game.
pub const RIICHI_NO_WEST: EndRule = EndRule {
    west: false,
    ..RIICHI
};
/// riichi-ema: "no tobi, exactly East + South", no あがりやめ.
pub const EMA: EndRule = EndRule {
    tobi: false,
    target: 30_000,
    west: false,
    stops: false,
};
/// riichi-sanma: Tenhou's three-player rules, target and return 40,000.
pub const SANMA: EndRule = EndRule {
    target: 40_000,
    ..RIICHI
};

/// Whether the game may end after hand `r` of an `n`-player match, with running points `pts`
/// after it and `stays` whether its dealer keeps the deal.
pub fn ends_here(rule: EndRule, r: &Record, n: usize, stays: bool, pts: &[i64]) -> bool {
    let top = pts
        .iter()
        .enumerate()
        .max_by_key(|&(s, &p)| (p, std::cmp::Reverse(s)))
        .map(|(s, _)| s);
    let last_deal = r.dealer + 1 == n;
    let stretch = (r.round == 'S' && last_deal) || (rule.west && r.round == 'W');
    let dealer_first = top == Some(r.dealer) && pts[r.dealer] >= rule.target;
    let reached = pts.iter().any(|&p| p >= rule.target);
    (rule.tobi && pts.iter().any(|&p| p < 0))
        || (stretch && stays && rule.stops && dealer_first)
        || (stretch && !stays && (!rule.west || reached))
        || (r.round == 'W' && last_deal && !stays)
}

/// Checks that `m` ended at the first hand where [`ends_here`] holds, from points `start`, and
/// returns the rounds its hands were in.
pub fn check_end(m: &MatchResult, t: &Table, rule: EndRule, start: &[i64], seed: u64) -> String {
    let n = start.len();
    let mut pts = start.to_vec();
    for (k, r) in m.hands.iter().enumerate() {
        for (p, x) in pts.iter_mut().zip(r.net()) {
            *p += x;
        }
        let (next, _) = r.next_dealer(t.table());
        let last = k + 1 == m.hands.len();
        assert_eq!(
            ends_here(rule, r, n, next == r.dealer, &pts),
            last,
            "seed {seed}, hand {k}: {pts:?}"
        );
    }
    m.hands.iter().map(|r| r.round).collect()
}
