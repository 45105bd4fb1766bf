//! Riichi at the table, from arranged walls (East = seat 0 deals): the declaration with its
//! deposit and frozen hand, double riichi and ippatsu reported to the scorer, furiten, tenhou,
//! and counters and deposits carried into a hand. Each case cites the Decision of
//! ../shared/rules/riichi.md it checks; the expected points are worked out from Decision 8 (and
//! the usual point table) in the comments, not copied from our output.

mod common;

use common::{first_win, payments, table, Game};
use mj_core::game::{Action, HandStart, Rules};

/// The other seats' hands, far from ready and without a pair of honours, so that nobody but
/// East can win or pong on the tiles played (West may chi South's 4s and is asked).
const OTHERS: [&str; 3] = [
    "1199m 1199p 19s NSW",
    "2238m 6678p 5568s F",
    "4457m 2234p 7789s C",
];

/// The deal with East's 14 tiles.
fn deal(east: &str) -> [&str; 4] {
    [east, OTHERS[0], OTHERS[1], OTHERS[2]]
}

/// East's usual hand: 123m 456p 789s 23s 55p waits on 1s/4s (a pinfu shape) once it discards E.
const EAST: &str = "123m 456p 789s 23s 55p E";

/// The 14 tiles kept back (Decision 2: the dead wall) for the scenarios whose points assume no
/// dora: the indicator 6m and the ura-dora indicator 6m under it both point at 7m, which East's
/// hand (123m 456p 789s 234s 55p) does not hold.
const NO_DORA: &str = "6666m 777m 888m 777p 4s";

/// East declares riichi with `discard` (the one declaration the table offers with it).
fn riichi(g: &mut Game<'_>, discard: &str) {
    let d = g.tile(discard);
    let a = g
        .legal(0)
        .into_iter()
        .find(|a| matches!(a, Action::DeclareReady { discard, .. } if *discard == d))
        .expect("East may declare with that discard");
    g.act(0, a);
}

#[test]
fn a_declaration_pays_its_deposit_freezes_the_hand_and_scores_riichi_and_ippatsu() {
    let t = table("riichi");
    // East discards N first (so the later riichi is not a double riichi); the draws: South W,
    // West S, North P, East E, then South 4s.
    let mut g = Game::with_kept(
        &t,
        &deal("123m 456p 789s 23s 55p N"),
        "W S P E 4s",
        "",
        NO_DORA,
        &HandStart::default(),
    );
    g.discard(0, "N");
    g.discard_drawn(1);
    g.discard_drawn(2);
    g.discard_drawn(3);
    // Decision 4: a concealed ready hand may declare with a discard; here only by discarding an
    // E (keeping E the hand is not ready).
    let declares: Vec<Action> = g
        .legal(0)
        .into_iter()
        .filter(|a| matches!(a, Action::DeclareReady { .. }))
        .collect();
    // Nothing is shown: the 5p triplet (456p 55p) stays hidden, as every triplet does.
    assert_eq!(
        declares,
        vec![Action::DeclareReady {
            discard: g.tile("E"),
            hidden: 1 << g.tile("5p").id()
        }]
    );
    riichi(&mut g, "E");
    // Decision 4: the 1,000 deposit is paid once the declaring discard is not won on.
    assert_eq!(g.st.deposits_on_table(), 1);
    // South draws 4s and discards it: East wins (ippatsu, before its next discard).
    assert_eq!(g.turn(), Some(1));
    g.discard_drawn(1);
    assert!(g.offered_win(0));
    g.claim(0, Action::Win);
    let r = g.finish();
    assert_eq!(payments(&r, Some("deposit")), vec![vec![-1000, 0, 0, 0]]);
    let win = r
        .events
        .iter()
        .find_map(|e| match e {
            mj_core::game::record::RecordEvent::Win { hand, fans, .. } => Some((hand.clone(), fans.clone())),
            _ => None,
        })
        .expect("a win");
    assert!(win.0.contains("riichi") && win.0.contains("ippatsu"), "{}", win.0);
    assert!(!win.0.contains("double"), "{}", win.0);
    for f in ["立直 1", "一发 1", "平和 1"] {
        assert!(win.1.iter().any(|x| x == f), "{f} in {:?}", win.1);
    }
    // Decision 8: dealer, 3 han 30 fu: basic 30 × 2^5 = 960, ron 6 × 960 = 5,760 → 5,800 from
    // South; East also takes the deposit on the table (its own 1,000).
    assert_eq!(payments(&r, None), vec![vec![6800, -5800, 0, 0]]);
    assert_eq!(r.net(), vec![5800, -5800, 0, 0]);
}

