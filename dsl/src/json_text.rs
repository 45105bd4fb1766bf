//! JSON text exactly as `serde_json` writes it: integers, and strings with its escapes, checked a
//! machine word at a time. The leaf under the report writers (`report_json`), which write a line
//! per scored hand, and under the fan table, whose names are written once at load ([`FanHead`]).

use compact_str::CompactString;

/// A fan's `{"id":…,"zh":…,"en":…` in JSON, written once at load with the names it was written
/// from. A report names some seven fans, and writing their three names escape-checked each time
/// was a twentieth of printing a hand; the writer copies the head whole instead, whenever the
/// line's names are still these ([`FanHead::write`]).
#[derive(Debug)]
pub struct FanHead {
    id: CompactString,
    zh: CompactString,
    en: CompactString,
    json: Box<[u8]>,
}

impl FanHead {
    pub fn new(id: &str, zh: &str, en: &str) -> FanHead {
        let mut json = Vec::with_capacity(24 + id.len() + zh.len() + en.len());
        CachedHead::default().write(&mut json, id, zh, en);
        FanHead {
            id: id.into(),
            zh: zh.into(),
            en: en.into(),
            json: json.into_boxed_slice(),
        }
    }

    /// The head as written at load: `{"id":…,"zh":…,"en":…`, the object left open.
    pub(crate) fn json(&self) -> &[u8] {
        &self.json
    }

    /// Appends the head when it was written from exactly these names (a line whose names were
    /// changed after it was made gets them written anew), and says whether it did.
    #[inline]
    pub(crate) fn write(&self, out: &mut Vec<u8>, id: &str, zh: &str, en: &str) -> bool {
        let same = same_text(&self.id, id) && same_text(&self.zh, zh) && same_text(&self.en, en);
        if same {
            out.extend_from_slice(&self.json);
        }
        same
    }
}

/// A line's JSON head as the fan table wrote it at load ([`FanHead`]), kept beside the names it
/// was written from (a fan line or a removed fan) for the writer to copy. How the line was made,
/// not what it says: it never makes two lines unequal.
#[derive(Clone, Debug, Default)]
pub struct CachedHead(pub(crate) Option<std::sync::Arc<FanHead>>);

impl CachedHead {
    pub(crate) fn of(head: &std::sync::Arc<FanHead>) -> CachedHead {
        CachedHead(Some(head.clone()))
    }

    /// Appends `{"id":…,"zh":…,"en":…` for these names: the cached head when it was written from
    /// them, else the names written anew.
    #[inline]
    pub(crate) fn write(&self, out: &mut Vec<u8>, id: &str, zh: &str, en: &str) {
        if self.0.as_ref().is_some_and(|h| h.write(out, id, zh, en)) {
            return;
        }
        out.extend_from_slice(b"{\"id\":");
        string(out, id);
        out.extend_from_slice(b",\"zh\":");
        string(out, zh);
        out.extend_from_slice(b",\"en\":");
        string(out, en);
    }
}

impl PartialEq for CachedHead {
    fn eq(&self, _: &CachedHead) -> bool {
        true
    }
}

impl Eq for CachedHead {}

/// Whether `a` and `b` are the same text, compared a word at a time: a name is a few bytes, and a
/// general comparison (a call to `bcmp` for each) cost more than the copy it decides about.
#[inline(always)]
fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    match n {
        8.. => {
            a.chunks_exact(8)
                .zip(b.chunks_exact(8))
                .all(|(x, y)| word(x) == word(y))
                && word(&a[n - 8..]) == word(&b[n - 8..])
        }
        4..=7 => half(&a[..4]) == half(&b[..4]) && half(&a[n - 4..]) == half(&b[n - 4..]),
        1..=3 => a[0] == b[0] && a[n / 2] == b[n / 2] && a[n - 1] == b[n - 1],
        0 => true,
    }
}

/// `v` in decimal, as serde_json writes integers.
pub(crate) fn int(out: &mut Vec<u8>, v: i64) {
    if v < 0 {
        out.push(b'-');
    }
    uint(out, v.unsigned_abs());
}

/// Most numbers of a report are one or two digits (points, counts, seats' payments): those are
/// written inline as a fixed-size copy, which compiles to a store; longer ones go to [`digits`].
#[inline(always)]
pub(crate) fn uint(out: &mut Vec<u8>, n: u64) {
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
pub(crate) fn string(out: &mut Vec<u8>, s: &str) {
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

    /// A head is the names written as the writer writes them, and it is copied only for exactly
    /// the names it was written from: a name changed at any byte (its length kept) or lengthened
    /// is written anew. The word-at-a-time comparison agrees with `==` on every such pair.
    #[test]
    fn a_fan_head_is_used_only_for_its_own_names() {
        let names = [
            "",
            "x",
            "ab",
            "平和",
            "abcdefg",
            "混一色",
            "Half Flush",
            "q\"b\\s",
            "Pung of Terminals or Honours",
        ];
        let mut checked = 0;
        for id in names {
            for zh in names {
                let en = "All Chows";
                let head = FanHead::new(id, zh, en);
                let mut want = b"{\"id\":".to_vec();
                string(&mut want, id);
                want.extend_from_slice(b",\"zh\":");
                string(&mut want, zh);
                want.extend_from_slice(b",\"en\":");
                string(&mut want, en);
                let mut got = Vec::new();
                assert!(head.write(&mut got, id, zh, en));
                assert_eq!(got, want, "{id} {zh}");
                // Every byte of the Chinese name changed in turn, and the name made longer.
                let mut variants: Vec<String> = (0..zh.len())
                    .filter_map(|i| {
                        let mut b = zh.as_bytes().to_vec();
                        b[i] ^= 1;
                        String::from_utf8(b).ok()
                    })
                    .collect();
                variants.push(format!("{zh}!"));
                for other in &variants {
                    assert_eq!(same_text(zh, other), zh == other.as_str(), "{zh} {other}");
                    let mut out = b"[".to_vec();
                    assert!(!head.write(&mut out, id, other, en), "{zh} {other}");
                    assert_eq!(out, b"[", "nothing written for other names");
                    checked += 1;
                }
            }
        }
        assert!(checked > 300, "{checked} changed names");
    }

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
