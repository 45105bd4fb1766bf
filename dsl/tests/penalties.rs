//! `[settlement] penalty` entries in game records: inserted by a tool, replayed, paid, checked.

use mj_core::game::record::{insert_penalty, RecordEvent, PENALTY_REASON};
use mj_core::game::{play_hand, replay, GreedyBot, Player, Record, Rules};
use mj_core::Wind;
use mj_dsl::table::Table;

fn table(name: &str) -> Table {
    Table::new(mj_dsl::load(name).expect("ruleset")).expect("table")
}

fn hand(t: &Table, seed: u64) -> Record {
    let mut players: Vec<Box<dyn Player>> = (0..t.table().player_count())
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    play_hand(t, &mut players, seed, 0, Wind::default()).expect("hand")
}

fn first_discard(r: &Record) -> usize {
    r.events
        .iter()
        .position(|e| matches!(e, RecordEvent::Discard { .. }))
        .expect("a discard")
}

#[test]
fn a_penalty_is_paid_to_every_other_player_and_replays() {
    let t = table("mcr");
    assert_eq!(t.penalty("zha_he"), Some(20));
    assert_eq!(t.penalty("cuo_he"), Some(10));
    let r = hand(&t, 7);
    let before = r.net();
    // Mid-hand (before a discard) and after the hand's own events.
    let mid = first_discard(&r) + 4;
    let p = insert_penalty(&t, &r, mid, 2, "zha_he").expect("inserted");
    let p = insert_penalty(&t, &p, p.events.len(), 1, "cuo_he").expect("inserted");
    assert_eq!(p.events.len(), r.events.len() + 10);
    assert_eq!(
        p.events[mid],
        RecordEvent::Penalty {
            seat: 2,
            id: "zha_he".into()
        }
    );
    assert_eq!(
        p.events[mid + 3],
        RecordEvent::Payment {
            seat: 2,
            amount: -60,
            reason: Some(PENALTY_REASON.into())
        }
    );
    replay(&t, &p).unwrap_or_else(|d| panic!("{d}"));
    let after = p.net();
    let moved: Vec<i64> = after.iter().zip(&before).map(|(a, b)| a - b).collect();
    assert_eq!(moved, vec![30, -10, -50, 30]);
    assert_eq!(after.iter().sum::<i64>(), 0);
    // Through JSON, as `mj replay` reads it.
    let json = p.to_json();
    assert!(
        json.contains(r#"{"type":"penalty","seat":2,"id":"zha_he"}"#),
        "{json}"
    );
    assert!(json.contains(r#"{"type":"payment","seat":2,"amount":-60,"reason":"penalty"}"#));
    let back = Record::from_json(&json).expect("reads");
    replay(&t, &back).unwrap_or_else(|d| panic!("{d}"));
    assert!(back.to_text(t.tiles(), false).contains("penalty zha_he"));
}

#[test]
fn shiwan_has_its_own_penalty_table() {
    let t = table("shiwan");
    let r = hand(&t, 3);
    let p = insert_penalty(&t, &r, r.events.len(), 0, "zha_he").expect("inserted");
    replay(&t, &p).unwrap_or_else(|d| panic!("{d}"));
    let e = insert_penalty(&t, &r, r.events.len(), 0, "cuo_he").unwrap_err();
    assert!(
        e.message
            .contains("penalty `cuo_he` is not one of ruleset `shiwan`"),
        "{e}"
    );
}

#[test]
fn an_unknown_or_wrongly_paid_penalty_diverges() {
    let t = table("mcr");
    let r = hand(&t, 7);
    let at = first_discard(&r);
    let mut bad = r.clone();
    bad.events.insert(
        at,
        RecordEvent::Penalty {
            seat: 1,
            id: "late_arrival".into(),
        },
    );
    let d = replay(&t, &bad).unwrap_err();
    assert_eq!(d.index, at);
    assert!(
        d.message
            .contains("penalty `late_arrival` is not one of ruleset `mcr`'s [settlement] penalties"),
        "{d}"
    );
    assert!(insert_penalty(&t, &r, at, 1, "late_arrival").is_err());
    // A penalty whose payments are missing or wrong.
    let mut unpaid = r.clone();
    unpaid.events.insert(
        at,
        RecordEvent::Penalty {
            seat: 1,
            id: "zha_he".into(),
        },
    );
    assert!(replay(&t, &unpaid).is_err());
    let mut wrong = insert_penalty(&t, &r, at, 1, "zha_he").expect("inserted");
    if let RecordEvent::Payment { amount, .. } = &mut wrong.events[at + 1] {
        *amount = 25;
    }
    let d = replay(&t, &wrong).unwrap_err();
    assert!(d.message.contains("the penalty gives"), "{d}");
    // A seat the table does not have.
    let d = insert_penalty(&t, &r, at, 9, "zha_he").unwrap_err();
    assert!(d.message.contains("seat 9"), "{d}");
}

#[test]
fn a_penalty_cannot_split_one_action_s_events() {
    let t = table("mcr");
    let r = (1..40)
        .map(|s| hand(&t, s))
        .find(|r| !r.winners().is_empty())
        .expect("a won hand");
    let win = r
        .events
        .iter()
        .position(|e| matches!(e, RecordEvent::Win { .. }))
        .expect("win");
    // Between the win and its payments.
    assert!(insert_penalty(&t, &r, win + 1, 0, "cuo_he").is_err());
    assert!(insert_penalty(&t, &r, r.events.len() + 1, 0, "cuo_he").is_err());
}

#[test]
fn penalty_tables_of_jingji_and_shiwan_are_ruleset_data() {
    use mj_dsl::penalty::deltas;
    let find = |rs: &'static mj_dsl::Ruleset, id: &str| {
        rs.settlement
            .penalties
            .iter()
            .find(|p| p.id == id)
            .unwrap_or_else(|| panic!("{} has {id}", rs.name))
    };
    let jingji: &'static mj_dsl::Ruleset = Box::leak(Box::new(mj_dsl::load("jingji").expect("loads")));
    let shiwan: &'static mj_dsl::Ruleset = Box::leak(Box::new(mj_dsl::load("shiwan").expect("loads")));
    // jingji.md §9: multiples of 10, at most 50, to the disadvantaged player or dead points.
    let fa = find(jingji, "fa_fen");
    assert_eq!(fa.amounts, vec![10, 20, 30, 40, 50]);
    assert_eq!(deltas(fa, 4, 0, Some(30), Some(2)), Ok(vec![-30, 0, 30, 0]));
    assert_eq!(deltas(fa, 4, 1, Some(50), None), Ok(vec![0, -50, 0, 0]));
    assert!(deltas(fa, 4, 1, Some(15), None).is_err());
    assert!(deltas(fa, 4, 1, Some(60), None).is_err());
    assert!(
        find(jingji, "zha_he").each.is_none(),
        "诈和 is sized by the referee"
    );
    // jingji.md §3.3: a win off a player at zero pays 10 to each of the three others.
    assert_eq!(
        deltas(find(jingji, "win_off_zero"), 4, 2, None, None),
        Ok(vec![10, 10, -30, 10])
    );
    // shiwan.md §6: 诈和 20 to each; a misnamed tile pays all three shares; steps 5 … 60.
    assert_eq!(find(shiwan, "zha_he").fixed(), Some(20));
    let cuo = find(shiwan, "cuo_bao");
    assert_eq!(deltas(cuo, 4, 3, Some(12), None), Ok(vec![12, 12, 12, -36]));
    assert!(
        deltas(cuo, 4, 3, Some(4), None).is_err(),
        "below the 5-point minimum"
    );
    assert_eq!(find(shiwan, "fa_fen").amounts, vec![5, 10, 20, 30, 40, 50, 60]);
    // A referee-sized penalty has no fixed amount for a game record.
    let t = table("jingji");
    assert_eq!(t.penalty("fa_fen"), None);
    assert_eq!(t.penalty("win_off_zero"), Some(10));
}

#[test]
fn a_penalty_entry_that_is_neither_fixed_nor_sized_is_a_load_error() {
    let toml = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rulesets/shiwan/ruleset.toml"
    ))
    .expect("reads");
    for (bad, says) in [
        ("each = 20, amounts = [5]", "exactly one of"),
        ("amounts = [5], to = \"all\"", "is not known"),
        ("each = 20, to = \"one\"", "needs `amounts`"),
        ("amounts = [0]", "not from 1"),
    ] {
        let text = toml.replace(
            "each = 20, definition = \"Declared",
            &format!("{bad}, definition = \"Declared"),
        );
        assert_ne!(text, toml);
        let e = mj_dsl::load_from_memory("shiwan-broken", &[("ruleset.toml", text.as_str())])
            .expect_err(bad)
            .to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

/// A fixed penalty's `each` may be a formula of `[settlement] constants`, worked out at load
/// (docs/ruleset-format.md, Settlement: penalty); anything a hand or a payment decides is refused.
#[test]
fn a_fixed_penalty_may_be_a_formula_of_the_constants() {
    let toml = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rulesets/shiwan/ruleset.toml"
    ))
    .expect("reads");
    let with = |each: &str| {
        let text = toml
            .replacen("[settlement]\n", "[settlement]\nconstants = { stake = 7 }\n", 1)
            .replace(
                "each = 20, definition = \"Declared",
                &format!("each = {each}, definition = \"Declared"),
            );
        assert_ne!(text, toml);
        mj_dsl::load_from_memory("shiwan-stake", &[("ruleset.toml", text.as_str())])
    };
    let rs = with("\"min(stake * 3 + 1, 30)\"").expect("loads");
    let t = Table::new(rs).expect("table");
    assert_eq!(t.penalty("zha_he"), Some(22));
    for (bad, says) in [
        ("\"total + 1\"", "not a constant"),
        ("\"kongs * stake\"", "not a constant"),
        ("\"flowers\"", "not a constant"),
        ("\"min(total, stake)\"", "not a constant"),
        ("\"max(stake, pow(2, kongs))\"", "not a constant"),
        ("\"stakes\"", "stake"),
        ("\"stake - 7\"", "not from 1"),
        ("\"stake +\"", "penalty `zha_he`"),
        ("1.5", "a whole number, or a formula"),
    ] {
        let e = with(bad).expect_err(bad).to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}
