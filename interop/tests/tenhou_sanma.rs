//! A three-player log (none of the development logs is one): a short hand written for this test
//! in Tenhou's format, seat 1 (South) setting a North aside and winning on the replacement tile.

use mj_interop::tenhou::{self, scoring, Event, MeldKind};

const LOG: &str = r#"<mjloggm ver="2.3"><SHUFFLE seed="x" ref=""/><GO type="185" lobby="0"/>
<UN n0="a" n1="b" n2="c" n3="" dan="16,16,16,0" rate="2000,2000,2000,0" sx="M,M,M,C"/>
<TAIKYOKU oya="0"/>
<INIT seed="0,0,0,1,2,72" ten="350,350,350,0" oya="0"
 hai0="0,1,2,32,33,34,112,113,114,116,117,118,128"
 hai1="36,40,44,48,53,56,96,100,104,108,109,110,120"
 hai2="37,41,45,49,54,57,97,101,105,129,130,132,133" hai3=""/>
<T3/><D3/><U124/><N who="1" m="30752"/><U125/>
<AGARI ba="0,0" hai="36,40,44,48,53,56,96,100,104,108,109,110,124,125" m="30752" machi="125"
 ten="40,6000,1" yaku="0,1,4,1,14,1,52,1" doraHai="72" who="1" fromWho="1"
 sc="350,-40,350,60,350,-20,0,0"/>
</mjloggm>"#;

#[test]
fn a_three_player_win_reads_writes_and_scores() {
    let log = tenhou::parse(LOG).expect("parses");
    assert_eq!((log.players, log.names.len()), (3, 4));
    let Some(Event::Init(init)) = log.events.iter().find(|e| matches!(e, Event::Init(_))) else {
        panic!("no INIT")
    };
    assert_eq!(init.hai.len(), 3);
    let nuki = log.events.iter().find_map(|e| match e {
        Event::Call { meld, .. } => Some(meld.clone()),
        _ => None,
    });
    assert_eq!(nuki.map(|m| (m.kind, m.called.id())), Some((MeldKind::Nuki, 120)));
    assert_eq!(scoring::ruleset_name(&log), "riichi-sanma");
    let wins = tenhou::wins(&log).expect("wins");
    assert_eq!(wins.len(), 1);
    assert_eq!(
        wins[0].line,
        "123456p789sEEEPP self kong dora=1s nuki=1 honba=0 sticks=0 seat=S round=E"
    );
    let rs = mj_dsl::load("riichi-sanma").expect("riichi-sanma");
    let c = scoring::compare(&rs, &log, &wins[0]);
    assert!(c.differences.is_empty(), "{:#?}", c.differences);
}

/// `mj import tenhou` replays the three-player log in the engine under riichi-sanma: the North is
/// set aside (`N` with the nuki code, played as the engine's set-aside), the replacement won on,
/// and the hand's changes equal `sc=`: South's 40 fu 4 han (menzen tsumo, rinshan, round wind
/// E, the nuki-dora under 52), a non-dealer mangan tsumo: 4,000 from the dealer and 2,000 from
/// West, no absent seat's share (tsumo loss). South wins on its first draw's replacement: with
/// the North set aside it is not 地和 (as after a concealed kong). The record written replays too. A hand-written log: no
/// real three-player mjlog with a licence we may use was found.
#[test]
fn the_three_player_log_replays_in_the_engine_to_its_recorded_changes() {
    let log = tenhou::parse(LOG).expect("parses");
    let t = mj_dsl::table::Table::new(mj_dsl::load("riichi-sanma").expect("loads")).expect("table");
    let o = tenhou::import::import(&t, &log, "sanma");
    assert!(o.ok, "{}", o.to_json());
    assert_eq!(o.deltas, vec![Some(vec![-4000, 6000, -2000])]);
    assert_eq!(o.recorded, vec![vec![-4000, 6000, -2000]]);
    for r in &o.records {
        mj_core::game::replay(&t, r).unwrap_or_else(|d| panic!("our record diverges: {d}"));
    }
}

/// A log showing a tile the three-player set lacks (2m) is a divergence that names it, not a
/// panic.
#[test]
fn a_tile_the_ruleset_lacks_is_named() {
    let bad = LOG.replacen("hai0=\"0,1,2,", "hai0=\"4,1,2,", 1);
    let log = tenhou::parse(&bad).expect("parses");
    let t = mj_dsl::table::Table::new(mj_dsl::load("riichi-sanma").expect("loads")).expect("table");
    let o = tenhou::import::import(&t, &log, "sanma");
    assert!(!o.ok);
    let json = o.to_json().to_string();
    assert!(json.contains("2m") && json.contains("does not have"), "{json}");
}
