//! The JSON line of a scored hand (and of a hand's waits), written by hand: the batch, `mj score --json` and the web API
//! print one per hand, and through serde's derived code (field by field, every string escaped
//! byte by byte, the batch's `line` added through a map) it cost as much as scoring the hand.
//! The bytes are exactly what `serde_json` writes for [`HandReport`] (its field order, its
//! `skip_serializing_if`s, its escapes): the tests below compare the two on every snapshot corpus,
//! and `cli/tests/json_bytes.rs` locks the batch's output byte for byte. A field added to
//! `HandReport` must be added here too; the comparison fails until it is.

use crate::explain::{Occurrence, RemovedFan};
use crate::report::{FanLine, HandReport, Payments, WaitsReport};

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
    if let Some(han) = r.han {
        out.extend_from_slice(b",\"han\":");
        int(out, han);
    }
    if let Some(fu) = r.fu {
        out.extend_from_slice(b",\"fu\":");
        int(out, fu);
    }
    if let Some(limit) = &r.limit {
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
    out.extend_from_slice(b"{\"id\":");
    string(out, &f.id);
    out.extend_from_slice(b",\"zh\":");
    string(out, &f.zh);
    out.extend_from_slice(b",\"en\":");
    string(out, &f.en);
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
    out.extend_from_slice(b"{\"id\":");
    string(out, &r.id);
    out.extend_from_slice(b",\"zh\":");
    string(out, &r.zh);
    out.extend_from_slice(b",\"en\":");
    string(out, &r.en);
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
        let mut key = [0u8; 4];
        string(out, wind.encode_utf8(&mut key));
        out.push(b':');
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

/// `v` in decimal, as serde_json writes integers.
fn int(out: &mut Vec<u8>, v: i64) {
    if v < 0 {
        out.push(b'-');
    }
    uint(out, v.unsigned_abs());
}

/// Most numbers of a report are one or two digits (points, counts, seats' payments): those are
/// written inline as a fixed-size copy, which compiles to a store; longer ones go to [`digits`].
#[inline(always)]
fn uint(out: &mut Vec<u8>, n: u64) {
    if n < 10 {
        out.push(b'0' + n as u8);
    } else if n < 100 {
        out.extend_from_slice(&[b'0' + (n / 10) as u8, b'0' + (n % 10) as u8]);
    } else {
        digits(out, n);
    }
}

/// `n` (at least 100) in decimal.
#[inline(never)]
fn digits(out: &mut Vec<u8>, mut n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[at..]);
}

