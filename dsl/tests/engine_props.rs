//! Property tests of the turn engine over many seeded hands of the Chinese Official ruleset (and
//! its Botzone duplicate format, per-seat walls), 卡五星
//! (three players, 亮倒, kong payments), 十万麻将 (several winners, 漏和, liabilities) and 中国竞技麻将
//! (chips with a floor, 追牌, 包付, 倍打), Hong Kong old style (截糊, 詐糊) and Taiwanese 16-tile
//! (flowers by seat, the 16-tile reserve, 截胡): every tile is accounted for at every step, only legal
//! actions are applied, settlements are zero-sum, records replay to the same end, and a seed always
//! gives the same record.
//!
//! With a chip floor the invariant checked is that the sum of stacks is conserved: payments on the
//! table are zero-sum in every hand, payments held outside the table are zero-sum on their own,
//! and no stack ends below the floor.

use mj_core::game::play::run_observed;
use mj_core::game::record::{insert_penalty, RecordEvent};
use mj_core::game::{legal_actions, new_hand, replay, GreedyBot, Player, RandomBot, Record, Rules};
use mj_core::Wind;
use mj_dsl::table::Table;

fn table(name: &str) -> Table {
    Table::new(mj_dsl::load(name).expect("ruleset loads")).expect("ruleset maps to table rules")
}

/// Seats for hand `i`: all greedy, all random, or mixed, so both claim-heavy and shanten-driven
/// play is covered.
fn players(i: u64, n: usize) -> Vec<Box<dyn Player>> {
    (0..n as u64)
        .map(|s| -> Box<dyn Player> {
            match (i % 3, s % 2) {
                (0, _) | (2, 0) => Box::new(GreedyBot::new()),
                _ => Box::new(RandomBot::new(i * 31 + s)),
            }
        })
        .collect()
}

/// Plays hand `i` and checks the per-step invariants; returns the record and final state.
fn play_checked(t: &Table, i: u64) -> (Record, mj_core::game::State) {
    let total = t.tiles().total_tiles();
    let n = t.table().player_count();
    let dealer = (i % n as u64) as usize;
    let round = Wind::from_index((i / 4 % 4) as u8).unwrap();
    let (mut st, mut events) = new_hand(t, i, dealer, round).expect("deal");
    assert_eq!(st.census(), total, "hand {i}: tiles lost at the deal");
    let mut ps = players(i, n);
    run_observed(t, &mut st, &mut ps, &mut events, &mut |s, seat, action| {
        assert_eq!(s.census(), total, "hand {i}: tiles lost");
        assert!(
            legal_actions(t, s, seat).contains(&action),
            "hand {i}: illegal action applied"
        );
    })
    .unwrap_or_else(|e| panic!("hand {i}: {e}"));
    assert_eq!(st.census(), total, "hand {i}: tiles lost at the end");
    assert!(st.is_over());
    let names = ps.iter().map(|p| p.name()).collect();
    let record = Record::new(t, i, dealer, round, names, None, &events);
    (record, st)
}

/// What the seeded hands of one ruleset went through, for checking coverage.
#[derive(Default, Debug)]
struct Seen {
    wins: usize,
    draws: usize,
    multiple_wins: usize,
    ready: usize,
    kong_payments: usize,
    drawn_payments: usize,
    discard_runs: usize,
    capped_wins: usize,
    /// Hands won by three players in turn (血战到底: winners leave, play goes on).
    three_winners: usize,
    /// Hands called off (途中流局).
    aborted: usize,
}

/// `MJ_ENGINE_PROPS_SCALE=N` multiplies every ruleset's hand count (for long local runs).
fn scaled(hands: u64) -> u64 {
    hands
        * std::env::var("MJ_ENGINE_PROPS_SCALE")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1)
}

