//! Property tests of whole riichi matches (../shared/rules/riichi.md Decisions 10, 13, 14 and
//! the riichi-ema and riichi-sanma sections) over many seeded matches played by greedy and
//! random bots: every tile accounted for at every step and only legal actions applied; each
//! hand's payments zero-sum up to the deposits it put on the table or took off it; the deposits
//! and counters each hand starts from are the ones the hand before left; the points each hand
//! starts from are the running totals; the final totals are the starting points plus every
//! hand's net plus the deposits left at the end given to first place, so they sum to the
//! players' starting points; the final results (uma and oka) sum to zero; the match ends at the
//! first hand where the rule text says it ends; every hand replays (as `mj replay` does: the
//! record read back from JSON, its table loaded by the record's ruleset name) to the state play
//! ended in, and the whole match replays from its records to the same totals and places; and a
//! seed always gives the same match.
//!
//! `MJ_ENGINE_PROPS_SCALE=N` multiplies the match counts, as in engine_props.rs. A long run:
//!
//! ```sh
//! MJ_ENGINE_PROPS_SCALE=400 nice cargo test --release -p mj-dsl --test engine_riichi_match_props -- --nocapture --test-threads 1
//! ```

mod common;

use std::time::Instant;

use common::riichi_end::{check_end, EndRule, EMA, RIICHI, RIICHI_NO_WEST, SANMA};
use common::table;
use mj_core::game::match_replay::replay_match;
use mj_core::game::matchplay::{play_match_with, MatchHand, MatchResult, MatchStart, RankPoints};
use mj_core::game::play::run_observed;
use mj_core::game::{legal_actions, new_hand_at, replay, Record, Rules, State};
use mj_dsl::table::Table;

/// Plays match `i`, checking every step of every hand; returns the match and the state each
/// hand ended in.
fn play_checked(t: &Table, i: u64) -> (MatchResult, Vec<State>) {
    let total = t.tiles().total_tiles();
    let n = t.table().player_count();
    let mut ps = common::mixed_seats(i, n);
    let mut ends = Vec::new();
    let m = play_match_with(t, i, None, &MatchStart::fresh(t), &mut |h: &MatchHand| {
        let k = ends.len();
        let (mut st, mut events) = new_hand_at(t, h.seed, h.dealer, h.round, h.start)
            .unwrap_or_else(|e| panic!("match {i} hand {k}: deal: {e}"));
        assert_eq!(st.census(), total, "match {i} hand {k}: tiles lost at the deal");
        run_observed(t, &mut st, &mut ps, &mut events, &mut |s, seat, action| {
            assert_eq!(s.census(), total, "match {i} hand {k}: tiles lost");
            assert!(
                legal_actions(t, s, seat).contains(&action),
                "match {i} hand {k}: illegal action applied"
            );
        })?;
        assert!(st.is_over() && st.census() == total, "match {i} hand {k}: end");
        let names = ps.iter().map(|p| p.name()).collect();
        let r = Record::new(t, h.seed, h.dealer, h.round, names, None, &events).at(t, &st);
        ends.push(st);
        Ok::<_, mj_core::game::PlayError>(r)
    })
    .unwrap_or_else(|e| panic!("match {i}: {e}"));
    (m, ends)
}

/// What the matches went through, to see that the properties were exercised.
#[derive(Default, Debug)]
struct Seen {
    matches: u64,
    hands: u64,
    /// Hands that began with deposits left by an earlier hand.
    carried: u64,
    /// Matches ending with deposits on the table, given to first place.
    pot_to_first: u64,
    west: u64,
    tobi: u64,
}

/// The money and chaining properties of one match (see the module's doc).
fn check_money(t: &Table, name: &str, i: u64, m: &MatchResult, ends: &[State], seen: &mut Seen) {
    let tr = t.table();
    let n = tr.player_count();
    let deposit = tr.declaration.deposit;
    let mut pts = vec![tr.start_points; n];
    let mut on_table = 0u32;
    for (k, (r, st)) in m.hands.iter().zip(ends).enumerate() {
        let at = format!("{name} match {i} hand {k}");
        assert_eq!(r.deposits, on_table, "{at}: deposits carried");
        assert_eq!(r.stacks.as_deref(), Some(&pts[..]), "{at}: starting points");
        seen.carried += u64::from(on_table > 0);
        let net = r.net();
        assert_eq!(net, st.scores, "{at}: payments differ from the state's scores");
        let put = i64::from(st.deposits_on_table()) - i64::from(r.deposits);
        assert_eq!(net.iter().sum::<i64>() + deposit * put, 0, "{at}: not zero-sum");
        assert!(r.held().iter().all(|&x| x == 0), "{at}: nothing is held");
        for (p, x) in pts.iter_mut().zip(&net) {
            *p += x;
        }
        on_table = st.deposits_on_table();
    }
    // Decision 10: "Deposits still on the table when the game ends go to the first-placed
    // player"; Decision 14: "ties go by seat order".
    if on_table > 0 {
        let first = (0..n)
            .max_by_key(|&s| (pts[s], std::cmp::Reverse(s)))
            .unwrap_or(0);
        pts[first] += deposit * i64::from(on_table);
        seen.pot_to_first += 1;
    }
    assert_eq!(m.totals, pts, "{name} match {i}: totals");
    assert_eq!(
        m.totals.iter().sum::<i64>(),
        tr.start_points * n as i64,
        "{name} match {i}: points not conserved"
    );
    // The uma sums to zero and the oka is what the others paid in, so the results do too.
    assert_eq!(tr.ranking_points.iter().sum::<i64>(), 0, "{name}: uma");
    assert_eq!(m.results.len(), n, "{name} match {i}: results");
    let sum = m.results.iter().fold(RankPoints::whole(0), |a, &b| a.plus(b));
    assert_eq!(sum, RankPoints::whole(0), "{name} match {i}: results");
}

