//! Broken mjlog files: each is an error naming the line, column and what was expected, never a
//! panic.

use mj_interop::tenhou;

const HEAD: &str = "<mjloggm ver=\"2.3\">\n<GO type=\"169\" lobby=\"0\"/>\n";
const INIT: &str = "<INIT seed=\"0,0,0,2,3,52\" ten=\"250,250,250,250\" oya=\"0\" \
hai0=\"0,1,2,3,4,5,6,7,8,9,10,11,12\" hai1=\"13,14,15,16,17,18,19,20,21,22,23,24,25\" \
hai2=\"26,27,28,29,30,31,32,33,34,35,36,37,38\" hai3=\"39,40,41,42,43,44,45,46,47,48,49,50,51\"/>\n";

fn error(text: &str) -> tenhou::ParseError {
    match tenhou::parse(text) {
        Ok(log) => panic!("parsed: {log:?}"),
        Err(e) => e,
    }
}

fn log(body: &str) -> String {
    format!("{HEAD}{INIT}{body}</mjloggm>")
}

#[test]
fn a_valid_skeleton_parses() {
    let l = tenhou::parse(&log("<T60/><D60/><U61/><e61/>")).expect("parses");
    assert_eq!(l.hands().len(), 1);
    assert!(matches!(
        l.events[4],
        tenhou::Event::Discard {
            who: 1,
            tsumogiri: true,
            ..
        }
    ));
    assert!(l.cut_off);
}

/// mjlog has no tsumogiri mark: a discard is of the tile just drawn when its id is the id drawn
/// (ids are unique among the 136 copies). `<T60/><D60/>` throws the drawn tile; `<U61/><E13/>`
/// throws one of the dealt tiles and keeps the draw.
#[test]
fn tsumogiri_is_the_drawn_tile_id() {
    let l = tenhou::parse(&log("<T60/><D60/><U61/><E13/><V62/><F61/>")).expect("parses");
    let marks: Vec<(u8, bool)> = l
        .events
        .iter()
        .filter_map(|e| match e {
            tenhou::Event::Discard { who, tsumogiri, .. } => Some((*who, *tsumogiri)),
            _ => None,
        })
        .collect();
    // West throws 61, South's drawn tile: not its own draw.
    assert_eq!(marks, vec![(0, true), (1, false), (2, false)]);
}

#[test]
fn not_a_log() {
    let e = error("");
    assert!(e.expected.contains("<mjloggm"), "{e}");
    assert!(e.found.contains("end of the input"), "{e}");
    let e = error("hello");
    assert_eq!((e.at.line, e.at.column), (1, 1), "{e}");
    let e = error("<mjlog/>");
    assert!(e.expected.contains("<mjloggm"), "{e}");
}

#[test]
fn cut_in_the_middle() {
    let text = log("<T60/><D60/>");
    let cut = &text[..text.find("<D60").unwrap() + 3];
    let e = error(cut);
    assert!(e.expected.contains("attribute name"), "{e}");
    assert_eq!(e.at.line, 4, "{e}");
    let e = error(&text[..text.len() - "</mjloggm>".len()]);
    assert!(e.expected.contains("</mjloggm>"), "{e}");
}

#[test]
fn bad_values_name_the_tag_and_attribute() {
    let e = error(&log("<T200/>"));
    assert!(e.expected.contains("tile id 0-135"), "{e}");
    assert_eq!((e.at.line, e.at.column), (4, 1), "{e}");
    let e = error(&log("<N who=\"1\" m=\"abc\"/>"));
    assert!(e.expected.contains("N `m`"), "{e}");
    assert!(e.found.contains("m=\"abc\""), "{e}");
    let e = error(&log("<REACH who=\"0\" step=\"3\"/>"));
    assert!(e.expected.contains("1 or 2"), "{e}");
    let e = error(&log("<REACH who=\"7\" step=\"1\"/>"));
    assert!(e.expected.contains("a seat 0-3"), "{e}");
    let e = error(&log("<DORA/>"));
    assert!(e.found.contains("no attribute `hai`"), "{e}");
    let e = error(&format!(
        "{HEAD}<INIT seed=\"0,0,0,2,3\" ten=\"250,250,250,250\" oya=\"0\"/></mjloggm>"
    ));
    assert!(e.expected.contains("six numbers"), "{e}");
    assert_eq!(e.at.line, 3, "{e}");
    let e = error(&log(
        "<AGARI ba=\"0,0\" hai=\"0\" machi=\"0\" ten=\"30,1000,9\" who=\"0\" fromWho=\"1\" sc=\"0,0,0,0,0,0,0,0\"/>",
    ));
    assert!(e.expected.contains("limit 0-5"), "{e}");
    let e = error(&log("<RYUUKYOKU ba=\"0,0\" sc=\"250,0,250\"/>"));
    assert!(e.expected.contains("8 numbers"), "{e}");
}

#[test]
fn broken_xml() {
    let e = error(&log("<T60 a=1/>"));
    assert!(e.expected.contains("opening the value"), "{e}");
    assert_eq!((e.at.line, e.at.column), (4, 8), "{e}");
    let e = error(&log("T60"));
    assert!(e.expected.contains("`<`"), "{e}");
    let e = error(&format!("{}<T1/>", log("")));
    assert!(e.expected.contains("nothing after"), "{e}");
}

/// A log whose events contradict each other reads, but its wins cannot be written.
#[test]
fn impossible_play_is_an_error_of_the_hand() {
    let l = tenhou::parse(&log("<D100/>")).expect("parses");
    let e = tenhou::wins(&l).unwrap_err();
    assert!(e.to_string().contains("does not hold"), "{e}");
}

/// Every prefix of a real log (cut every few bytes) is read without a panic, and so are its wins.
#[test]
fn every_prefix_of_a_real_log_is_handled() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tenhou/double-ron.mjlog");
    let text = std::fs::read_to_string(path).expect("the log");
    let mut ok = 0;
    for cut in (0..text.len()).step_by(37).filter(|&c| text.is_char_boundary(c)) {
        if let Ok(l) = tenhou::parse(&text[..cut]) {
            let _ = tenhou::wins(&l);
            ok += 1;
        }
    }
    assert_eq!(ok, 0, "a prefix without `</mjloggm>` is an error");
    assert!(tenhou::parse(&text).is_ok());
}

/// A real log with one digit changed (at many places, one at a time) reads, is written as wins
/// and scored, or is refused, without a panic anywhere.
#[test]
fn changed_digits_never_panic() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tenhou/encdec-chanta.mjlog"
    );
    let text = std::fs::read_to_string(path).expect("the log");
    let rs = mj_dsl::load("riichi").expect("riichi");
    let digits: Vec<usize> = text
        .bytes()
        .enumerate()
        .filter(|(_, b)| b.is_ascii_digit())
        .map(|(i, _)| i)
        .collect();
    let (mut read, mut refused) = (0, 0);
    for &i in digits.iter().step_by(101) {
        for new in [b'0', b'7'] {
            let mut bytes = text.clone().into_bytes();
            bytes[i] = new;
            let changed = String::from_utf8(bytes).expect("still UTF-8");
            match tenhou::parse(&changed) {
                Ok(l) => {
                    read += 1;
                    if let Ok(wins) = tenhou::wins(&l) {
                        for w in &wins {
                            let _ = tenhou::scoring::compare(&rs, &l, w);
                        }
                    }
                }
                Err(_) => refused += 1,
            }
        }
    }
    assert!(read > 0 && refused > 0, "read {read}, refused {refused}");
}
