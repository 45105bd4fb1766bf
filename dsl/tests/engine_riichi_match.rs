//! The riichi match (Decision 14 of ../shared/rules/riichi.md, and the riichi-sanma and
//! riichi-ema sections): when it ends, the West extension, あがりやめ and the final results with
//! uma and oka. Hand-made situations ask `match_over` and `final_results` directly; whole
//! matches from arranged points (`play_match_from`) check that play ends where the rule text,
//! written out again in this file, says it must.

mod common;

use common::riichi_end::{check_end, RIICHI};
use common::table;
use mj_core::game::match_end::{final_round, match_over, AfterHand};
use mj_core::game::matchplay::{
    final_results, play_match_from, play_match_with, rank, MatchHand, MatchResult, MatchStart,
};
use mj_core::game::record::RecordEvent;
use mj_core::game::{play_hand_at, GreedyBot, PlayError, Player, Rules, TableRules};
use mj_dsl::table::Table;

/// Decision 14: "East and South rounds".
const ROUNDS: u32 = 2;

fn over(t: &Table, totals: &[i64], dealer: usize, stays: bool, round: u32, last_deal: bool) -> bool {
    let h = AfterHand {
        totals,
        dealer,
        dealer_stays: stays,
        round,
        last_deal,
    };
    match_over(t.table(), ROUNDS, &h)
}

/// A hand of East 1 (round 0, seat 0 deals, the deal passes).
fn east1(t: &Table, totals: &[i64]) -> bool {
    over(t, totals, 0, false, 0, false)
}

/// South 4 of four players (round 1, seat 3 deals the round's last deal).
fn south4(t: &Table, totals: &[i64], stays: bool) -> bool {
    over(t, totals, 3, stays, 1, true)
}

#[test]
fn a_player_below_zero_ends_the_game_and_one_at_zero_plays_on() {
    // Decision 14: "a player below zero ends the game (飛び)"; Tenhou goes on at exactly 0.
    for name in ["riichi", "riichi[tobi=true]"] {
        let t = table(name);
        assert!(east1(&t, &[50_100, 25_000, 25_000, -100]), "{name}");
        assert!(!east1(&t, &[50_000, 25_000, 25_000, 0]), "{name}");
    }
    // tobi=false, and riichi-ema ("no tobi"): the game goes on.
    for name in ["riichi[tobi=false]", "riichi-ema"] {
        let t = table(name);
        assert_eq!(t.table().match_end.end_below, None, "{name}");
        assert!(!east1(&t, &[50_100, 25_000, 25_000, -100]), "{name}");
    }
    // riichi-sanma follows Tenhou's three-player rules, which have tobi.
    let t = table("riichi-sanma");
    assert!(over(&t, &[70_100, 35_000, -100], 0, false, 0, false));
    assert!(!over(&t, &[70_000, 35_000, 0], 0, false, 0, false));
}

#[test]
fn after_south_4_the_game_goes_into_west_unless_someone_has_30000() {
    // Decision 14: "after South 4 the game ends if anyone has 30,000, otherwise it goes on into
    // West".
    let t = table("riichi");
    assert_eq!(final_round(t.table(), ROUNDS), 2, "West is round 2");
    assert!(!south4(&t, &[29_900, 27_000, 23_100, 20_000], false));
    assert!(south4(&t, &[30_000, 27_000, 23_000, 20_000], false));
    // Before South 4 nobody's 30,000 ends anything.
    assert!(!over(&t, &[40_000, 27_000, 23_000, 10_000], 2, false, 1, false));
    // west=false, and riichi-ema ("exactly East + South"): South 4 ends the game either way.
    for name in ["riichi[west=false]", "riichi-ema"] {
        let t = table(name);
        assert_eq!(final_round(t.table(), ROUNDS), 1, "{name}");
        assert!(south4(&t, &[29_900, 27_000, 23_100, 20_000], false), "{name}");
    }
    // riichi-sanma: South 3 is the last deal and its target is the 40,000 return.
    let t = table("riichi-sanma");
    assert!(!over(&t, &[39_900, 35_000, 30_100], 2, false, 1, true));
    assert!(over(&t, &[40_000, 35_000, 30_000], 2, false, 1, true));
}