/// Whether byte `b` is written escaped in a JSON string (as serde_json escapes: the quote, the
/// backslash and the control characters below 0x20; DEL and non-ASCII bytes pass through).
#[inline]
fn needs_escape(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// `s` as a JSON string: see [`quoted`].
#[inline(always)]
fn string(out: &mut Vec<u8>, s: &str) {
    quoted(out, s.as_bytes());
}

/// `bytes` in quotes, escaped as serde_json escapes them. Almost every string of a report needs
/// no escape, which is checked eight bytes at a time (see [`is_plain`]) before it is copied
/// whole; one of at most sixteen bytes (a set, a tile, a seat, most fan names) is checked and
/// copied in the same words ([`short_plain`]). Inlined: a report writes some forty-five
/// strings, most of a few bytes, so the call was a good part of each one's cost.
#[inline(always)]
fn quoted(out: &mut Vec<u8>, bytes: &[u8]) {
    if bytes.len() <= 16 && short_plain(out, bytes) {
        return;
    }
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    if is_plain(bytes) {
        out.extend_from_slice(bytes);
    } else {
        escaped(out, bytes);
    }
    out.push(b'"');
}

/// Writes `bytes` (at most sixteen) in quotes when none of them [`needs_escape`], and says
/// whether it did. The words [`is_plain`] checks are the ones stored: the line grows by a fixed
/// eighteen quotes, the words are written over the middle and the rest is cut off, so no copy
/// of a length known only at run time (a call to `memcpy`) is made for the many short strings.
#[inline(always)]
fn short_plain(out: &mut Vec<u8>, bytes: &[u8]) -> bool {
    let n = bytes.len();
    let at = out.len() + 1;
    match n {
        8..=16 => {
            let (lo, hi) = (word(&bytes[..8]), word(&bytes[n - 8..]));
            if !clean(lo) || !clean(hi) {
                return false;
            }
            out.extend_from_slice(&[b'"'; 18]);
            out[at..at + 8].copy_from_slice(&lo.to_ne_bytes());
            out[at + n - 8..at + n].copy_from_slice(&hi.to_ne_bytes());
        }
        4..=7 => {
            let (lo, hi) = (half(&bytes[..4]), half(&bytes[n - 4..]));
            if !clean(lo | hi << 32) {
                return false;
            }
            out.extend_from_slice(&[b'"'; 18]);
            out[at..at + 4].copy_from_slice(&(lo as u32).to_ne_bytes());
            out[at + n - 4..at + n].copy_from_slice(&(hi as u32).to_ne_bytes());
        }
        1..=3 => {
            let (a, b, c) = (bytes[0], bytes[n / 2], bytes[n - 1]);
            if !clean(short_word(a, b, c)) {
                return false;
            }
            out.extend_from_slice(&[b'"'; 18]);
            out[at] = a;
            out[at + n / 2] = b;
            out[at + n - 1] = c;
        }
        _ => out.extend_from_slice(&[b'"'; 18]),
    }
    // The closing quote is the fill's, just after the string.
    out.truncate(at + n + 1);
    true
}

/// Whether no byte of the word `x` [`needs_escape`]: with `L` the word with every byte 1 and
/// `H` every byte 0x80, `(x - n*L) & !x & H` is nonzero exactly when some byte of `x` is below
/// `n` (for `n` up to 0x80), and a byte equals `c` when the same word of `x ^ c*L` has a zero
/// byte (below 1).
#[inline(always)]
fn clean(x: u64) -> bool {
    const L: u64 = u64::from_ne_bytes([1; 8]);
    const H: u64 = u64::from_ne_bytes([0x80; 8]);
    let below = |x: u64, n: u8| x.wrapping_sub(L * u64::from(n)) & !x & H;
    below(x, 0x20) | below(x ^ (L * u64::from(b'"')), 1) | below(x ^ (L * u64::from(b'\\')), 1) == 0
}

/// Eight bytes as a word.
#[inline(always)]
fn word(w: &[u8]) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(w);
    u64::from_ne_bytes(a)
}

/// Four bytes as the low half of a word.
#[inline(always)]
fn half(w: &[u8]) -> u64 {
    let mut a = [0u8; 4];
    a.copy_from_slice(w);
    u64::from(u32::from_ne_bytes(a))
}

/// Up to three bytes as a word, the rest of it a plain letter.
#[inline(always)]
fn short_word(a: u8, b: u8, c: u8) -> u64 {
    u64::from(a) | u64::from(b) << 8 | u64::from(c) << 16 | u64::from_ne_bytes([b'a'; 8]) & !0xff_ffff
}

/// Whether no byte of `bytes` [`needs_escape`], decided a machine word at a time ([`clean`]).
/// A byte-at-a-time check was most of the writer's time: a report's strings are some eight
/// hundred bytes.
#[inline]
fn is_plain(bytes: &[u8]) -> bool {
    let n = bytes.len();
    // Most of a report's strings (seat winds, tiles, sets) are shorter than a word. They are
    // read straight from the string, in two overlapping halves or as single bytes padded with
    // `a`, never copied into a padded buffer first: reading a word back from bytes just stored
    // one at a time stalls the load, and that stall was a third of the writer's time.
    match n {
        8.. => {
            // The last word overlaps the others (so no byte is left over to look at alone).
            bytes.chunks_exact(8).all(|w| clean(word(w))) && clean(word(&bytes[n - 8..]))
        }
        4..=7 => clean(half(&bytes[..4]) | half(&bytes[n - 4..]) << 32),
        1..=3 => clean(short_word(bytes[0], bytes[n / 2], bytes[n - 1])),
        0 => true,
    }
}

