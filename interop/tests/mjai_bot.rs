//! The greedy bot over mjai (`mj bot --protocol mjai`) plays as the greedy bot of `mj play`: a
//! riichi match played by four greedy bots in the engine is exported as mjai, each seat's bot is
//! fed the events one at a time (the other seats' tiles hidden as `?`, as a judge sends them),
//! and every action a seat took in the match is the bot's answer to the event before it.

use mj_core::game::matchplay::play_match;
use mj_core::game::{GreedyBot, Player};
use mj_interop::mjai::bot::Bot;
use mj_interop::mjai::export::export_game;
use mj_interop::mjai::seat_view;
use serde_json::{json, Value};

fn is_action(v: &Value, me: usize) -> bool {
    v["actor"] == json!(me)
        && matches!(
            v["type"].as_str(),
            Some("dahai" | "reach" | "chi" | "pon" | "daiminkan" | "ankan" | "kakan" | "hora")
        )
}

/// The fields an answer and the logged action share.
fn same(answer: &Value, logged: &Value) -> bool {
    ["type", "actor", "pai", "target"]
        .iter()
        .all(|k| answer[k] == logged[k] || answer[k].is_null())
}

#[test]
fn the_mjai_greedy_bot_takes_every_action_the_engine_greedy_bot_took() {
    let t = mj_dsl::table::Table::new(mj_dsl::load("riichi").expect("loads")).expect("table");
    let (mut actions, mut games) = (0usize, 0usize);
    let mut kinds = std::collections::BTreeSet::new();
    for seed in [1u64, 2] {
        let mut players: Vec<Box<dyn Player>> = (0..4)
            .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
            .collect();
        let m = play_match(&t, &mut players, seed, Some(1)).expect("a match");
        let log = export_game(&t, &m.hands).expect("exports");
        for me in 0..4 {
            let mut bot = Bot::new(&t).expect("a bot");
            let mut answer = json!({"type": "none"});
            for v in &log {
                if is_action(v, me) {
                    assert!(
                        same(&answer, v),
                        "seed {seed} seat {me}: logged {v}, the bot answered {answer}"
                    );
                    actions += 1;
                    kinds.insert(v["type"].as_str().unwrap_or_default().to_string());
                }
                answer = bot.line(&seat_view(v, me).to_string()).expect("an answer");
            }
        }
        games += 1;
    }
    println!("{games} games, {actions} actions taken alike: {kinds:?}");
    assert!(actions > 100, "{actions}");
    for k in ["dahai", "reach", "pon", "hora"] {
        assert!(kinds.contains(k), "no {k} among {kinds:?}");
    }
}
