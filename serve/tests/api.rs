//! Every API route against a real server on a loopback port (port 0), through a plain HTTP/1.1
//! client over a TCP socket. Expected answers are computed from the library at test time, so the
//! tests check that the server returns exactly what the command line prints for the same input.

mod common;

use common::*;
use mj_core::game::{play_hand, GreedyBot, Player, Record, Rules};
use mj_core::Wind;
use mj_dsl::table::Table;
use mj_serve::{Limits, Registry};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// The answer `mj score --json` prints for this hand (it serialises the same report).
fn cli_score(rules: &str, hand: &str) -> Value {
    serde_json::to_value(mj_dsl::score_text(&load(rules), hand).expect("a win")).expect("json")
}

const MCR_HAND: &str = "[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2";

#[test]
fn lists_every_builtin_ruleset() {
    let s = Server::start(Limits::default());
    let (status, v) = s.get("/api/rulesets");
    assert_eq!(status, 200);
    let names: Vec<&str> = v["rulesets"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|r| r["name"].as_str())
        .collect();
    let mut builtin = mj_dsl::builtin_names();
    builtin.sort();
    assert_eq!(names, builtin);
    let mcr = &v["rulesets"][names.iter().position(|n| *n == "mcr").expect("mcr")];
    assert_eq!(mcr["tiles"], 144);
    assert_eq!(mcr["builtin"], true);
}

#[test]
fn describes_a_ruleset_with_its_fan_table_and_tiles() {
    let s = Server::start(Limits::default());
    for (name, total, top_rank) in [("mcr", 144, 9), ("shiwan", 136, 10), ("kawuxing", 84, 9)] {
        let (status, v) = s.get(&format!("/api/rulesets/{name}"));
        assert_eq!(status, 200, "{name}: {v}");
        let rs = load(name);
        let table = serde_json::to_value(mj_dsl::report::fan_table(&rs)).expect("json");
        assert_eq!(v["fans"], table, "{name}: the fan table is the library's");
        assert_eq!(v["tiles"]["total"], total, "{name}");
        for suit in v["tiles"]["suits"].as_array().expect("suits") {
            assert_eq!(suit["max_rank"], top_rank, "{name}");
        }
        assert_eq!(v["play"]["players"], rs.play.players, "{name}");
    }
    let (_, mcr) = s.get("/api/rulesets/mcr");
    assert_eq!(mcr["fans"].as_array().map(Vec::len), Some(81));
    assert_eq!(mcr["tiles"]["bonus"].as_array().map(Vec::len), Some(8));
}

#[test]
fn unknown_ruleset_is_404_with_the_names_there_are() {
    let s = Server::start(Limits::default());
    expect_error(
        s.get("/api/rulesets/nope"),
        404,
        "no ruleset `nope` on this server; rulesets: ",
    );
    let (_, v) = s.get("/api/rulesets/nope");
    assert!(error_of(&v).contains("mcr"), "the names there are: {v}");
    expect_error(
        s.post("/api/score", &json!({ "ruleset": "nope", "hand": MCR_HAND })),
        404,
        "no ruleset `nope`",
    );
}

#[test]
fn scores_a_hand_exactly_as_the_cli_prints_it() {
    let s = Server::start(Limits::default());
    for (rules, hand) in [
        ("mcr", MCR_HAND),
        ("mcr", "123m456m789m123p5s5s"),
        ("shiwan", "1234567890m111pEE"),
        ("kawuxing", "123m456m789m123p55p from=2"),
    ] {
        let (status, v) = s.post("/api/score", &json!({ "ruleset": rules, "hand": hand }));
        match mj_dsl::score_text(&load(rules), hand) {
            Ok(r) => {
                assert_eq!(status, 200, "{rules} {hand}: {v}");
                assert_eq!(v, serde_json::to_value(r).expect("json"), "{rules} {hand}");
            }
            Err(e) => {
                assert_eq!(status, 422, "{rules} {hand}: {v}");
                assert_eq!(error_of(&v), e);
            }
        }
    }
}

