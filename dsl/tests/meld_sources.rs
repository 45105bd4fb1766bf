//! Meld sources at every table size (shared/notation.md, meld syntax and the riichi section's
//! `from=K`: "Three players (seats E S W): 1 = the seat before, 2 = the seat after; the same
//! numbers in melds' `,k`"). The engine writes each won hand for the scorer; a meld's `,k` there
//! must name the seat whose discard the record says was claimed, counted as `from=` counts, and
//! the scorer must read it back to the same seat. Checked over seeded matches of a three-seat and
//! a four-seat ruleset, and by hand.

mod common;

use common::scoring::{ruleset, score};
use mj_core::game::matchplay::play_match;
use mj_core::game::record::RecordEvent;
use mj_core::game::{GreedyBot, Player};
use mj_core::{parse_hand, Meld};
use mj_dsl::score_text;

/// Every claimed meld of every won hand in `matches` seeded matches of `name`: (claims checked,
/// three-seat claims from the seat after).
fn check_played(name: &'static str, matches: u64) -> (usize, usize) {
    let rs = ruleset(name);
    let t = common::table(name);
    let n = rs.play.players as usize;
    let (mut checked, mut after) = (0, 0);
    for seed in 0..matches {
        let mut players: Vec<Box<dyn Player>> = (0..n)
            .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
            .collect();
        let m = play_match(&t, &mut players, 100 + seed, None).expect("the match plays");
        for r in &m.hands {
            for (i, e) in r.events.iter().enumerate() {
                let RecordEvent::Win { seat, hand, from, .. } = e else {
                    continue;
                };
                let h =
                    parse_hand(&rs.tiles, &rs.context_words, hand).unwrap_or_else(|e| panic!("{hand}: {e}"));
                // The scorer accepts the line the engine wrote (its `,k` and `from=` name seats).
                score_text(rs, hand).unwrap_or_else(|e| panic!("{name} seed {seed}: {hand}: {e}"));
                // The claims this seat made before the win, in order: (tile, seat claimed from).
                let claims: Vec<(String, usize)> = r.events[..i]
                    .iter()
                    .filter_map(|e| match e {
                        RecordEvent::Pong { seat: s, from, tile } if s == seat => Some((tile.clone(), *from)),
                        RecordEvent::Kong {
                            seat: s,
                            from: Some(f),
                            tile,
                            ..
                        } if s == seat => Some((tile.clone(), *f)),
                        _ => None,
                    })
                    .collect();
                for m in &h.melds {
                    let (Meld::Pung { tile, .. }
                    | Meld::ExposedKong { tile, .. }
                    | Meld::AddedKong { tile, .. }) = *m
                    else {
                        continue;
                    };
                    let name_of = rs.tiles.notation(tile);
                    let Some((_, claimed_from)) = claims.iter().find(|(t, _)| *t == name_of) else {
                        panic!("{hand}: no claim of {name_of} by seat {seat} in the record");
                    };
                    assert_eq!(
                        m.source_seat(*seat, n),
                        Some(*claimed_from),
                        "{name} seed {seed}: {hand}: the meld of {name_of} names the wrong seat"
                    );
                    checked += 1;
                    after += usize::from(n == 3 && *claimed_from == (seat + 1) % n);
                }
                // And `from=` names the discarder the same way.
                if let Some(d) = from {
                    let k: usize = h
                        .context
                        .value("from")
                        .map_or(1, |v| v.parse().expect("a number"));
                    assert_eq!((seat + n - k) % n, *d, "{hand}: from= names the wrong seat");
                }
            }
        }
    }
    (checked, after)
}

#[test]
fn three_seats_count_meld_sources_as_from_does() {
    let (checked, after) = check_played("sichuan-3p", 6);
    // Both directions occur, so a source counted the four-seat way would have been caught.
    assert!(
        checked >= 20 && after >= 5,
        "sichuan-3p: {checked} claims, {after} from the seat after"
    );
}

#[test]
fn four_seats_keep_their_meld_sources() {
    let (checked, _) = check_played("sichuan", 3);
    assert!(checked >= 20, "sichuan: {checked} claims");
}

/// At three seats `,2` is the seat after, as `from=2` is, and a written `,3` (下家 in the meld
/// syntax) names the same seat; at four `,2` is 对家 and `,3` 下家. Hand-worked: W's pong of 9s
/// claimed `,2` at E S W came from E, the seat after W; at four seats `,2` is W's 对家 E and `,3`
/// W's 下家 N.
#[test]
fn a_three_seat_line_names_the_seat_after_with_two() {
    let p3 = ruleset("sichuan-3p");
    for line in [
        "[999s,2]3499p234555s5p seat=W from=2",
        "[999s,3]3499p234555s5p seat=W from=2",
    ] {
        let r = score(p3, line);
        assert!(r.valid, "{line}: {:?}", r.reason);
        let h = parse_hand(&p3.tiles, &p3.context_words, line).expect("parses");
        assert_eq!(h.melds[0].source_seat(2, 3), Some(0), "{line}");
    }
    let p4 = ruleset("sichuan");
    for (line, seat) in [
        ("[999s,2]3499p234555p5p seat=W", 0),
        ("[999s,3]3499p234555p5p seat=W", 3),
    ] {
        let h = parse_hand(&p4.tiles, &p4.context_words, line).expect("parses");
        assert_eq!(h.melds[0].source_seat(2, 4), Some(seat), "{line}");
    }
}