#[test]
fn west_is_sudden_death_at_30000_and_ends_after_west_4() {
    // Decision 14: "it goes on into West (sudden death at 30,000)".
    let t = table("riichi");
    let reached = [30_000, 26_000, 24_000, 20_000];
    let short = [29_900, 26_100, 24_000, 20_000];
    assert!(over(&t, &reached, 0, false, 2, false), "West 1 with 30,000");
    assert!(!over(&t, &short, 0, false, 2, false), "West 1 without");
    assert!(!over(&t, &short, 2, false, 2, false), "West 3 without");
    // The extension is one round: West 4's deal passing ends the game.
    assert!(over(&t, &short, 3, false, 2, true), "West 4 without");
}

#[test]
fn the_dealer_first_with_30000_stops_in_the_last_hand() {
    // Decision 14: "the dealer ending first with 30,000+ in the last hand may stop (あがりやめ)";
    // the engine always stops. "ties go by seat order".
    let t = table("riichi");
    assert!(south4(&t, &[20_000, 20_000, 20_000, 40_000], true));
    // Dealer second: its deal goes on though someone has 30,000.
    assert!(!south4(&t, &[41_000, 20_000, 0, 39_000], true));
    // Dealer first below 30,000.
    assert!(!south4(&t, &[24_000, 24_000, 23_000, 29_000], true));
    // Tied for first with seat 0, which seat order places first.
    assert!(!south4(&t, &[35_000, 15_000, 15_000, 35_000], true));
    // Not the last hand: South 3's dealer keeps the deal.
    assert!(!over(&t, &[20_000, 20_000, 40_000, 20_000], 2, true, 1, false));
    // In West a dealer keeping the deal is in the last hand too.
    assert!(over(&t, &[20_000, 40_000, 20_000, 20_000], 1, true, 2, false));
    assert!(!over(&t, &[32_000, 28_000, 20_000, 20_000], 1, true, 2, false));
    // riichi-ema has no あがりやめ: the dealer's deal goes on.
    let t = table("riichi-ema");
    assert!(!t.table().match_end.last_dealer_stops);
    assert!(!south4(&t, &[25_000, 25_000, 25_000, 45_000], true));
    // riichi-sanma: its target is 40,000.
    let t = table("riichi-sanma");
    assert!(!over(&t, &[34_000, 32_000, 39_000], 2, true, 1, true));
    assert!(over(&t, &[33_000, 32_000, 40_000], 2, true, 1, true));
}

/// The final results of `totals` under `t`, as text.
fn results(t: &TableRules, totals: &[i64]) -> Vec<String> {
    let (places, ranking) = rank(totals, &t.ranking_points, t.ranking_ties);
    let rule = t.results.expect("riichi rulesets give results");
    final_results(totals, &places, &ranking, rule, t.start_points)
        .iter()
        .map(|r| r.to_string())
        .collect()
}

#[test]
fn final_results_count_uma_and_oka_worked_out_by_hand() {
    // Decision 14: "(points − 30,000) / 1,000 plus uma +20/+10/−10/−20 and the 20 oka to first;
    // ties go by seat order".
    let t = table("riichi");
    // 32,000: +2 +20 +20 = 42; 31,800: +1.8 +10; 25,200: −4.8 −10; 11,000: −19 −20.
    let totals = [11_000, 31_800, 25_200, 32_000];
    assert_eq!(results(t.table(), &totals), ["-39", "11.8", "-14.8", "42"]);
    // Tied at 30,000: seat 0 is first (0 +20 +20), seat 1 second (0 +10).
    let tied = [30_000, 30_000, 20_000, 20_000];
    assert_eq!(results(t.table(), &tied), ["40", "10", "-20", "-30"]);
    // riichi-sanma: 35,000 start, 40,000 return, uma +15/0/−15, so 15 oka (5,000 × 3).
    // 50,500: +10.5 +15 +15; 16,300: −23.7 −15; 38,200: −1.8 +0.
    let t = table("riichi-sanma");
    let totals = [50_500, 16_300, 38_200];
    assert_eq!(results(t.table(), &totals), ["40.5", "-38.7", "-1.8"]);
    // riichi-ema: 30,000 start, uma +15/+5/−5/−15, no oka.
    // 38,100: +8.1 +15; 15,700: −14.3 −15; 28,200: −1.8 −5; 38,000: +8 +5.
    let t = table("riichi-ema");
    let totals = [15_700, 38_100, 28_200, 38_000];
    assert_eq!(results(t.table(), &totals), ["-29.3", "23.1", "-6.8", "13"]);
}