/// `"brief":true` answers `mj score --brief`'s line: the report less its account.
#[test]
fn a_brief_score_is_the_report_less_its_account() {
    let s = Server::start(Limits::default());
    for (rules, hand) in [
        ("mcr", MCR_HAND),
        ("riichi", "234m234p234s567m55p riichi dora=1m ura=4p self"),
        ("riichi", "[777p,1]234m234p234s55p"),
    ] {
        let (status, full) = s.post("/api/score", &json!({ "ruleset": rules, "hand": hand }));
        let (b_status, brief) = s.post(
            "/api/score",
            &json!({ "ruleset": rules, "hand": hand, "brief": true }),
        );
        assert_eq!(b_status, status, "{rules} {hand}: {brief}");
        if status != 200 {
            assert_eq!(error_of(&brief), error_of(&full), "{rules} {hand}");
            continue;
        }
        assert_eq!(brief, mj_testkit::brief::brief_of(&full), "{rules} {hand}");
    }
}

#[test]
fn structured_tiles_score_like_the_same_line() {
    let s = Server::start(Limits::default());
    let tiles = json!({
        "ruleset": "mcr",
        "tiles": {
            "melds": [{ "tiles": "WWWW", "from": 1 }, { "tiles": "444s" }],
            "concealed": ["4m", "5m", "6p", "7p", "8p", "F", "F"],
            "winning": "6m",
            "context": { "self": true, "seat": "S", "round": "W", "flowers": 2 }
        }
    });
    let (status, v) = s.post("/api/score", &tiles);
    assert_eq!(status, 200, "{v}");
    assert_eq!(v, cli_score("mcr", MCR_HAND));

    // A structured field cannot smuggle in words or melds.
    let mut bad = tiles.clone();
    bad["tiles"]["winning"] = json!("6m self");
    let (status, v) = s.post("/api/score", &bad);
    assert_eq!(status, 422);
    assert!(error_of(&v).contains("winning tile `6m self`"), "{v}");
}

#[test]
fn impossible_hands_get_422_with_the_cli_message() {
    let s = Server::start(Limits::default());
    let rs = load("mcr");
    for hand in [
        "11111m23456789p1s",          // five copies of one tile
        "123m456p789s1234s5s",        // not a win
        "123m456m789m123p0s0s",       // rank ten does not exist in mcr
        "123m456m789m123p5s5s bogus", // unknown context word
        "",
    ] {
        let (status, v) = s.post("/api/score", &json!({ "ruleset": "mcr", "hand": hand }));
        let expected = mj_dsl::score_text(&rs, hand).expect_err("not a win");
        assert_eq!(status, 422, "{hand}: {v}");
        assert_eq!(error_of(&v), expected, "{hand}");
    }
}

#[test]
fn malformed_json_is_400() {
    let s = Server::start(Limits::default());
    for path in ["/api/score", "/api/waits", "/api/diff", "/api/replay"] {
        let (status, v) = s.post_raw(path, b"{\"ruleset\": \"mcr\", ");
        assert_eq!(status, 400, "{path}: {v}");
        assert!(error_of(&v).starts_with("malformed JSON request"), "{path}: {v}");
    }
    expect_error(
        s.post("/api/score", &json!({ "ruleset": "mcr" })),
        400,
        "either as `hand`",
    );
    expect_error(
        s.post("/api/score", &json!({ "ruleset": "mcr", "hand": 5 })),
        400,
        "invalid type",
    );
    expect_error(
        s.post("/api/score", &json!({ "rules": "mcr", "hand": MCR_HAND })),
        400,
        "unknown field `rules`",
    );
}

#[test]
fn oversized_bodies_are_413() {
    let s = Server::start(Limits {
        max_body: 1024,
        ..Limits::default()
    });
    let big = json!({ "ruleset": "mcr", "hand": "1".repeat(4096) });
    for path in ["/api/score", "/api/replay"] {
        let (status, v) = s.post(path, &big);
        assert_eq!(status, 413, "{path}: {v}");
        assert_eq!(
            error_of(&v),
            "the request body is larger than this server accepts"
        );
    }
    // Under the limit, the same route answers.
    let (status, _) = s.post("/api/score", &json!({ "ruleset": "mcr", "hand": MCR_HAND }));
    assert_eq!(status, 200);
}