fn check_ruleset(name: &str, hands: u64) -> Seen {
    let hands = scaled(hands);
    let t = table(name);
    let mut seen = Seen::default();
    for i in 0..hands {
        let (record, end) = play_checked(&t, i);
        let net = record.net();
        // Deposits put on the table (or taken off it) are the only payments with no counterpart.
        let pot =
            t.table().declaration.deposit * (i64::from(end.deposits_on_table()) - i64::from(end.deposits));
        assert_eq!(
            net.iter().sum::<i64>() + pot,
            0,
            "{name} hand {i}: payments not zero-sum"
        );
        assert_eq!(
            net, end.scores,
            "{name} hand {i}: payments differ from the state's scores"
        );
        assert_eq!(
            record.held().iter().sum::<i64>(),
            0,
            "{name} hand {i}: held not zero-sum"
        );
        if let Some(floor) = t.table().floor {
            for s in 0..net.len() {
                assert!(
                    end.balance(s) >= floor,
                    "{name} hand {i}: seat {s} below the floor"
                );
            }
            if (0..net.len()).any(|s| end.balance(s) == floor) && !record.winners().is_empty() {
                seen.capped_wins += 1;
            }
        }
        let winners = record.winners();
        match winners.len() {
            0 => seen.draws += 1,
            1 => seen.wins += 1,
            _ => {
                seen.wins += 1;
                seen.multiple_wins += 1;
            }
        }
        seen.three_winners += usize::from(winners.len() == 3);
        for e in &record.events {
            match e {
                RecordEvent::Ready { .. } => seen.ready += 1,
                RecordEvent::AbortiveDraw { .. } => seen.aborted += 1,
                RecordEvent::Payment { reason: Some(r), .. } if r == "kong" => seen.kong_payments += 1,
                RecordEvent::Payment { reason: Some(r), .. } if r == "drawn_hand" => seen.drawn_payments += 1,
                RecordEvent::Payment { reason: Some(r), .. } if r == "discard_run" => seen.discard_runs += 1,
                _ => {}
            }
        }
        // The JSON round-trips and replays to the same end.
        let json = record.to_json();
        let back = Record::from_json(&json).expect("record reads back");
        assert_eq!(back, record);
        let replayed = replay(&t, &back).unwrap_or_else(|d| panic!("{name} hand {i}: {d}"));
        assert_eq!(replayed, end, "{name} hand {i}: replay ends elsewhere");
        // The same seed and players give a byte-identical record (checked on every third hand
        // to keep the suite fast).
        if i % 3 == 0 {
            let again = play_checked(&t, i).0.to_json();
            assert_eq!(again, json, "{name} hand {i}: not deterministic");
        }
    }
    eprintln!("{name}: {seen:?}");
    assert!(seen.wins > 0 && seen.draws > 0, "{name}: {seen:?}");
    seen
}

/// Riichi: declarations with deposits, frozen hands, furiten, the facts given to the scorer,
/// the kuikae ban, ready payments at the exhaustive draw, abortive draws.
#[test]
fn riichi_keeps_every_invariant() {
    let seen = check_ruleset("riichi", 500);
    assert!(seen.ready > 0 && seen.drawn_payments > 0, "riichi: {seen:?}");
}

/// riichi-ema (every ron paid, no abortive draws) and riichi-sanma (three players, a 2,000
/// ready split, nine kinds and four kongs only).
#[test]
fn riichi_variants_keep_every_invariant() {
    let seen = check_ruleset("riichi-ema", 300);
    assert_eq!(seen.aborted, 0, "riichi-ema: {seen:?}");
    let seen = check_ruleset("riichi-sanma", 300);
    // Random seats take the nine-kinds choice when they have it (more often with 108 tiles).
    assert!(
        seen.ready > 0 && seen.drawn_payments > 0 && seen.aborted > 0,
        "riichi-sanma: {seen:?}"
    );
}

#[test]
fn seeded_hands_keep_every_invariant() {
    check_ruleset("mcr", 500);
}

#[test]
fn mcr_house_variants_keep_every_invariant() {
    check_ruleset("mcr-mil", 100);
    check_ruleset("mcr-strict98", 100);
}

/// Botzone's duplicate format: per-seat walls, the last-discard rule on the next seat's wall, no
/// kong after a pong. Draws must happen too (a seat due to draw from an empty wall).
#[test]
fn mcr_botzone_keeps_every_invariant() {
    let t = table("mcr-botzone");
    assert!(t.table().per_seat_walls);
    let seen = check_ruleset("mcr-botzone", 200);
    assert!(seen.wins > 0 && seen.draws > 0, "mcr-botzone: {seen:?}");
    // Botzone's penalty (the offender pays 10 to each other seat) ends the game wherever it
    // falls: cut each hand before one of its discards, penalise a seat there, and the record is
    // zero-sum, ends and replays.
    for i in 0..scaled(50) {
        let (record, _) = play_checked(&t, i);
        let discards: Vec<usize> = (0..record.events.len())
            .filter(|&k| matches!(record.events[k], RecordEvent::Discard { .. }))
            .collect();
        let at = discards[(i as usize * 7) % discards.len()];
        let mut cut = record.clone();
        cut.events.truncate(at);
        let offender = (i % 4) as usize;
        let p = insert_penalty(&t, &cut, at, offender, "botzone_error")
            .unwrap_or_else(|d| panic!("mcr-botzone hand {i}: {d}"));
        let end = replay(&t, &p).unwrap_or_else(|d| panic!("mcr-botzone hand {i}: {d}"));
        assert!(end.is_over(), "mcr-botzone hand {i}: the penalty ends the game");
        assert_eq!(end.census(), t.tiles().total_tiles());
        let net = p.net();
        assert_eq!(net.iter().sum::<i64>(), 0, "mcr-botzone hand {i}: not zero-sum");
        assert_eq!(net[offender], -30, "mcr-botzone hand {i}");
    }
}