#[test]
fn declaring_with_the_first_discard_is_a_double_riichi() {
    let t = table("riichi");
    // East declares with E, its first discard.
    let mut g = Game::with_kept(&t, &deal(EAST), "4s", "", NO_DORA, &HandStart::default());
    riichi(&mut g, "E");
    g.discard_drawn(1);
    g.claim(0, Action::Win);
    let r = g.finish();
    // Decision 4 / 6: double riichi 2 + ippatsu 1 + pinfu 1 = 4 han 30 fu, dealer ron:
    // 30 × 2^6 = 1,920, × 6 = 11,520 → 11,600; plus the deposit.
    assert_eq!(payments(&r, None), vec![vec![12600, -11600, 0, 0]]);
}

#[test]
fn a_declared_hand_is_frozen_and_makes_no_calls() {
    let t = table("riichi");
    // East declares with N (waiting on 1s/4s, holding EE); South draws the last E and
    // discards it.
    let mut g = Game::new(&t, &deal("123m 456p 789s 23s EE N"), "E C P 8m", "");
    riichi(&mut g, "N");
    g.discard_drawn(1);
    // Decision 4: the hand is frozen, no pon after riichi: East is not asked at all.
    assert!(!g.offered_win(0));
    assert!(
        !matches!(&g.st.phase, mj_core::game::state::Phase::Offer(o) if o.waiting.contains(&0)),
        "East is offered a claim"
    );
    g.pass();
    g.discard_drawn(2);
    g.pass();
    g.discard_drawn(3);
    g.pass();
    // East's turn: only the drawn tile may go.
    let drawn = g.drawn().expect("East drew");
    let legal = g.legal(0);
    assert!(legal.contains(&Action::Discard(drawn)));
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Discard(d) if *d == drawn) || *a == Action::SelfWin));
}

#[test]
fn declaring_needs_a_thousand_points() {
    let t = table("riichi");
    let poor = HandStart {
        stacks: vec![900, 33000, 33000, 33100],
        ..HandStart::default()
    };
    let g = Game::new_at(&t, &deal(EAST), "4s", "", &poor);
    // Decision 4: ≥1,000 points to declare.
    assert!(!g
        .legal(0)
        .iter()
        .any(|a| matches!(a, Action::DeclareReady { .. })));
    let rich = HandStart {
        stacks: vec![1000, 33000, 33000, 33000],
        ..HandStart::default()
    };
    let g = Game::new_at(&t, &deal(EAST), "4s", "", &rich);
    assert!(g
        .legal(0)
        .iter()
        .any(|a| matches!(a, Action::DeclareReady { .. })));
}

#[test]
fn furiten_on_an_own_discard_blocks_ron_but_not_tsumo() {
    let t = table("riichi");
    // East discards 1s, keeping 123m 456p 789s 23s 55p: it waits on 1s and 4s and has
    // discarded 1s (Decision 5: no ron on any tile it waits on while furiten).
    let mut g = Game::new(&t, &deal("123m 456p 789s 1s 23s 55p"), "4s C P 4s", "");
    g.discard(0, "1s");
    g.discard_drawn(1);
    assert!(!g.offered_win(0), "furiten: no ron on 4s");
    g.pass();
    g.discard_drawn(2);
    g.pass();
    g.discard_drawn(3);
    g.pass();
    // Decision 5: tsumo is always allowed.
    assert!(g.legal(0).contains(&Action::SelfWin));
    g.act(0, Action::SelfWin);
    g.finish();
}