/// Every hand through JSON, loaded under the record's own ruleset name, replays to the state
/// play ended in (what `mj replay` does with a match's hands).
fn check_replay(name: &str, i: u64, m: &MatchResult, ends: &[State]) {
    let t = table(&m.hands[0].ruleset);
    for (k, (r, st)) in m.hands.iter().zip(ends).enumerate() {
        let back = Record::from_json(&r.to_json()).unwrap_or_else(|e| panic!("{name} {i}/{k}: {e}"));
        assert_eq!(&back, r, "{name} match {i} hand {k}: the JSON does not read back");
        let end = replay(&t, &back).unwrap_or_else(|d| panic!("{name} match {i} hand {k}: {d}"));
        assert_eq!(&end, st, "{name} match {i} hand {k}: replay ends elsewhere");
    }
    // The match as a whole (what `mj replay` does with an `mj-match` document): the same hands
    // dealt from the same seed, each starting where the one before left, the match ending where
    // its records end, with the same totals, places and results.
    let again = replay_match(&t, i, None, &MatchStart::fresh(&t), &m.hands)
        .unwrap_or_else(|d| panic!("{name} match {i}: hand {}: {}", d.hand, d.message));
    assert_eq!(again.totals, m.totals, "{name} match {i}: replayed totals");
    assert_eq!(again.places, m.places, "{name} match {i}: replayed places");
    assert_eq!(again.results, m.results, "{name} match {i}: replayed results");
}

fn check_matches(name: &str, rule: EndRule, matches: u64) -> Seen {
    let matches = matches
        * std::env::var("MJ_ENGINE_PROPS_SCALE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
    let t = table(name);
    let n = t.table().player_count();
    let start = vec![t.table().start_points; n];
    let mut seen = Seen::default();
    let clock = Instant::now();
    for i in 0..matches {
        let (m, ends) = play_checked(&t, i);
        assert_eq!(m.hands.len(), ends.len());
        check_money(&t, name, i, &m, &ends, &mut seen);
        let rounds = check_end(&m, &t, rule, &start, i);
        check_replay(name, i, &m, &ends);
        // The same seed and players give the same match (every tenth match, for time).
        if i % 10 == 0 {
            assert_eq!(play_checked(&t, i).0, m, "{name} match {i}: not deterministic");
        }
        seen.matches += 1;
        seen.hands += m.hands.len() as u64;
        seen.west += u64::from(rounds.contains('W'));
        seen.tobi += u64::from(m.totals.iter().any(|&p| p < 0));
        // Progress of long runs: every match so far kept every invariant.
        if seen.matches % 1000 == 0 {
            eprintln!("{name}: {seen:?} after {:.0}s", clock.elapsed().as_secs_f64());
        }
    }
    eprintln!("{name}: {seen:?} in {:.1}s", clock.elapsed().as_secs_f64());
    assert!(seen.carried > 0, "{name}: {seen:?}");
    seen
}

#[test]
fn riichi_matches_keep_every_invariant() {
    let seen = check_matches("riichi", RIICHI, 60);
    assert!(
        seen.west > 0 && seen.tobi > 0 && seen.pot_to_first > 0,
        "riichi: {seen:?}"
    );
}

#[test]
fn riichi_without_west_keeps_every_invariant() {
    let seen = check_matches("riichi[west=false]", RIICHI_NO_WEST, 30);
    assert_eq!(seen.west, 0, "riichi[west=false]: {seen:?}");
}

/// riichi-ema: no tobi, so a match can end with a player below zero. It ends only when South 4's
/// deal passes, so deposits are rarely left for first place (none in these 60 matches).
#[test]
fn riichi_ema_matches_keep_every_invariant() {
    let seen = check_matches("riichi-ema", EMA, 60);
    assert_eq!(seen.west, 0, "riichi-ema: {seen:?}");
}

#[test]
fn riichi_sanma_matches_keep_every_invariant() {
    let seen = check_matches("riichi-sanma", SANMA, 30);
    assert!(seen.west > 0 && seen.pot_to_first > 0, "riichi-sanma: {seen:?}");
}
