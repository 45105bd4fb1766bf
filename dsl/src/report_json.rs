//! The JSON line of a scored hand (and of a hand's waits), written by hand: the batch, `mj score --json` and the web API
//! print one per hand, and through serde's derived code (field by field, every string escaped
//! byte by byte, the batch's `line` added through a map) it cost as much as scoring the hand.
//! The bytes are exactly what `serde_json` writes for [`HandReport`] (its field order, its
//! `skip_serializing_if`s, its escapes): the tests below compare the two on every snapshot corpus,
//! and `cli/tests/json_bytes.rs` locks the batch's output byte for byte. A field added to
//! `HandReport` must be added here too; the comparison fails until it is. Numbers and escaped
//! strings are [`crate::json_text`]'s; a fan's names are copied from the head the fan table wrote
//! at load ([`crate::json_text::FanHead`]).

use crate::explain::{Occurrence, RemovedFan};
use crate::json_text::{int, string, uint};
use crate::outcome::Outcome;
use crate::report::{FanLine, HandReport, Payments, WaitsReport};
use crate::ruleset::Ruleset;
use mj_core::Hand;

/// Appends the JSON line of one line of notation as `mj score --json` prints it (each line of its
/// `--batch` too, and the web API without the line ending): the report, or `{"error":…}`, with
/// `"line":N` last when `line` is given. Returns whether the line failed.
pub fn score_text_line(rs: &Ruleset, text: &str, line: Option<usize>, out: &mut Vec<u8>) -> bool {
    result_line(crate::report::score_text(rs, text), line, out, |out, r| {
        write_report_line(out, r, line)
    })
}

/// [`score_text_line`] for `mj score --brief`: the outcome's line ([`write_outcome_line`]).
pub fn outcome_text_line(rs: &Ruleset, text: &str, line: Option<usize>, out: &mut Vec<u8>) -> bool {
    result_line(
        crate::outcome::settle_text(rs, text),
        line,
        out,
        |out, (hand, o)| write_outcome_line(out, rs, hand, o, line),
    )
}

/// [`score_text_line`] for `mj waits --json`: the waits report's line ([`write_waits_line`]).
pub fn waits_text_line(rs: &Ruleset, text: &str, line: Option<usize>, out: &mut Vec<u8>) -> bool {
    result_line(crate::report::waits_text(rs, text), line, out, |out, r| {
        write_waits_line(out, r, line)
    })
}

/// A line's result through `write`, or its error as `{"error":…}` with the line number; whether
/// it was an error.
fn result_line<T>(
    result: Result<T, String>,
    line: Option<usize>,
    out: &mut Vec<u8>,
    write: impl FnOnce(&mut Vec<u8>, &T),
) -> bool {
    match result {
        Ok(r) => {
            write(out, &r);
            false
        }
        Err(e) => {
            crate::report::write_json_line(out, &crate::report::ErrorReport { error: &e, line });
            true
        }
    }
}

/// Appends the report as one line of compact JSON to `out`, with `"line":N` last when `line` is
/// given (a batch result's input line), exactly as `serde_json` writes the struct.
pub fn write_report_line(out: &mut Vec<u8>, r: &HandReport, line: Option<usize>) {
    out.extend_from_slice(b"{\"hand\":");
    string(out, &r.hand);
    out.extend_from_slice(b",\"reading\":");
    list(out, &r.reading, |out, s| string(out, s));
    out.extend_from_slice(b",\"fans\":");
    list(out, &r.fans, fan);
    if !r.removed.is_empty() {
        out.extend_from_slice(b",\"removed\":");
        list(out, &r.removed, removed);
    }
    out.extend_from_slice(b",\"total\":");
    int(out, r.total);
    out.extend_from_slice(if r.valid {
        b",\"valid\":true"
    } else {
        b",\"valid\":false"
    });
    if let Some(reason) = &r.reason {
        out.extend_from_slice(b",\"reason\":");
        string(out, reason);
    }
    out.extend_from_slice(b",\"payments\":");
    payments(out, &r.payments);
    if !r.warnings.is_empty() {
        out.extend_from_slice(b",\"warnings\":");
        list(out, &r.warnings, |out, s| string(out, s));
    }
    let limit = r.limit.as_ref().map(|l| l.as_deref());
    points_and_line(out, r.han, r.fu, limit, line);
}

