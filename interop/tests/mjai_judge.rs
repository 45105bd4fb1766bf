//! The mjai judge (`mj match --protocol mjai`) without processes: four greedy mjai bots in this
//! process play whole riichi matches under it, which must come out as `mj play --match` plays
//! them with the engine's greedy bots (the mjai bot chooses as they do); a bot that answers
//! nonsense forfeits, and its record still replays.

use mj_core::game::matchplay::play_match;
use mj_core::game::record::RecordEvent;
use mj_core::game::{replay, GreedyBot, Player, Rules};
use mj_dsl::table::Table;
use mj_interop::botzone::referee::{fault, Bots, Fault, SEATS};
use mj_interop::mjai::bot::Bot;
use mj_interop::mjai::judge::Judge;
use std::cell::Cell;
use std::rc::Rc;

/// Four greedy mjai bots; seat `liar` (if any) answers `lie` once it has seen `after` lines.
struct InProcess<'a> {
    rules: &'a dyn Rules,
    bots: Vec<Bot<'a>>,
    liar: Option<(usize, usize, &'static str)>,
    seen: usize,
    /// Every request so far was a JSON array.
    arrays: Rc<Cell<bool>>,
    /// A seat that says of every discard that it came from the hand (`tsumogiri: false`).
    from_hand: Option<usize>,
    /// Every event line the next seat after it was sent.
    heard: Rc<std::cell::RefCell<Vec<serde_json::Value>>>,
}

impl<'a> InProcess<'a> {
    fn new(rules: &'a dyn Rules, liar: Option<(usize, usize, &'static str)>) -> InProcess<'a> {
        let bots = (0..SEATS).map(|_| Bot::new(rules).expect("a bot")).collect();
        InProcess {
            rules,
            bots,
            liar,
            seen: 0,
            arrays: Rc::new(Cell::new(true)),
            from_hand: None,
            heard: Rc::default(),
        }
    }
}

impl Bots for InProcess<'_> {
    fn exchange(&mut self, requests: &[String; SEATS]) -> Vec<Result<String, Fault>> {
        self.seen += 1;
        let seen = self.seen;
        let liar = self.liar;
        if !requests.iter().all(|r| r.starts_with('[')) {
            self.arrays.set(false);
        }
        let from_hand = self.from_hand;
        if let Some(s) = from_hand {
            for l in requests[(s + 1) % SEATS].lines() {
                match serde_json::from_str(l).expect("a request is JSON") {
                    serde_json::Value::Array(v) => self.heard.borrow_mut().extend(v),
                    v => self.heard.borrow_mut().push(v),
                }
            }
        }
        self.bots
            .iter_mut()
            .enumerate()
            .map(|(s, b)| {
                let a = b.line(&requests[s]).map_err(|e| fault(s, e))?;
                match liar {
                    Some((l, after, lie)) if l == s && seen > after => Ok(lie.to_string()),
                    _ if from_hand == Some(s) && a["type"] == "dahai" => {
                        let mut a = a.clone();
                        a["tsumogiri"] = false.into();
                        Ok(a.to_string())
                    }
                    _ => Ok(a.to_string()),
                }
            })
            .collect()
    }

    fn reset(&mut self) {
        let rules = self.rules;
        self.bots = (0..SEATS).map(|_| Bot::new(rules).expect("a bot")).collect();
        self.seen = 0;
    }

    fn names(&self) -> Vec<String> {
        (0..SEATS).map(|s| format!("mjai greedy {s}")).collect()
    }
}

/// A record's events with every discard's `from_hand` cleared.
fn without_from_hand(r: &mj_core::game::Record) -> Vec<RecordEvent> {
    let mut events = r.events.clone();
    for e in &mut events {
        if let RecordEvent::Discard { from_hand, .. } = e {
            *from_hand = false;
        }
    }
    events
}

