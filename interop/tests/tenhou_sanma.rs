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