#[test]
fn a_win_passed_after_declaring_locks_ron_for_the_rest_of_the_hand() {
    let t = table("riichi");
    // South discards 4s (East passes), West C, North P, East draws 8m and must discard it,
    // then South discards 1s.
    let mut g = Game::new(&t, &deal(EAST), "4s C P 8m 1s", "");
    riichi(&mut g, "E");
    g.discard_drawn(1);
    assert!(g.offered_win(0));
    g.pass();
    g.discard_drawn(2);
    g.pass();
    g.discard_drawn(3);
    g.pass();
    g.discard_drawn(0);
    g.pass();
    g.discard_drawn(1);
    // Decision 5: after riichi a passed ron blocks ron for the rest of the hand, even after
    // East's own draw.
    assert!(!g.offered_win(0), "declared furiten");
}

#[test]
fn the_dealer_tsumo_on_the_deal_is_tenhou() {
    let t = table("riichi");
    let mut g = Game::new(&t, &deal("123m 456p 789s 234s 55p"), "", "");
    g.act(0, Action::SelfWin);
    let r = g.finish();
    // Decision 6: tenhou is a yakuman: 8,000 basic, dealer tsumo 2 × 8,000 = 16,000 from each.
    assert_eq!(payments(&r, None), vec![vec![48000, -16000, -16000, -16000]]);
}

#[test]
fn counters_and_deposits_carried_into_the_hand_are_paid_to_the_winner() {
    let t = table("riichi");
    let start = HandStart {
        counters: 2,
        deposits: 1,
        ..HandStart::default()
    };
    let mut g = Game::with_kept(&t, &deal(EAST), "4s", "", NO_DORA, &start);
    g.discard(0, "E");
    g.discard_drawn(1);
    g.claim(0, Action::Win);
    let r = g.finish();
    // Decision 8: dealer ron, pinfu 1 han 30 fu (no riichi): 30 × 2^3 = 240, × 6 = 1,440 →
    // 1,500, plus 300 per counter = 2,100 from South; East takes the 1,000 deposit on the table.
    assert_eq!(payments(&r, None), vec![vec![3100, -2100, 0, 0]]);
}

#[test]
fn the_dora_indicator_shown_at_the_deal_and_the_ura_under_it_go_to_the_scorer() {
    let t = table("riichi");
    let mut g = Game::new(&t, &deal(EAST), "4s", "");
    // Decision 2: one indicator shown at the deal, the ura-dora indicator under it.
    let shown = g.st.indicators(false);
    let under = g.st.indicators(true);
    assert_eq!((shown.len(), under.len()), (1, 1));
    assert_eq!(Some(shown[0]), g.st.wall.kept(0));
    assert_eq!(Some(under[0]), g.st.wall.kept(1));
    riichi(&mut g, "E");
    g.discard_drawn(1);
    g.claim(0, Action::Win);
    let r = g.finish();
    let hand = r
        .events
        .iter()
        .find_map(|e| match e {
            mj_core::game::record::RecordEvent::Win { hand, .. } => Some(hand.clone()),
            _ => None,
        })
        .expect("a win");
    let name = |x: mj_core::Tile| t.tiles().notation(x);
    assert!(hand.contains(&format!("dora={}", name(shown[0]))), "{hand}");
    assert!(hand.contains(&format!("ura={}", name(under[0]))), "{hand}");
}