/// The bytes of a string with escapes, as serde_json writes them: the short forms `\"`, `\\`,
/// `\b`, `\f`, `\n`, `\r`, `\t`, and `\u00XX` (lowercase hex) for the other control characters.
#[cold]
fn escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if !needs_escape(b) {
            continue;
        }
        out.extend_from_slice(&bytes[start..i]);
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x08 => out.extend_from_slice(b"\\b"),
            0x0c => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            _ => out.extend_from_slice(&[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 15)],
            ]),
        }
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_serde_json_writes_them() {
        let edges = (0..20).flat_map(|k| {
            let p = 10u64.pow(k);
            [p - 1, p, p + 1]
        });
        for n in (0..1_000u64).chain(edges).chain([u64::MAX]) {
            let mut out = Vec::new();
            uint(&mut out, n);
            assert_eq!(out, serde_json::to_vec(&n).expect("serializes"), "{n}");
            let v = n as i64;
            let mut out = Vec::new();
            int(&mut out, v);
            assert_eq!(out, serde_json::to_vec(&v).expect("serializes"), "{v}");
        }
    }

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

    /// The word-at-a-time check says what the byte-at-a-time one says: every pair of byte
    /// values side by side at places across a word (where a borrow from one byte could reach
    /// the next), in the overlapping last word, in strings shorter than a word, on plain ASCII and
    /// on non-ASCII backgrounds. The same strings are quoted as the byte-by-byte escaper
    /// quotes them, after other text (the short path writes past the end and cuts back).
    #[test]
    fn word_at_a_time_check_agrees_with_each_byte() {
        let bytewise = |b: &[u8]| !b.iter().any(|&x| needs_escape(x));
        let mut checked = 0;
        let mut escapes = 0;
        for fill in [b'a', 0xe4, 0x80, 0xff, 0x21] {
            for (len, at) in [
                (17, 0),
                (17, 3),
                (17, 6),
                (17, 9),
                (17, 15),
                (8, 6),
                (5, 2),
                (2, 0),
                (7, 5),
                (13, 11),
            ] {
                for x in 0..=255u8 {
                    for y in 0..=255u8 {
                        let mut buf = [fill; 17];
                        buf[at] = x;
                        buf[at + 1] = y;
                        let buf = &buf[..len];
                        let want = bytewise(buf);
                        assert_eq!(
                            is_plain(buf),
                            want,
                            "fill {fill:#x}, {x:#x} {y:#x} at {at} of {len}"
                        );
                        assert_quoted(buf);
                        checked += 1;
                        escapes += usize::from(!want);
                    }
                }
            }
        }
        // Every byte value at every place of every string up to two words long, the lengths
        // read in halves or byte by byte among them.
        for fill in [b'a', 0xe4, 0x80, 0xff, 0x21, b'"'] {
            for len in 1..=16 {
                for at in 0..len {
                    for x in 0..=255u8 {
                        let mut buf = [fill; 16];
                        buf[at] = x;
                        let buf = &buf[..len];
                        let want = bytewise(buf);
                        assert_eq!(is_plain(buf), want, "fill {fill:#x}, {x:#x} at {at} of {len}");
                        assert_quoted(buf);
                        checked += 1;
                        escapes += usize::from(!want);
                    }
                }
            }
        }
        assert!(
            checked > 1_000_000 && escapes > 100_000,
            "{checked} checked, {escapes} escaped"
        );
        assert!(is_plain(b"") && is_plain("中文 fan name".as_bytes()) && !is_plain(b"12345678\\"));
        assert_quoted(b"");
    }

    /// [`quoted`] writes `buf` after some text as the byte-by-byte escaper does.
    fn assert_quoted(buf: &[u8]) {
        let mut want = b"[1,".to_vec();
        want.push(b'"');
        escaped(&mut want, buf);
        want.push(b'"');
        let mut got = b"[1,".to_vec();
        quoted(&mut got, buf);
        assert_eq!(got, want, "{buf:?}");
    }
}