#[test]
fn uma_and_oka_are_settings() {
    let totals = [11_000, 31_800, 25_200, 32_000];
    // uma=false: no placement bonus; the oka stays (32,000: +2 +20).
    let t = table("riichi[uma=false]");
    assert!(t.table().ranking_points.is_empty());
    assert_eq!(results(t.table(), &totals), ["-19", "1.8", "-4.8", "22"]);
    // oka=false: results count from the 25,000 start, no oka (32,000: +7 +20).
    let t = table("riichi[oka=false]");
    assert_eq!(results(t.table(), &totals), ["-34", "16.8", "-9.8", "27"]);
    // Both off: points over the start, in thousands.
    let t = table("riichi[uma=false,oka=false]");
    assert_eq!(results(t.table(), &totals), ["-14", "6.8", "0.2", "7"]);
    // The defaults are on.
    let t = table("riichi[uma=true,oka=true]");
    assert_eq!(results(t.table(), &totals), ["-39", "11.8", "-14.8", "42"]);
    // riichi-sanma and riichi-ema with their own uma off.
    let t = table("riichi-sanma[uma=false]");
    assert_eq!(
        results(t.table(), &[50_500, 16_300, 38_200]),
        ["25.5", "-23.7", "-1.8"]
    );
    let t = table("riichi-ema[uma=false]");
    assert_eq!(
        results(t.table(), &[15_700, 38_100, 28_200, 38_000]),
        ["-14.3", "8.1", "-1.8", "8"]
    );
}

fn bots(n: usize) -> Vec<Box<dyn Player>> {
    (0..n)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect()
}

fn play_from(t: &Table, seed: u64, from: &MatchStart) -> MatchResult {
    let mut players = bots(t.table().player_count());
    play_match_from(t, &mut players, seed, None, from).expect("match")
}

fn south4_start(totals: Vec<i64>) -> MatchStart {
    MatchStart {
        round: 1,
        dealer: 3,
        streak: 0,
        counters: 0,
        deposits: 0,
        totals,
    }
}

#[test]
fn matches_from_south_4_go_into_west_and_end_where_the_rule_says() {
    // Decision 14, played: from South 4 with nobody at 30,000 a hand whose deal passes leads
    // into West, and the game ends at the first hand that meets the rule text.
    let t = table("riichi");
    let start = vec![25_000; 4];
    let (mut west, mut sudden) = (0, 0);
    for seed in 0..24 {
        let m = play_from(&t, seed, &south4_start(start.clone()));
        let rounds = check_end(&m, &t, RIICHI, &start, seed);
        if rounds.contains('W') {
            west += 1;
            if m.hands.last().is_some_and(|r| r.dealer != 3) {
                sudden += 1;
            }
        }
        assert_eq!(m.totals.iter().sum::<i64>(), 100_000, "seed {seed}");
    }
    assert!(
        west > 0 && sudden > 0,
        "seen: {west} into West, {sudden} ended early in it"
    );
}

#[test]
fn a_match_ends_at_the_first_hand_that_leaves_a_player_below_zero() {
    // Decision 14: "a player below zero ends the game (飛び)".
    let t = table("riichi");
    let start = vec![1_000, 33_000, 33_000, 33_000];
    let mut busted = 0;
    for seed in 0..16 {
        let from = MatchStart {
            totals: start.clone(),
            ..MatchStart::fresh(&t)
        };
        let m = play_from(&t, seed, &from);
        check_end(&m, &t, RIICHI, &start, seed);
        if m.totals.iter().any(|&p| p < 0) {
            busted += 1;
        }
    }
    assert!(busted > 0, "some match ends by tobi");
}