#[test]
fn a_concealed_kong_shows_an_indicator_at_once_an_exposed_one_after_the_discard() {
    let t = table("riichi");
    // East holds four 1m and kongs them; the replacement is E, which it discards declaring
    // riichi. The dead wall: indicator 6m (dora 7m) and ura 7m, then indicator 9m (dora 1m).
    let mut g = four_1m_deal(&t);
    assert_eq!(g.st.indicators(false), vec![g.tile("6m")]);
    g.act(0, Action::ConcealedKong(g.tile("1m")));
    // Decision 2: a concealed kong reveals the next indicator at once.
    assert_eq!(g.st.indicators(false), vec![g.tile("6m"), g.tile("9m")]);
    riichi(&mut g, "E");
    g.discard_drawn(1);
    g.claim(0, Action::Win);
    let r = g.finish();
    let (hand, fans) = first_win(&r).expect("a win");
    assert!(hand.contains("dora=6m9m"), "{hand}");
    // Decision 2: the revealed indicator 9m points at 1m, and the kong counts four of them.
    assert!(fans.iter().any(|f| f == "宝牌 1×4"), "{fans:?}");

    // An exposed kong: North kongs East's C; the indicators: 6m at the deal, 8m next. Decision 2:
    // an open kong's indicator is shown once the konger has discarded.
    assert_eq!(
        exposed_kong_indicators("riichi"),
        (vec!["6m".to_string()], vec!["6m".to_string(), "8m".to_string()])
    );
}

/// North holds three C and kongs East's C, its replacement 9p, which it discards; the indicators
/// shown (6m at the deal, 8m next) before North's discard and after it, under `rules`.
fn exposed_kong_indicators(rules: &str) -> (Vec<String>, Vec<String>) {
    let t = table(rules);
    let kept = "6m 7m 8m 7m 66m 88m 777p 4s 7m 9m";
    let others = [
        "1199m 1199p 19s NSW",
        "2238m 6678p 5568s F",
        "4457m 2234p 89s CCC",
    ];
    let east = "123m 456p 789s 23s 55p C";
    let start = HandStart::default();
    let mut g = Game::with_kept(
        &t,
        &[east, others[0], others[1], others[2]],
        "",
        "9p",
        kept,
        &start,
    );
    let shown = |g: &Game<'_>| -> Vec<String> {
        g.st.indicators(false)
            .into_iter()
            .map(|k| t.tiles().notation(k))
            .collect()
    };
    g.discard(0, "C");
    g.claim(3, Action::ExposedKong);
    assert_eq!(g.turn(), Some(3));
    let before = shown(&g);
    g.discard(3, "9p");
    (before, shown(&g))
}

/// East holds four 1m (South 22m instead of the usual 11m), draws 4s, and a kong of them would
/// bring E; the dead wall: indicator 6m (dora 7m) and ura 7m, then indicator 9m (dora 1m).
fn four_1m_deal(t: &mj_dsl::table::Table) -> Game<'_> {
    let others = [
        "2299m 1199p 19s NSW",
        "2238m 6678p 5568s F",
        "4457m 2234p 7789s C",
    ];
    let east = "1111m 456p 789s 23s 55p";
    let kept = "6m 7m 9m 7m 66m 888m 777p 4s 9m";
    let hands = [east, others[0], others[1], others[2]];
    Game::with_kept(t, &hands, "4s", "E", kept, &HandStart::default())
}

/// East kongs its four 1m on its first turn (replacement E); the indicators shown right after.
fn concealed_kong_indicators(rules: &str) -> usize {
    let t = table(rules);
    let mut g = four_1m_deal(&t);
    g.act(0, Action::ConcealedKong(g.tile("1m")));
    g.st.indicators(false).len()
}

#[test]
fn kandora_setting_times_the_kong_indicator() {
    let one = || vec!["6m".to_string()];
    let two = || vec!["6m".to_string(), "8m".to_string()];
    // kandora=after_discard (the default, Decision 2): a closed kan at once, an open one after
    // the konger's discard.
    assert_eq!(concealed_kong_indicators("riichi[kandora=after_discard]"), 2);
    assert_eq!(
        exposed_kong_indicators("riichi[kandora=after_discard]"),
        (one(), two())
    );
    // kandora=immediate: the open kan's indicator is shown before the konger discards.
    assert_eq!(concealed_kong_indicators("riichi[kandora=immediate]"), 2);
    assert_eq!(
        exposed_kong_indicators("riichi[kandora=immediate]"),
        (two(), two())
    );
    // kandora=none: no kan shows an indicator.
    assert_eq!(concealed_kong_indicators("riichi[kandora=none]"), 1);
    assert_eq!(exposed_kong_indicators("riichi[kandora=none]"), (one(), one()));
}