/// The end of a scored hand's line: `han`, `fu` and `limit` (a name or `null`) where given, then
/// `"line":N` where given, and the closing brace and line ending.
fn points_and_line(
    out: &mut Vec<u8>,
    han: Option<i64>,
    fu: Option<i64>,
    limit: Option<Option<&str>>,
    line: Option<usize>,
) {
    if let Some(han) = han {
        out.extend_from_slice(b",\"han\":");
        int(out, han);
    }
    if let Some(fu) = fu {
        out.extend_from_slice(b",\"fu\":");
        int(out, fu);
    }
    if let Some(limit) = limit {
        out.extend_from_slice(b",\"limit\":");
        match limit {
            Some(name) => string(out, name),
            None => out.extend_from_slice(b"null"),
        }
    }
    if let Some(line) = line {
        out.extend_from_slice(b",\"line\":");
        uint(out, line as u64);
    }
    out.extend_from_slice(b"}\n");
}

/// Appends the outcome of `hand` (`mj score --brief`) as one line of compact JSON: the fields of
/// its report ([`write_report_line`]) that say what it scores and pays, in the same order and
/// written the same way, and nothing that explains them: `fans` (each `id`, `zh`, `en`,
/// `points`, `count` and `ja`, without `why`), `total`, `valid`, `payments`, then `han`, `fu` and
/// `limit` for a ruleset with a points formula, and `"line":N` last when `line` is given. Bots
/// and bulk scoring read only these; `snapshots/tests/outcome.rs` holds the line to the report's
/// own fields on every corpus.
pub fn write_outcome_line(out: &mut Vec<u8>, rs: &Ruleset, hand: &Hand, o: &Outcome, line: Option<usize>) {
    let open = hand.is_open();
    out.extend_from_slice(b"{\"fans\":");
    list(out, &o.hits, |out, h| {
        let f = &rs.fans[h.fan];
        out.extend_from_slice(f.head.json());
        out.extend_from_slice(b",\"points\":");
        int(out, f.value_in(open));
        out.extend_from_slice(b",\"count\":");
        uint(out, u64::from(h.count));
        if let Some(ja) = &f.ja {
            out.extend_from_slice(b",\"ja\":");
            string(out, ja);
        }
        out.push(b'}');
    });
    out.extend_from_slice(b",\"total\":");
    int(out, o.total);
    out.extend_from_slice(b",\"valid\":");
    boolean(out, o.valid);
    out.extend_from_slice(b",\"payments\":");
    payments(out, &o.payments);
    // A line of words only has no reading, so no fu (as its report).
    let fu = o
        .han_fu
        .filter(|_| !crate::outcome::is_words_only(hand))
        .map(|h| h.fu);
    let limit = o.han_fu.map(|_| o.limit_name(rs));
    points_and_line(out, o.han_fu.map(|h| h.han), fu, limit, line);
}

/// Appends the waits report as one line of compact JSON to `out`, with `"line":N` last when
/// `line` is given, exactly as `serde_json` writes [`WaitsReport`] (the batch of `mj waits` and
/// its `--json`): `waits`, `shanten`, `per_wait`, then `exhausted` and `scores` when not empty.
/// A field added to `WaitsReport` must be added here too; the comparison test fails until it is.
pub fn write_waits_line(out: &mut Vec<u8>, r: &WaitsReport, line: Option<usize>) {
    out.extend_from_slice(b"{\"waits\":");
    list(out, &r.waits, |out, s| string(out, s));
    out.extend_from_slice(b",\"shanten\":");
    int(out, i64::from(r.shanten));
    out.extend_from_slice(b",\"per_wait\":");
    list(out, &r.per_wait, |out, w| {
        out.extend_from_slice(b"{\"tile\":");
        string(out, &w.tile);
        out.extend_from_slice(b",\"discard\":");
        opt_int(out, w.discard);
        out.extend_from_slice(b",\"discard_valid\":");
        boolean(out, w.discard_valid);
        out.extend_from_slice(b",\"self_drawn\":");
        opt_int(out, w.self_drawn);
        out.extend_from_slice(b",\"self_drawn_valid\":");
        boolean(out, w.self_drawn_valid);
        out.push(b'}');
    });
    if !r.exhausted.is_empty() {
        out.extend_from_slice(b",\"exhausted\":");
        list(out, &r.exhausted, |out, s| string(out, s));
    }
    if !r.scores.is_empty() {
        out.extend_from_slice(b",\"scores\":");
        list(out, &r.scores, |out, p| {
            out.extend_from_slice(b"{\"tile\":");
            string(out, &p.tile);
            out.extend_from_slice(b",\"valid\":");
            boolean(out, p.valid);
            out.extend_from_slice(b",\"han\":");
            int(out, p.han);
            out.extend_from_slice(b",\"fu\":");
            int(out, p.fu);
            out.extend_from_slice(b",\"limit\":");
            match &p.limit {
                Some(name) => string(out, name),
                None => out.extend_from_slice(b"null"),
            }
            out.extend_from_slice(b",\"points\":");
            int(out, p.points);
            out.push(b'}');
        });
    }
    if let Some(line) = line {
        out.extend_from_slice(b",\"line\":");
        uint(out, line as u64);
    }
    out.extend_from_slice(b"}\n");
}