#[test]
fn riichi_ema_plays_exactly_east_and_south() {
    // riichi-ema: "no tobi, exactly East + South"; the South 4 dealer's kept deal goes on.
    let t = table("riichi-ema");
    let start = vec![30_000; 4];
    for seed in 0..12 {
        let m = play_from(&t, seed, &south4_start(start.clone()));
        let last = m.hands.last().expect("a hand");
        assert!(
            m.hands.iter().all(|r| r.round == 'S' && r.dealer == 3),
            "seed {seed}"
        );
        let (next, _) = last.next_dealer(t.table());
        assert_ne!(next, 3, "seed {seed}: the game ends when the deal passes");
        assert_eq!(m.results.len(), 4);
    }
}

#[test]
fn deposits_left_at_the_end_go_to_first_place() {
    // Decision 10: "Deposits still on the table when the game ends go to the first-placed
    // player." Two deposits (2,000) lie on the table from the start.
    let t = table("riichi[west=false]");
    for seed in 0..8 {
        let from = MatchStart {
            deposits: 2,
            ..south4_start(vec![25_000; 4])
        };
        let m = play_from(&t, seed, &from);
        assert_eq!(m.totals.iter().sum::<i64>(), 102_000, "seed {seed}");
        let (places, _) = rank(&m.totals, &[], t.table().ranking_ties);
        let last = m.hands.last().expect("a hand");
        if last.deposits_left() > 0 {
            let first = places.iter().position(|&p| p == 0).expect("a first");
            let before = m.totals[first] - 1_000 * i64::from(last.deposits_left());
            let mut others = m.totals.clone();
            others[first] = before;
            assert!(others.iter().all(|&p| p <= before), "seed {seed}: {:?}", m.totals);
        }
    }
}

/// A hand of the match where seat `keeper` keeps the deal by an abortive draw (Decision 11:
/// "the dealer deals again") while it deals `keeps` more hands; every other hand is played.
fn keep_deal(t: &Table, keeper: usize, keeps: usize) -> MatchResult {
    let mut players = bots(t.table().player_count());
    let mut left = keeps;
    let m = play_match_with(t, 7, None, &MatchStart::fresh(t), &mut |h: &MatchHand| {
        let mut r = play_hand_at(t, &mut players, h.seed, h.dealer, h.round, h.start)?;
        if h.dealer == keeper && left > 0 {
            left -= 1;
            r.events = vec![RecordEvent::AbortiveDraw {
                reason: "nine_kinds".into(),
                seats: vec![keeper],
            }];
        }
        Ok::<_, PlayError>(r)
    });
    m.expect("match")
}

#[test]
fn a_long_renchan_does_not_cut_the_round_short() {
    // Decision 13: the dealer keeps the deal after an abortive draw, with no limit; Decision 14:
    // the rounds are East then South, each a full turn of the deal. East 3's dealer keeping the
    // deal for 20 hands once made the match switch to South part-way through East (a cap of 16
    // hands per round), so that the match skipped South 1 and 2.
    let t = table("riichi-ema");
    let m = keep_deal(&t, 2, 20);
    let deals: Vec<(char, usize)> = m.hands.iter().map(|r| (r.round, r.dealer)).collect();
    let east3 = deals.iter().filter(|&&d| d == ('E', 2)).count();
    assert!(east3 > 20, "East 3 dealt {east3} times: {deals:?}");
    // Every deal of East and South in turn, and the match ends after South 4.
    let mut seq = deals.clone();
    seq.dedup();
    let order: Vec<(char, usize)> = ['E', 'S']
        .iter()
        .flat_map(|&w| (0..4).map(move |d| (w, d)))
        .collect();
    assert_eq!(seq, order);
}

/// A greedy player whose answer to あがりやめ is `stops`, counting the times it was asked.
struct Dealer {
    bot: GreedyBot,
    stops: bool,
    asked: std::rc::Rc<std::cell::Cell<u32>>,
}