/// The match the engine's own greedy bots play from `seed`: what greedy mjai bots must match.
fn engine_match(t: &Table, seed: u64) -> mj_core::game::MatchResult {
    let mut players: Vec<Box<dyn Player>> = (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    play_match(t, &mut players, seed, None).expect("a match")
}

fn riichi() -> Table {
    Table::new(mj_dsl::load("riichi").expect("loads")).expect("a table")
}

#[test]
fn greedy_mjai_bots_play_the_match_the_engine_plays() {
    let t = riichi();
    let mut judge = Judge::new(&t, InProcess::new(&t, None), None).expect("a judge");
    for seed in [1u64, 5] {
        let g = judge.game(seed).expect("a game");
        assert!(g.fault.is_none(), "seed {seed}: {:?}", g.fault);
        let m = engine_match(&t, seed);
        assert_eq!(g.result.hands.len(), m.hands.len(), "seed {seed}");
        for (k, (a, b)) in g.result.hands.iter().zip(&m.hands).enumerate() {
            // The judge's record keeps which discards the bots said came from the hand, which
            // the engine's does not know; otherwise the events are the same.
            assert_eq!(without_from_hand(a), b.events, "seed {seed} hand {}", k + 1);
            assert!(replay(&t, a).is_ok(), "seed {seed} hand {}", k + 1);
        }
        assert_eq!(g.result.totals, m.totals, "seed {seed}");
        assert_eq!(g.result.places, m.places, "seed {seed}");
        println!(
            "seed {seed}: {} hands, {} lines, totals {:?}",
            m.hands.len(),
            g.lines,
            m.totals
        );
    }
}

#[test]
fn a_bot_answering_nonsense_forfeits_and_the_match_ends() {
    let t = riichi();
    // Seat 2 answers garbage from the 40th line on: its own answers count only where it has a
    // choice, but "none" is the only answer allowed anywhere else, so it faults at once.
    let bots = InProcess::new(&t, Some((2, 40, "{\"type\":\"dahai\",\"pai\":\"9z\"}")));
    let mut judge = Judge::new(&t, bots, None).expect("a judge");
    let g = judge.game(1).expect("a game");
    let f = g.fault.clone().expect("a forfeit");
    assert_eq!(f.seat, 2, "{f:?}");
    assert_eq!(g.result.hands.len(), 1, "the match ends with the forfeited hand");
    let r = &g.result.hands[0];
    assert!(replay(&t, r).is_ok());
    assert_eq!(
        r.events.last(),
        Some(&RecordEvent::Forfeit {
            seat: 2,
            id: String::new()
        }),
        "riichi names no penalty: the hand ends unpaid"
    );
    assert_eq!(r.net(), vec![0; 4]);
    let line = g.report(1, 1, None, true);
    assert!(
        line.contains("\"result\":\"forfeit\"") && line.contains("\"offender\":2"),
        "{line}"
    );
}

#[test]
fn a_judge_refuses_a_penalty_the_ruleset_lacks() {
    let t = riichi();
    assert!(Judge::new(&t, InProcess::new(&t, None), Some("chombo")).is_err());
}

#[test]
fn a_named_penalty_is_charged_to_the_offender() {
    // A test ruleset: riichi with one fixed penalty (the judge charges what a ruleset defines;
    // riichi itself defines none).
    let dir = std::env::temp_dir().join(format!("mj-mjai-judge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    std::fs::write(
        dir.join("ruleset.toml"),
        "[ruleset]\nname = \"riichi-penalised\"\nextends = \"riichi\"\nversion = \"0.0.1\"\n\
         description = \"test\"\n\n[settlement]\npenalty = [\n  { id = \"fault\", zh = \"错\", \
         en = \"Fault\", each = 1000, ends_hand = true, definition = \"test\" },\n]\n",
    )
    .expect("written");
    let t = Table::new(mj_dsl::load(dir.to_str().expect("a path")).expect("loads")).expect("a table");
    let bots = InProcess::new(&t, Some((3, 10, "not json")));
    let mut judge = Judge::new(&t, bots, Some("fault")).expect("a judge");
    let g = judge.game(2).expect("a game");
    assert_eq!(g.fault.as_ref().map(|f| f.seat), Some(3));
    let r = &g.result.hands[0];
    assert!(replay(&t, r).is_ok());
    assert_eq!(r.net(), vec![1000, 1000, 1000, -3000]);
    assert_eq!(g.result.totals, vec![26000, 26000, 26000, 22000]);
}

#[test]
fn with_arrays_every_event_is_sent_as_a_one_element_array() {
    let t = riichi();
    let bots = InProcess::new(&t, None);
    let all_arrays = bots.arrays.clone();
    let mut judge = Judge::new(&t, bots, None).expect("a judge").arrays(true);
    let g = judge.game(1).expect("a game");
    assert!(g.fault.is_none(), "{:?}", g.fault);
    let m = engine_match(&t, 1);
    assert_eq!(g.result.totals, m.totals);
    assert!(all_arrays.get(), "a request was not an array");
}

/// Which of two equal copies a bot threw is the bot's to say: a seat that says each discard came
/// from the hand (手出し) plays the same match, the others are told `tsumogiri: false` for its every
/// discard, and the record marks each `from_hand` (what the engine cannot tell), so the record's
/// mjai export says what the bot said, and still replays.
#[test]
fn a_bot_saying_it_discarded_from_the_hand_is_believed_and_recorded() {
    let t = riichi();
    let mut bots = InProcess::new(&t, None);
    bots.from_hand = Some(1);
    let heard = bots.heard.clone();
    let mut judge = Judge::new(&t, bots, None).expect("a judge");
    let g = judge.game(1).expect("a game");
    assert!(g.fault.is_none(), "{:?}", g.fault);
    let m = engine_match(&t, 1);
    assert_eq!(g.result.totals, m.totals, "the same match");
    let of_seat_1: Vec<bool> = g
        .result
        .hands
        .iter()
        .flat_map(|r| &r.events)
        .filter_map(|e| match e {
            RecordEvent::Discard {
                seat: 1, from_hand, ..
            } => Some(*from_hand),
            _ => None,
        })
        .collect();
    assert!(
        !of_seat_1.is_empty() && of_seat_1.iter().all(|&f| f),
        "{of_seat_1:?}"
    );
    for r in &g.result.hands {
        assert!(replay(&t, r).is_ok());
    }
    let told = |lines: &[serde_json::Value], actor: u64| -> Vec<bool> {
        lines
            .iter()
            .filter(|l| l["type"] == "dahai" && l["actor"] == actor)
            .map(|l| l["tsumogiri"].as_bool().expect("tsumogiri"))
            .collect()
    };
    let heard = heard.borrow();
    assert!(!told(&heard, 1).is_empty() && !told(&heard, 1).contains(&true));
    assert!(
        told(&heard, 0).contains(&true),
        "the other seats throw what they draw"
    );
    let exported = mj_interop::mjai::export::export_game(&t, &g.result.hands).expect("exports");
    assert!(
        !told(&exported, 1).contains(&true),
        "the record's export says what the bot said"
    );
    assert!(told(&exported, 0).contains(&true));
    println!("{} discards of seat 1 marked from the hand", of_seat_1.len());
}