#[test]
fn waits_as_the_cli_prints_them() {
    let s = Server::start(Limits::default());
    let rs = load("mcr");
    let hand = "1112345678999m";
    let (status, v) = s.post("/api/waits", &json!({ "ruleset": "mcr", "hand": hand }));
    assert_eq!(status, 200, "{v}");
    let expected = mj_dsl::waits_text(&rs, hand).expect("waits");
    assert_eq!(v, serde_json::to_value(&expected).expect("json"));
    assert_eq!(
        v["waits"].as_array().map(Vec::len),
        Some(9),
        "nine gates waits on all nine"
    );

    let (status, v) = s.post("/api/waits", &json!({ "ruleset": "mcr", "hand": "123m" }));
    assert_eq!(status, 422);
    assert_eq!(error_of(&v), mj_dsl::waits_text(&rs, "123m").expect_err("short"));
}

#[test]
fn diff_as_the_cli_prints_it() {
    let s = Server::start(Limits::default());
    let hands = [
        "EESSWWNNCCFFPP",
        "1199m1199p1199s1m",
        "123m456m789m123p5s5s",
        "not a hand",
    ];
    let (status, v) = s.post(
        "/api/diff",
        &json!({ "a": "mcr", "b": "mcr-strict98", "hands": hands }),
    );
    assert_eq!(status, 200, "{v}");
    let cases: Vec<mj_dsl::diff::Case> = hands
        .iter()
        .enumerate()
        .map(|(i, h)| mj_dsl::diff::Case {
            comment: String::new(),
            hand: h.to_string(),
            origin: format!("hands[{i}]"),
        })
        .collect();
    let expected = mj_dsl::diff::compare(&load("mcr"), &load("mcr-strict98"), &cases);
    assert_eq!(v, serde_json::to_value(&expected).expect("json"));
    assert_eq!(v["hands"], 4);

    expect_error(
        s.post("/api/diff", &json!({ "a": "mcr", "b": "nope", "hands": hands })),
        404,
        "no ruleset `nope`",
    );

    // No hands given: as `mj diff A B`, the snapshot corpus of A.
    let (status, v) = s.post("/api/diff", &json!({ "a": "mcr", "b": "mcr-strict98" }));
    assert_eq!(status, 200, "{v}");
    let corpus = mj_dsl::diff::default_cases(&load("mcr")).expect("mcr corpus");
    let expected = mj_dsl::diff::compare(&load("mcr"), &load("mcr-strict98"), &corpus);
    assert_eq!(v, serde_json::to_value(&expected).expect("json"));
    assert!(v["changed"].as_u64().is_some_and(|n| n > 0), "{v}");

    // Given but empty is a mistake, not a request for the default.
    expect_error(
        s.post(
            "/api/diff",
            &json!({ "a": "mcr", "b": "mcr", "hands": ["", " "] }),
        ),
        400,
        "give the hands",
    );
}

#[test]
fn too_many_diff_hands_is_413() {
    let s = Server::start(Limits {
        max_diff_hands: 3,
        ..Limits::default()
    });
    let hands = ["EESSWWNNCCFFPP"; 4];
    let (status, v) = s.post("/api/diff", &json!({ "a": "mcr", "b": "mcr", "hands": hands }));
    assert_eq!(status, 413);
    assert_eq!(error_of(&v), "4 hands; one request compares at most 3");
}

#[test]
fn work_past_the_time_limit_is_abandoned_with_503() {
    let s = Server::start(Limits {
        timeout: Duration::from_millis(1),
        ..Limits::default()
    });
    let hands = vec!["[WWWW,1][444s]45m678pFF6m self"; 5000];
    let (status, v) = s.post(
        "/api/diff",
        &json!({ "a": "mcr", "b": "mcr-strict98", "hands": hands }),
    );
    assert_eq!(status, 503, "{v}");
    assert!(error_of(&v).contains("did not finish within"), "{v}");
}

