//! A whole match replayed from its hands' records. Replaying each hand alone checks the hand;
//! this checks the match around them: the match loop of [`super::matchplay`] deals every hand
//! again from the match seed, each recorded hand must be the one it deals (seed, dealer, round,
//! what the table carries) and must replay, the dealer's recorded answers to あがりやめ are
//! given again, and the match must end exactly where the records end.

use super::matchplay::{play_match_asking, MatchHand, MatchResult, MatchStart};
use super::record::{replay, Record};
use super::rules::Rules;
use std::cell::Cell;

/// Where a match's records leave the match the rules play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchDivergence {
    /// The hand, counted from 1.
    pub hand: usize,
    pub message: String,
}

impl std::fmt::Display for MatchDivergence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "hand {}: {}", self.hand, self.message)
    }
}

impl std::error::Error for MatchDivergence {}

/// Replays the match of `hands`, played from `from` ([`MatchStart::fresh`] for a whole match)
/// with the match seed `seed` over `rounds` rounds (the ruleset's when `None`), as
/// [`super::matchplay::play_match_from`] plays it. A
/// record that says nothing of あがりやめ (`dealer_stops` absent: an older record) stopped
/// exactly when it is the last. The result is the match's, with the records as given.
pub fn replay_match(
    rules: &dyn Rules,
    seed: u64,
    rounds: Option<u32>,
    from: &MatchStart,
    hands: &[Record],
) -> Result<MatchResult, MatchDivergence> {
    // Hands dealt so far: the hand closure moves it on, the stop closure reads the hand dealt.
    let dealt = Cell::new(0usize);
    let result = play_match_asking(
        rules,
        seed,
        rounds,
        from,
        &mut |h: &MatchHand| {
            let k = dealt.get();
            let fail = |message: String| MatchDivergence { hand: k + 1, message };
            let Some(r) = hands.get(k) else {
                return Err(fail("the match deals another hand; the records end".into()));
            };
            dealt.set(k + 1);
            if let Some(m) = start_mismatch(r, h) {
                return Err(fail(m));
            }
            replay(rules, r).map_err(|d| fail(format!("diverges at {d}")))?;
            Ok(r.clone())
        },
        &mut |_, _| {
            let k = dealt.get();
            let told = hands.get(k.wrapping_sub(1)).and_then(|r| r.dealer_stops);
            told.unwrap_or(k == hands.len())
        },
    )?;
    if result.hands.len() < hands.len() {
        return Err(MatchDivergence {
            hand: result.hands.len() + 1,
            message: format!(
                "the match ended after hand {}; the records go on",
                result.hands.len()
            ),
        });
    }
    Ok(result)
}

/// How the recorded hand `r` differs from the hand the match deals (`h`), if it does.
fn start_mismatch(r: &Record, h: &MatchHand) -> Option<String> {
    let dealt = (h.seed, h.dealer, h.round.letter());
    let recorded = (r.seed, r.dealer, r.round);
    if dealt != recorded {
        return Some(format!(
            "the match deals seed {}, dealer {}, round {}; the record has seed {}, dealer {}, round {}",
            dealt.0, dealt.1, dealt.2, recorded.0, recorded.1, recorded.2
        ));
    }
    let carried = (h.start.dealer_streak, h.start.counters, h.start.deposits);
    let written = (r.dealer_streak, r.counters, r.deposits);
    if carried != written {
        return Some(format!(
            "the match carries dealer streak, counters, deposits {carried:?}; the record has {written:?}"
        ));
    }
    match &r.stacks {
        Some(s) if s != &h.start.stacks => Some(format!(
            "the match starts the hand at points {:?}; the record at {s:?}",
            h.start.stacks
        )),
        _ => None,
    }
}