#[test]
fn kawuxing_three_players_keep_every_invariant() {
    let seen = check_ruleset("kawuxing", 300);
    assert!(seen.ready > 0 && seen.kong_payments > 0, "kawuxing: {seen:?}");
    assert!(seen.multiple_wins > 0, "kawuxing: {seen:?}");
}

#[test]
fn shiwan_keeps_every_invariant() {
    let seen = check_ruleset("shiwan", 300);
    assert_eq!(
        seen.ready + seen.kong_payments + seen.drawn_payments,
        0,
        "shiwan: {seen:?}"
    );
}

#[test]
fn jingji_keeps_every_invariant() {
    let seen = check_ruleset("jingji", 200);
    assert!(
        seen.kong_payments > 0 && seen.multiple_wins + seen.capped_wins > 0,
        "jingji: {seen:?}"
    );
}

/// hongkong (shared/rules/hongkong.md): no kong money and nothing paid at a drawn hand
/// (Decisions 10, 13), one winner per discard (截糊, Decision 4); `multi_win=all` keeps the
/// invariants too (two 3-番 hands ready on one tile are rare: none in 300 hands).
/// 詐糊 (Decision 12) ends the hand wherever it falls and costs 3 × 128 to each other seat.
#[test]
fn hongkong_keeps_every_invariant() {
    let seen = check_ruleset("hongkong", 300);
    assert_eq!(
        seen.kong_payments + seen.drawn_payments + seen.multiple_wins,
        0,
        "hongkong: {seen:?}"
    );
    check_ruleset("hongkong[multi_win=all]", 300);
    let t = table("hongkong");
    for i in 0..scaled(30) {
        let (record, _) = play_checked(&t, i);
        let discards: Vec<usize> = (0..record.events.len())
            .filter(|&k| matches!(record.events[k], RecordEvent::Discard { .. }))
            .collect();
        let at = discards[(i as usize * 5) % discards.len()];
        let mut cut = record.clone();
        cut.events.truncate(at);
        let offender = (i % 4) as usize;
        let p = insert_penalty(&t, &cut, at, offender, "false_win")
            .unwrap_or_else(|d| panic!("hongkong hand {i}: {d}"));
        let end = replay(&t, &p).unwrap_or_else(|d| panic!("hongkong hand {i}: {d}"));
        assert!(end.is_over(), "hongkong hand {i}: 詐糊 ends the hand");
        assert_eq!(end.census(), t.tiles().total_tiles());
        let net = p.net();
        assert_eq!(net.iter().sum::<i64>(), 0, "hongkong hand {i}: not zero-sum");
        assert_eq!(net[offender], -1152, "hongkong hand {i}");
    }
}

/// sichuan (shared/rules/sichuan.md Decisions 7, 8, 14, 16): winners leave and the others play
/// on, so hands with two and three winners in turn, kong money, wins after a win and the wall-end
/// checks all occur; tiles are conserved, payments zero-sum and records replay through them. The
/// Options that change play or the end of the hand keep them too: no exchange, a fixed exchange
/// direction, the passed-win lock lifted by a higher fan, 地胡 on the dealer's discard, the last
/// drawer dealing, and the call transfer and wall-end checks changed or off.
#[test]
fn sichuan_keeps_every_invariant() {
    let seen = check_ruleset("sichuan", 300);
    assert!(
        seen.three_winners > 0
            && seen.multiple_wins > seen.three_winners
            && seen.kong_payments > 0
            && seen.drawn_payments > 0,
        "sichuan: {seen:?}"
    );
    check_ruleset(
        "sichuan[exchange_three=false,pass_lock_higher_fan=true,dihu_on_discard=true,dealer_rule=last_drawer,transfer_split=even,tuishui=false]",
        100,
    );
    check_ruleset(
        "sichuan[exchange_direction=clockwise,hujiao_zhuanyi=false,check_huazhu=false,check_dajiao=false,cap=none]",
        100,
    );
}

/// sichuan-sbr (sichuan.md, Options, last bullet): the same play with SBR's payments (cap 3, a
/// void-suit penalty of 16 at the wall's end) keeps the invariants, the wall-end payments included.
#[test]
fn sichuan_sbr_keeps_every_invariant() {
    let seen = check_ruleset("sichuan-sbr", 100);
    assert!(
        seen.kong_payments > 0 && seen.drawn_payments > 0,
        "sichuan-sbr: {seen:?}"
    );
}