/// The time limit cancels the work it abandons: with one place for computations, a diff far
/// longer than the limit gets its 503, and a score sent right after finds the place free (before,
/// the abandoned diff kept its core for the rest of its run, ~27 s, and the score got 503 too).
#[test]
fn abandoned_work_is_cancelled_and_frees_its_place() {
    // About 12 s of work in a debug build, far more than the limit; a release build scores some
    // thirty times faster, and would finish 40,000 hands within the limit, so it gets ten times
    // as many (`cargo test --release` runs this test too).
    let n = if cfg!(debug_assertions) { 40_000 } else { 400_000 };
    let s = Server::start(Limits {
        timeout: Duration::from_secs(1),
        max_in_flight: 1,
        max_diff_hands: n,
        max_body: 32 << 20,
        ..Limits::default()
    });
    let hands = vec!["[WWWW,1][444s]45m678pFF6m self"; n];
    let started = std::time::Instant::now();
    let (status, v) = s.post(
        "/api/diff",
        &json!({ "a": "mcr", "b": "mcr-strict98", "hands": hands }),
    );
    assert_eq!(status, 503, "{v}");
    assert!(started.elapsed() < Duration::from_secs(5), "the 503 came late");
    let (status, v) = s.post(
        "/api/score",
        &json!({ "ruleset": "mcr", "hand": "123m456p789s11pEEE" }),
    );
    assert_eq!(status, 200, "the abandoned diff still holds the only place: {v}");
}

/// Connections that send half a request, or nothing, are closed once idle past the limit, so a
/// crowd of them cannot hold the server's sockets; a real request still gets its answer.
#[test]
fn idle_and_half_sent_connections_are_closed() {
    let s = Server::start(Limits {
        timeout: Duration::from_millis(200),
        idle: Duration::from_millis(300),
        ..Limits::default()
    });
    let mut idle: Vec<TcpStream> = (0..200)
        .map(|i| {
            let mut c = TcpStream::connect(s.addr).expect("connect");
            if i % 2 == 0 {
                c.write_all(b"POST /api/score HTTP/1.1\r\nHost: loc")
                    .expect("half a head");
            }
            c
        })
        .collect();
    std::thread::sleep(Duration::from_millis(2500));
    for (i, c) in idle.iter_mut().enumerate() {
        c.set_read_timeout(Some(Duration::from_secs(2))).expect("timeout");
        let mut buf = [0u8; 512];
        // Closed by the server: end of stream (possibly after an error response) or a reset.
        let closed = loop {
            match c.read(&mut buf) {
                Ok(0) => break true,
                Ok(_) => continue,
                Err(e)
                    if e.kind() == std::io::ErrorKind::WouldBlock
                        || e.kind() == std::io::ErrorKind::TimedOut =>
                {
                    break false
                }
                Err(_) => break true,
            }
        };
        assert!(closed, "connection {i} is still open after the idle limit");
    }
    let (status, _) = s.post(
        "/api/score",
        &json!({ "ruleset": "mcr", "hand": "123m456p789s11pEEE" }),
    );
    assert_eq!(status, 200);
}

/// A client that trickles its request a byte at a time, never idle long enough for the idle
/// limit, is still closed once the request has taken longer than the head limit to arrive.
#[test]
fn a_request_trickled_byte_by_byte_is_cut_at_the_head_limit() {
    let s = Server::start(Limits {
        timeout: Duration::from_millis(200),
        idle: Duration::from_millis(300),
        head: Duration::from_millis(1500),
        ..Limits::default()
    });
    let mut c = TcpStream::connect(s.addr).expect("connect");
    let started = std::time::Instant::now();
    let head = b"POST /api/score HTTP/1.1\r\nHost: localhost\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    let mut cut = None;
    for b in head.iter() {
        std::thread::sleep(Duration::from_millis(250));
        if c.write_all(&[*b]).is_err() {
            cut = Some(started.elapsed());
            break;
        }
        // The server's close shows as end of stream on a non-blocking peek.
        c.set_nonblocking(true).expect("nonblocking");
        let mut one = [0u8; 1];
        let closed = matches!(c.peek(&mut one), Ok(0))
            || matches!(c.peek(&mut one), Err(e) if e.kind() != std::io::ErrorKind::WouldBlock);
        c.set_nonblocking(false).expect("blocking");
        if closed {
            cut = Some(started.elapsed());
            break;
        }
    }
    let cut = cut.expect("the trickled request was never cut");
    assert!(cut < Duration::from_secs(4), "cut only after {cut:?}");
    assert!(
        cut >= Duration::from_millis(1400),
        "cut before the head limit: {cut:?}"
    );
}