fn boolean(out: &mut Vec<u8>, b: bool) {
    out.extend_from_slice(if b { b"true" } else { b"false" });
}

fn opt_int(out: &mut Vec<u8>, v: Option<i64>) {
    match v {
        Some(v) => int(out, v),
        None => out.extend_from_slice(b"null"),
    }
}

fn fan(out: &mut Vec<u8>, f: &FanLine) {
    f.head.write(out, &f.id, &f.zh, &f.en);
    out.extend_from_slice(b",\"points\":");
    int(out, f.points);
    out.extend_from_slice(b",\"count\":");
    uint(out, u64::from(f.count));
    out.extend_from_slice(b",\"why\":");
    list(out, &f.why, occurrence);
    if let Some(ja) = &f.ja {
        out.extend_from_slice(b",\"ja\":");
        string(out, ja);
    }
    out.push(b'}');
}

fn occurrence(out: &mut Vec<u8>, o: &Occurrence) {
    out.push(b'{');
    if !o.sets.is_empty() {
        out.extend_from_slice(b"\"sets\":");
        list(out, &o.sets, |out, s| string(out, s));
    }
    if !o.words.is_empty() {
        if !o.sets.is_empty() {
            out.push(b',');
        }
        out.extend_from_slice(b"\"words\":");
        list(out, &o.words, |out, s| string(out, s));
    }
    out.push(b'}');
}

fn removed(out: &mut Vec<u8>, r: &RemovedFan) {
    r.head.write(out, &r.id, &r.zh, &r.en);
    out.extend_from_slice(b",\"count\":");
    uint(out, u64::from(r.count));
    out.extend_from_slice(b",\"by\":");
    string(out, &r.by);
    out.push(b'}');
}

/// `{"E":24,…}` in seat order, as `Payments`' own `Serialize` writes it.
fn payments(out: &mut Vec<u8>, p: &Payments) {
    if p.is_null() {
        out.extend_from_slice(b"null");
        return;
    }
    out.push(b'{');
    for (k, (wind, amount)) in p.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        // A seat is a wind letter: quoted as it is, without the general string's checks.
        match u8::try_from(wind) {
            Ok(b) if b.is_ascii_alphabetic() => out.extend_from_slice(&[b'"', b, b'"', b':']),
            _ => {
                let mut key = [0u8; 4];
                string(out, wind.encode_utf8(&mut key));
                out.push(b':');
            }
        }
        int(out, amount);
    }
    out.push(b'}');
}