/// sichuan-3p (sichuan.md, Options, last bullet: 三人两房, 72 tiles, two suits, no 定缺): three
/// seats play 血战 to its end (the hand ends with one player left), so several winners, kong money
/// and the wall-end checks occur.
#[test]
fn sichuan_3p_keeps_every_invariant() {
    let seen = check_ruleset("sichuan-3p", 100);
    assert!(
        seen.multiple_wins > 0 && seen.kong_payments > 0 && seen.drawn_payments > 0,
        "sichuan-3p: {seen:?}"
    );
}

/// sichuan-xueliu (sichuan.md, Options, last bullet: 血流成河, `[play] after_win = "stay"`):
/// winners stay in and win again, so hands with more wins than players and seats winning twice
/// occur, with kong money and the wall-end checks. Beyond the invariants of every ruleset: each
/// winning tile is set aside once (a discard won by several once), a seat that has won never pays
/// at the wall's end (it may only be refunded kong money it paid), and every hand that was won
/// ends at the wall's end all the same. The lock off (`winner_locked=false`) keeps them too.
/// `MJ_ENGINE_PROPS_SCALE=700 cargo test --release -p mj-dsl --test engine_props sichuan_xueliu`:
/// 210,000 hands (140,000 locked, 70,000 unlocked), 0 failures, 393 s niced at load ~6; locked:
/// 79,684 hands with a seat winning twice or more, 51,280 with five wins or more, 355,416 kong and
/// 223,452 wall-end payment lines.
#[test]
fn sichuan_xueliu_keeps_every_invariant() {
    for (rules, hands) in [
        ("sichuan-xueliu", 200),
        ("sichuan-xueliu[winner_locked=false]", 100),
    ] {
        let seen = check_ruleset(rules, hands);
        assert!(
            seen.multiple_wins > 0 && seen.kong_payments > 0 && seen.drawn_payments > 0,
            "{rules}: {seen:?}"
        );
        let t = table(rules);
        let (mut repeat, mut over_four) = (0, 0);
        for i in 0..scaled(hands) {
            let (record, end) = play_checked(&t, i);
            let winners = record.winners();
            let mut seats = winners.clone();
            seats.sort_unstable();
            seats.dedup();
            repeat += usize::from(seats.len() < winners.len());
            over_four += usize::from(winners.len() > 4);
            // One tile set aside per win, the several winners of one tile once.
            let mut occasions = 0;
            let mut after_win = false;
            let mut drawn = vec![0i64; end.players()];
            for e in &record.events {
                match e {
                    RecordEvent::Win { .. } => {
                        occasions += usize::from(!after_win);
                        after_win = true;
                    }
                    RecordEvent::Payment { seat, amount, reason } => {
                        if reason.as_deref() == Some("drawn_hand") {
                            drawn[*seat] += amount;
                        }
                    }
                    _ => after_win = false,
                }
            }
            let won: usize = end.seats.iter().map(|s| s.won.len()).sum();
            assert_eq!(won, occasions, "{rules} hand {i}: tiles set aside");
            for &w in &seats {
                assert!(
                    drawn[w] >= 0,
                    "{rules} hand {i}: seat {w} won and paid at the wall's end"
                );
            }
            assert!(
                record
                    .events
                    .iter()
                    .any(|e| matches!(e, RecordEvent::ExhaustiveDraw { .. })),
                "{rules} hand {i}: the hand ends at the wall's end"
            );
        }
        eprintln!(
            "{rules}: {repeat} hands with a seat winning twice or more, {over_four} with five wins or more"
        );
        assert!(repeat > 0 && over_four > 0, "{rules}");
    }
}

/// taiwan (shared/rules/taiwan.md): 16 + 1 tiles with flowers set aside and replaced from the
/// tail (Decisions 4), the 16-tile reserve (Decisions 3), one winner per discard (截胡, Decisions
/// 5), nothing paid at a drawn hand (Decisions 10); and the Options that change play: several
/// winners (`multi_win=all`), the start-of-hand declaration (`ting`), 過水 (`pass_lock`) and the
/// seven-pairs-and-a-pung form (`seven_pairs_16`). hongkong's play Options too: 七搶一
/// (`seven_flowers`), 槓上槓 (`kong_on_kong`) and the big-hand liability (`bao_big`).
#[test]
fn taiwan_keeps_every_invariant() {
    let seen = check_ruleset("taiwan", 300);
    assert_eq!(
        seen.kong_payments + seen.drawn_payments + seen.multiple_wins + seen.ready,
        0,
        "taiwan: {seen:?}"
    );
    check_ruleset("taiwan[multi_win=all]", 100);
    // The bots seldom hold a ready hand at their first discard (none in these 100 hands): the
    // declaration itself is played in engine_options.rs; here the invariants hold with it on.
    check_ruleset("taiwan[ting=true,pass_lock=true,seven_pairs_16=true]", 100);
    check_ruleset("hongkong[seven_flowers=true,kong_on_kong=true,bao_big=true]", 100);
}