impl Player for Dealer {
    fn name(&self) -> String {
        "dealer".into()
    }
    fn choose(
        &mut self,
        view: &mj_core::game::SeatView,
        legal: &[mj_core::game::Action],
    ) -> mj_core::game::Action {
        self.bot.choose(view, legal)
    }
    fn stop_match(&mut self, seat: usize, totals: &[i64]) -> bool {
        // Asked only as the first-placed dealer with 30,000 or more (Decision 14).
        assert_eq!(seat, 3);
        assert!(
            totals[3] >= 30_000 && totals.iter().all(|&x| x <= totals[3]),
            "{totals:?}"
        );
        self.asked.set(self.asked.get() + 1);
        self.stops
    }
}

/// From South 4 with seat 3 dealing at 40,000: the match with seat 3 played by a [`Dealer`]
/// that stops or not, and how many times it was asked.
fn south4_dealer(t: &Table, seed: u64, stops: bool) -> (MatchResult, u32) {
    let asked = std::rc::Rc::new(std::cell::Cell::new(0));
    let mut players = bots(3);
    players.push(Box::new(Dealer {
        bot: GreedyBot::new(),
        stops,
        asked: asked.clone(),
    }));
    let from = south4_start(vec![20_000, 20_000, 20_000, 40_000]);
    let m = play_match_from(t, &mut players, seed, None, &from).expect("match");
    (m, asked.get())
}

#[test]
fn the_dealer_first_in_the_last_hand_chooses_whether_to_stop() {
    // Decision 14: "the dealer ending first with 30,000+ in the last hand *may* stop
    // (あがりやめ)": the dealer's player is asked; stopping ends the match at that hand, playing
    // on deals South 4 again (one more counter) and the match goes on.
    let t = table("riichi");
    let (mut stopped, mut went_on) = (0, 0);
    for seed in 0..40 {
        let (stop, asked) = south4_dealer(&t, seed, true);
        if asked == 0 {
            continue;
        }
        // The dealer kept the deal in the first hand and stopped: that hand was the last.
        assert_eq!((asked, stop.hands.len()), (1, 1), "seed {seed}");
        stopped += 1;
        // The same hand again, but the dealer plays on: the next hand is South 4 again.
        let (on, asked) = south4_dealer(&t, seed, false);
        assert!(asked >= 1, "seed {seed}");
        // The same hand, whose record differs only by the answer.
        assert_eq!(on.hands[0].events, stop.hands[0].events, "seed {seed}");
        let answers = (on.hands[0].dealer_stops, stop.hands[0].dealer_stops);
        assert_eq!(answers, (Some(false), Some(true)), "seed {seed}");
        assert!(on.hands.len() >= 2, "seed {seed}: {} hands", on.hands.len());
        let second = &on.hands[1];
        let again = (second.dealer, second.round, second.dealer_streak, second.counters);
        assert_eq!(again, (3, 'S', 1, 1), "seed {seed}");
        went_on += 1;
    }
    assert!(
        stopped >= 2 && went_on >= 2,
        "seen {stopped} stops, {went_on} plays on"
    );
    // The greedy bot stops (the trait's default), as the engine did before the choice.
    let m = play_from(&t, 0, &south4_start(vec![20_000, 20_000, 20_000, 40_000]));
    let (stop, _) = south4_dealer(&t, 0, true);
    assert_eq!(m.hands.len(), stop.hands.len());
}

#[test]
fn a_random_bot_stops_at_random_from_its_seed() {
    use mj_core::game::RandomBot;
    let answers = |seed| {
        let mut r = RandomBot::new(seed);
        (0..40).map(|_| r.stop_match(0, &[30_000, 0])).collect::<Vec<_>>()
    };
    let a = answers(9);
    assert!(a.contains(&true) && a.contains(&false), "{a:?}");
    assert_eq!(a, answers(9));
}