fn list<T>(out: &mut Vec<u8>, items: &[T], mut item: impl FnMut(&mut Vec<u8>, &T)) {
    out.push(b'[');
    for (k, x) in items.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        item(out, x);
    }
    out.push(b']');
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What serde_json writes for a report (of a hand or of its waits), with `line` added as the
    /// batch added it (through `#[serde(flatten)]`, so last).
    fn by_serde<R: serde::Serialize>(r: &R, line: Option<usize>) -> Vec<u8> {
        #[derive(serde::Serialize)]
        struct Numbered<'a, R> {
            #[serde(flatten)]
            result: &'a R,
            line: usize,
        }
        let mut out = match line {
            Some(line) => serde_json::to_vec(&Numbered { result: r, line }),
            None => serde_json::to_vec(r),
        }
        .expect("a report serializes");
        out.push(b'\n');
        out
    }

    fn by_hand(r: &HandReport, line: Option<usize>) -> Vec<u8> {
        let mut out = Vec::new();
        write_report_line(&mut out, r, line);
        out
    }

    /// Every line of every snapshot corpus that scores, under its ruleset: the same bytes as
    /// serde_json, with and without `line`.
    #[test]
    fn every_corpus_report_is_written_as_serde_json_writes_it() {
        let mut compared = 0;
        let mut rulesets = 0;
        for (rs, text) in crate::diff::loaded_corpora() {
            let name = &rs.name;
            rulesets += 1;
            for (k, line) in text.lines().enumerate() {
                if let Ok(r) = crate::score_text(&rs, line) {
                    assert_eq!(by_hand(&r, None), by_serde(&r, None), "{name}: {line}");
                    assert_eq!(
                        by_hand(&r, Some(k + 1)),
                        by_serde(&r, Some(k + 1)),
                        "{name}: {line}"
                    );
                    compared += 1;
                }
            }
        }
        assert!(
            rulesets >= 9 && compared > 600,
            "{rulesets} rulesets, {compared} reports"
        );
    }

    /// Every escape serde_json writes, in every field that holds text, and every optional field
    /// present and absent.
    #[test]
    fn escapes_and_optional_fields_as_serde_json() {
        let rs = crate::load("mcr").expect("built-in");
        let mut r =
            crate::score_text(&rs, "[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2").expect("a win");
        let nasty = "q\"b\\s/\u{8}\u{c}\n\r\t\u{1}\u{1f}\u{7f}é中\u{a0}".to_string();
        r.hand = nasty.clone();
        r.reading.push(nasty.as_str().into());
        r.reason = Some(nasty.clone());
        r.warnings = vec![nasty.clone(), String::new()];
        r.han = Some(-3);
        r.fu = Some(i64::MAX);
        r.total = i64::MIN;
        for limit in [None, Some(None), Some(Some(nasty.clone()))] {
            r.limit = limit;
            let f = &mut r.fans[0];
            f.ja = Some(nasty.as_str().into());
            f.zh = crate::report::Name::new(&nasty);
            f.why = vec![
                Occurrence::default(),
                Occurrence {
                    sets: vec![nasty.as_str().into()],
                    words: Vec::new(),
                },
                Occurrence {
                    sets: Vec::new(),
                    words: vec![nasty.clone()],
                },
                Occurrence {
                    sets: vec!["1m".into(), "2m".into()],
                    words: vec!["self".into(), nasty.clone()],
                },
            ];
            r.removed = vec![RemovedFan {
                id: nasty.as_str().into(),
                zh: "十三幺".into(),
                en: "x".into(),
                count: u32::MAX,
                by: nasty.clone(),
                head: Default::default(),
            }];
            for line in [None, Some(0), Some(usize::MAX)] {
                assert_eq!(by_hand(&r, line), by_serde(&r, line));
            }
            r.removed.clear();
            r.payments = Payments::default();
            assert_eq!(by_hand(&r, None), by_serde(&r, None));
            r.payments = Payments::from_seats(&[1, -2, 3, i64::MIN]);
        }
        // Every byte below 0x80 alone, escaped or not.
        for b in 0u8..0x80 {
            r.hand = char::from(b).to_string();
            assert_eq!(by_hand(&r, None), by_serde(&r, None), "byte {b:#x}");
        }
    }

    fn waits_by_hand(r: &WaitsReport, line: Option<usize>) -> Vec<u8> {
        let mut out = Vec::new();
        write_waits_line(&mut out, r, line);
        out
    }

    /// Every corpus hand without its winning tile (and without its words, so that every one is
    /// a hand `waits` reads), under its ruleset: the same bytes as serde_json, with and without
    /// `line`; then every optional field and escape.
    #[test]
    fn waits_reports_are_written_as_serde_json_writes_them() {
        let (mut compared, mut with_scores) = (0, 0);
        for (rs, text) in crate::diff::loaded_corpora() {
            for line in text.lines() {
                let tiles = line.split_whitespace().next().unwrap_or("");
                let Some(short) = tiles.get(..tiles.len().saturating_sub(2)) else {
                    continue;
                };
                if let Ok(r) = crate::waits_text(&rs, short) {
                    assert_eq!(waits_by_hand(&r, None), by_serde(&r, None), "{short}");
                    assert_eq!(waits_by_hand(&r, Some(7)), by_serde(&r, Some(7)), "{short}");
                    compared += 1;
                    with_scores += usize::from(!r.scores.is_empty());
                }
            }
        }
        assert!(
            compared > 300 && with_scores > 20,
            "{compared} compared, {with_scores} with scores"
        );
        let rs = crate::load("riichi").expect("built-in");
        let mut r = crate::waits_text(&rs, "123m456p789s1122z").expect("ready");
        let nasty = "q\"b\\s\u{1}é中".to_string();
        r.waits.push(nasty.clone());
        r.exhausted = vec![nasty.clone()];
        r.shanten = -1;
        r.per_wait[0].discard = None;
        r.per_wait[0].tile = nasty.clone();
        r.scores[0].limit = Some(nasty.clone());
        r.scores[0].points = i64::MIN;
        for line in [None, Some(0), Some(usize::MAX)] {
            assert_eq!(waits_by_hand(&r, line), by_serde(&r, line));
        }
        r.scores.clear();
        r.per_wait.clear();
        assert_eq!(waits_by_hand(&r, None), by_serde(&r, None));
    }
}