/// One kawuxing hand between greedy bots, as `mj play --rules kawuxing --seed N --json` writes it.
fn kawuxing_record(seed: u64) -> Record {
    let t = Table::new(load("kawuxing")).expect("table");
    let mut players: Vec<Box<dyn Player>> = (0..t.table().player_count())
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    play_hand(&t, &mut players, seed, 0, Wind::EAST).expect("a hand")
}

#[test]
fn replays_a_record_into_states() {
    let s = Server::start(Limits::default());
    let record = kawuxing_record(7);
    let body: Value = serde_json::from_str(&record.to_json()).expect("json");
    let (status, v) = s.post("/api/replay", &body);
    assert_eq!(status, 200, "{v}");
    let frames = v["frames"].as_array().expect("frames");
    assert!(frames.len() > 2);
    let first = &frames[0];
    assert_eq!(first["seats"].as_array().map(Vec::len), Some(3));
    let last = frames.last().expect("a last frame");
    assert_eq!(last["phase"], "over");
    assert_eq!(last["events"], record.events.len());
    assert_eq!(v["net"], json!(record.net()));
    // Event counts only grow, and every seat's score at the end is the record's net.
    let counts: Vec<u64> = frames.iter().filter_map(|f| f["events"].as_u64()).collect();
    assert!(counts.windows(2).all(|w| w[0] < w[1]), "{counts:?}");
    let scores: Vec<i64> = last["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .filter_map(|s| s["score"].as_i64())
        .collect();
    assert_eq!(scores, record.net());
}

/// A 血战 hand in the viewer (issue #24): the exchange (换三张) and the void declarations (定缺)
/// are steps of their own before the first discard. Each exchange event moves its three tiles,
/// whose copies in the giver's hand fall and in the receiver's rise; no seat shows a void suit
/// until the declarations, and from then on each shows the suit the record's void event names.
#[test]
fn a_sichuan_record_shows_the_exchange_and_the_void_suits() {
    let s = Server::start(Limits::default());
    let t = Table::new(load("sichuan")).expect("table");
    let mut players: Vec<Box<dyn Player>> = (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    let record = play_hand(&t, &mut players, 5, 0, Wind::EAST).expect("a hand");
    let body: Value = serde_json::from_str(&record.to_json()).expect("json");
    let (status, v) = s.post("/api/replay", &body);
    assert_eq!(status, 200, "{v}");
    let frames = v["frames"].as_array().expect("frames");
    let events = v["events"].as_array().expect("events");
    let at = |n: usize| {
        frames
            .iter()
            .find(|f| f["events"] == n)
            .unwrap_or_else(|| panic!("a frame after {n} events"))
    };
    let count = |f: &Value, seat: usize, tile: &Value| {
        f["seats"][seat]["concealed"]
            .as_array()
            .expect("concealed")
            .iter()
            .filter(|x| *x == tile)
            .count()
    };
    let exchanges: Vec<usize> = (0..events.len())
        .filter(|&i| events[i]["type"] == "exchange")
        .collect();
    assert_eq!(exchanges.len(), 4, "four passes");
    let voids: Vec<usize> = (0..events.len())
        .filter(|&i| events[i]["type"] == "void")
        .collect();
    assert_eq!(voids.len(), 4, "four declarations");
    let (dealt, exchanged) = (at(exchanges[0]), at(voids[0]));
    assert!(dealt["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .all(|x| x["void"].is_null()));
    assert_eq!(dealt["phase"], "prepare");
    for &i in &exchanges {
        let (from, to) = (
            events[i]["seat"].as_u64().expect("seat") as usize,
            events[i]["to"].as_u64().expect("to") as usize,
        );
        for tile in events[i]["tiles"].as_array().expect("tiles") {
            let passed = events[i]["tiles"]
                .as_array()
                .expect("tiles")
                .iter()
                .filter(|x| *x == tile)
                .count();
            let back = exchanges
                .iter()
                .filter(|&&k| events[k]["to"] == from as u64)
                .flat_map(|&k| events[k]["tiles"].as_array().expect("tiles").clone())
                .filter(|x| x == tile)
                .count();
            assert_eq!(
                count(exchanged, from, tile) + passed,
                count(dealt, from, tile) + back,
                "event {i}: {tile} leaves seat {from}"
            );
        }
        assert_ne!(from, to);
    }
    let declared = frames
        .iter()
        .find(|f| f["events"].as_u64().expect("n") as usize > voids[3])
        .expect("a frame after the declarations");
    for &i in &voids {
        let seat = events[i]["seat"].as_u64().expect("seat") as usize;
        assert_eq!(declared["seats"][seat]["void"], events[i]["suit"], "seat {seat}");
    }
}

/// A 血流成河 hand in the viewer (issue #24, `sichuan-xueliu`): winners stay in, so one seat may win
/// several times. After each win event the winner's `won` row holds one tile more (several winners
/// of one discard: the first of them), the tile it won on, and its hand is back to 13 tiles; the
/// last frame lists every win's seat among the winners, repeats included.
#[test]
fn a_xueliu_record_shows_each_seats_won_tiles() {
    let s = Server::start(Limits::default());
    let t = Table::new(load("sichuan-xueliu")).expect("table");
    let mut players: Vec<Box<dyn Player>> = (0..4)
        .map(|_| Box::new(GreedyBot::new()) as Box<dyn Player>)
        .collect();
    // The first seeded hand in which a seat wins twice.
    let record = (0..50)
        .map(|seed| play_hand(&t, &mut players, seed, 0, Wind::EAST).expect("a hand"))
        .find(|r| {
            let w = r.winners();
            (0..4).any(|s| w.iter().filter(|&&x| x == s).count() > 1)
        })
        .expect("a seat winning twice in 50 hands");
    let body: Value = serde_json::from_str(&record.to_json()).expect("json");
    let (status, v) = s.post("/api/replay", &body);
    assert_eq!(status, 200, "{v}");
    let frames = v["frames"].as_array().expect("frames");
    let events = v["events"].as_array().expect("events");
    let won = |f: &Value, seat: usize| f["seats"][seat]["won"].as_array().expect("won").clone();
    let wins: Vec<usize> = (0..events.len())
        .filter(|&i| events[i]["type"] == "win")
        .collect();
    assert!(wins.len() > 1);
    for &i in &wins {
        let mut k = i;
        while k > 0 && events[k - 1]["type"] == "payment" {
            k -= 1;
        }
        if k > 0 && events[k - 1]["type"] == "win" {
            continue; // a later winner of the same tile: the tile is set aside with the first
        }
        let seat = events[i]["seat"].as_u64().expect("seat") as usize;
        let before = frames
            .iter()
            .rev()
            .find(|f| f["events"].as_u64().expect("n") as usize <= i)
            .expect("a frame before the win");
        let after = frames
            .iter()
            .find(|f| f["events"].as_u64().expect("n") as usize > i)
            .expect("a frame after the win");
        let mut want = won(before, seat);
        want.push(events[i]["tile"].clone());
        assert_eq!(won(after, seat), want, "event {i}: seat {seat}'s won tiles");
    }
    let last = frames.last().expect("frames");
    assert_eq!(last["phase"], "over");
    let winners: Vec<usize> = last["winners"]
        .as_array()
        .expect("winners")
        .iter()
        .map(|w| w.as_u64().expect("seat") as usize)
        .collect();
    assert_eq!(winners, record.winners());
}

#[test]
fn records_that_do_not_replay_are_422() {
    let s = Server::start(Limits::default());
    let record = kawuxing_record(3);
    let mut v: Value = serde_json::from_str(&record.to_json()).expect("json");
    // Change the first discard to a tile the seat may not hold.
    let events = v["events"].as_array_mut().expect("events");
    let i = events
        .iter()
        .position(|e| e["type"] == "discard")
        .expect("a discard");
    let tile = events[i]["tile"].as_str().unwrap_or("").to_string();
    events[i]["tile"] = json!(if tile == "1m" { "2m" } else { "1m" });
    let (status, answer) = s.post("/api/replay", &v);
    assert_eq!(status, 422, "{answer}");
    assert!(
        error_of(&answer).starts_with(&format!("the record does not replay: diverges at event {i}")),
        "{answer}"
    );

    expect_error(
        s.post("/api/replay", &json!({ "format": "something-else" })),
        422,
        "not a game record",
    );

    let mut other = serde_json::from_str::<Value>(&record.to_json()).expect("json");
    other["ruleset"] = json!("nope");
    expect_error(s.post("/api/replay", &other), 404, "no ruleset `nope`");
}

#[test]
fn unknown_routes_and_methods_answer_json() {
    let s = Server::start(Limits::default());
    let (status, v) = s.get("/api/nothing");
    assert_eq!(status, 404);
    assert_eq!(error_of(&v), "no such page or route: /api/nothing");
    let (status, v) = s.get("/api/score");
    assert_eq!(status, 405);
    assert_eq!(error_of(&v), "/api/score does not answer GET");
}

#[test]
fn serves_the_page_and_the_openapi_description() {
    let s = Server::start(Limits::default());
    let (status, html) = s.request("GET", "/", b"");
    assert_eq!(status, 200);
    assert!(html.contains("<script src=\"/app.js\">"));
    let (status, js) = s.request("GET", "/app.js", b"");
    assert_eq!(status, 200);
    assert!(js.contains("/api/score"));
    let (status, css) = s.request("GET", "/style.css", b"");
    assert_eq!(status, 200);
    assert!(css.contains(".tile"));
    let (status, v) = s.get("/api/openapi.json");
    assert_eq!(status, 200);
    assert!(v["openapi"].as_str().is_some_and(|x| x.starts_with("3.")), "{v}");
    for path in [
        "/api/rulesets",
        "/api/rulesets/{name}",
        "/api/score",
        "/api/waits",
        "/api/replay",
        "/api/diff",
        "/api/check",
        "/api/doc",
        "/api/simulate",
        "/api/rulesets/{name}/files",
    ] {
        assert!(v["paths"].get(path).is_some(), "openapi.json lacks {path}");
    }
}

#[test]
fn rules_dir_adds_folder_rulesets_beside_the_builtin_ones() {
    let dir = std::env::temp_dir().join(format!("mj-serve-rules-{}", std::process::id()));
    let house = dir.join("house");
    std::fs::create_dir_all(&house).expect("mkdir");
    std::fs::write(
        house.join("ruleset.toml"),
        "[ruleset]\nname = \"house\"\nextends = \"mcr\"\nversion = \"0.1.0\"\ndescription = \"mcr, 4 points to win\"\n\n[win]\nmin_points = 4\n",
    )
    .expect("write");
    let registry = Registry::load(Some(&dir));
    let s = Server::with_registry(registry.expect("the folder loads"), Limits::default());
    let (status, v) = s.get("/api/rulesets/house");
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["builtin"], false);
    assert_eq!(v["min_points"], 4);
    let (status, v) = s.post("/api/score", &json!({ "ruleset": "house", "hand": MCR_HAND }));
    assert_eq!(status, 200, "{v}");

    // A folder that takes a built-in name is refused at start, not silently shadowed.
    let clash = dir.join("clash");
    std::fs::create_dir_all(&clash).expect("mkdir");
    std::fs::write(
        clash.join("ruleset.toml"),
        "[ruleset]\nname = \"kawuxing\"\nextends = \"mcr\"\nversion = \"0.1.0\"\ndescription = \"x\"\n",
    )
    .expect("write");
    let err = Registry::load(Some(&dir)).err().expect("a clash");
    assert!(
        err.contains("is named `kawuxing`, which is already taken"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