#[test]
fn the_stop_is_offered_only_under_last_dealer_chooses() {
    // Decision 14: the dealer "may" stop: riichi offers it (`last_dealer_chooses`); a table
    // with `last_dealer_stops` alone ends the match there by itself; riichi-ema has neither.
    use mj_core::game::match_end::{verdict, Verdict};
    let t = table("riichi");
    let after = AfterHand {
        totals: &[20_000, 20_000, 20_000, 40_000],
        dealer: 3,
        dealer_stays: true,
        round: 1,
        last_deal: true,
    };
    assert!(t.table().match_end.last_dealer_chooses);
    assert_eq!(verdict(t.table(), ROUNDS, &after), Verdict::DealerMayStop);
    let mut automatic = t.table().clone();
    automatic.match_end.last_dealer_chooses = false;
    assert_eq!(verdict(&automatic, ROUNDS, &after), Verdict::Over);
    let ema = table("riichi-ema");
    assert!(!ema.table().match_end.last_dealer_chooses);
    assert_eq!(verdict(ema.table(), ROUNDS, &after), Verdict::GoesOn);
    // Not first: the kept deal goes on whatever the key says.
    let behind = AfterHand {
        totals: &[41_000, 20_000, 19_000, 40_000],
        ..after
    };
    assert_eq!(verdict(t.table(), ROUNDS, &behind), Verdict::GoesOn);
}

#[test]
fn the_dealers_answer_is_recorded_and_a_match_replay_gives_it_again() {
    // Decision 14 (あがりやめ, the dealer "may" stop): the hand after which the dealer was
    // asked records the answer; replaying the match from its records takes the same path, and a
    // record whose answer is changed no longer fits the records that follow it.
    use mj_core::game::match_replay::replay_match;
    let t = table("riichi");
    let from = south4_start(vec![20_000, 20_000, 20_000, 40_000]);
    let mut seen = 0;
    for seed in 0..40 {
        for stops in [true, false] {
            let (m, asked) = south4_dealer(&t, seed, stops);
            if asked == 0 {
                continue;
            }
            seen += 1;
            assert_eq!(m.hands[0].dealer_stops, Some(stops), "seed {seed}");
            let again = replay_match(&t, seed, None, &from, &m.hands).expect("replays");
            assert_eq!(
                (again.totals, again.hands.len()),
                (m.totals.clone(), m.hands.len())
            );
            // The other answer: stopping where the records go on, or playing on past their end.
            let mut flipped = m.hands.clone();
            flipped[0].dealer_stops = Some(!stops);
            let d = replay_match(&t, seed, None, &from, &flipped).expect_err("diverges");
            let want = if stops {
                "the match deals another hand; the records end"
            } else {
                "the match ended after hand 1; the records go on"
            };
            assert_eq!((d.hand, d.message.as_str()), (2, want), "seed {seed}");
            // A record without the answer (an older one): the last hand is where it stopped.
            let mut older = m.hands.clone();
            for r in &mut older {
                r.dealer_stops = None;
            }
            let again = replay_match(&t, seed, None, &from, &older).expect("replays");
            assert_eq!(again.totals, m.totals, "seed {seed}");
        }
    }
    assert!(seen >= 4, "asked in {seen} matches");
}

#[test]
fn a_match_replay_finds_a_hand_the_match_did_not_deal() {
    use mj_core::game::match_replay::replay_match;
    let t = table("riichi");
    let fresh = MatchStart::fresh(&t);
    let m = play_from(&t, 5, &fresh);
    let again = replay_match(&t, 5, None, &fresh, &m.hands).expect("replays");
    assert_eq!(again.totals, m.totals);
    let mut moved = m.hands.clone();
    moved[1].counters += 1;
    let d = replay_match(&t, 5, None, &fresh, &moved).expect_err("diverges");
    assert_eq!(d.hand, 2);
    assert!(d.message.starts_with("the match carries"), "{}", d.message);
    let d = replay_match(&t, 6, None, &fresh, &m.hands).expect_err("another seed");
    assert_eq!(d.hand, 1);
    let short = &m.hands[..m.hands.len() - 1];
    let d = replay_match(&t, 5, None, &fresh, short).expect_err("cut short");
    assert_eq!(d.message, "the match deals another hand; the records end");
}
