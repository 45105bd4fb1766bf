//! `mj import tenhou`'s library half over the 20 development logs (tests/data/tenhou, from mjx,
//! MIT): every hand is played again in our engine from its INIT, and its score changes as our
//! engine settled them are compared with the log's `sc=` (less the riichi deposits paid in the
//! hand). The counts asserted are what the engine achieves today, measured, not the goal (every
//! hand): each hand that disagrees is listed with its first divergence, and the count can only be
//! raised by engine work (see /work/notes/mechanisms.md), never by editing expected values.

use mj_interop::tenhou::import::import;

mod common;

#[test]
fn every_dev_log_replays_in_the_engine_and_its_hands_are_compared_with_sc() {
    let t = common::riichi();
    let (mut logs_ok, mut hands, mut agree, mut played) = (0, 0, 0, 0);
    for (name, log) in common::logs() {
        let o = import(&t, &log, &name);
        hands += o.hands;
        agree += o.agreeing_hands();
        played += o.deltas.iter().filter(|d| d.is_some()).count();
        logs_ok += usize::from(o.ok);
        for (k, (ours, theirs)) in o.deltas.iter().zip(&o.recorded).enumerate() {
            if ours.as_ref() != Some(theirs) {
                println!("{name} hand {}: ours {ours:?}, recorded {theirs:?}", k + 1);
            }
        }
        println!("{}", o.to_json());
        // Every record we write replays in the engine.
        for r in &o.records {
            mj_core::game::replay(&t, r).unwrap_or_else(|d| panic!("{name}: our record diverges: {d}"));
        }
    }
    println!("logs ok {logs_ok}/20, hands played {played}/{hands}, agreeing {agree}/{hands}");
    assert_eq!(hands, 152, "the finished hands of the 20 logs");
    // Measured on 2026-12-05 with the engine of that day (rtable's ready payments and abortive
    // draws, the import playing Tenhou's abortive draws as the engine's and a red five given
    // away while a plain one is held as `DiscardRed`): all 152 hands play to their result and
    // all 152 agree with `sc=`. 11 of the 20 logs agree throughout; the other 9 stop at the
    // next INIT's dealer without the ready dealer's renchan (Decision 13). These are floors, raised as engine features land;
    // never lowered.
    assert_eq!(played, 152, "hands played to their result: {played}");
    assert_eq!(agree, 152, "hands agreeing with sc=: {agree}");
    // With the dealer keeping the deal when ready at an exhaustive draw (rtable, Decisions 12),
    // no next INIT diverges any more: all 20 logs agree throughout (11 before).
    assert_eq!(logs_ok, 20, "logs agreeing throughout: {logs_ok}");
}
