//! The result of scoring one line of notation, as every front end shows it: the CLI's table and
//! JSON, the snapshot files and the web API all serialize this one struct.

use crate::explain::{Explanation, Occurrence, RemovedFan};
use crate::json_text::CachedHead;
pub use crate::outcome::Payments;
use crate::outcome::{alone, best_ready_win, check_line, is_words_only, line, paid};
use crate::ruleset::Ruleset;
use crate::score::{explain, score, HanFu, Score};
use mj_core::notation::{parse_hand, print_hand};
use mj_core::{Hand, Wind};
use serde::Serialize;

/// A fan's name in a report: the fan table's own name type, inline, read as a `&str` (`==`,
/// `as_str`, deref).
pub use crate::ruleset::Name;

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FanLine {
    pub id: Name,
    pub zh: Name,
    pub en: Name,
    /// Points each (or the multiplier, in a multiplying ruleset).
    pub points: i64,
    pub count: u32,
    /// What produced the fan: one entry per time it was counted (one for all of them when they
    /// cannot be told apart), naming sets of `reading` and context words.
    pub why: Vec<Occurrence>,
    /// The usual Japanese name, for rulesets that give one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ja: Option<Name>,
    /// The fan table's JSON of the names, for the writer.
    #[serde(skip)]
    pub(crate) head: CachedHead,
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct HandReport {
    /// The hand in canonical notation.
    pub hand: String,
    /// The reading the score is of: its sets, pair(s), knitted and honour tiles, in notation.
    pub reading: Vec<Name>,
    pub fans: Vec<FanLine>,
    /// Fans the hand's shape suggests but that were not counted, each with the rule that removed
    /// it (an exclusion, accounting "once", the fan's forms, closed-only in an open hand, needing
    /// another fan, a limit hand counted alone).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<RemovedFan>,
    pub total: i64,
    pub valid: bool,
    /// Why the hand is not valid, when it is not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Net change per seat (by seat wind), winner positive.
    pub payments: Payments,
    /// Context words of the hand that changed nothing, each saying why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// Han and fu, for a ruleset with a `[points]` formula.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub han: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fu: Option<i64>,
    /// The limit reached (`null` for none), for a ruleset with a `[points]` formula.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<Option<String>>,
}

/// Parses and scores a line of notation. Errors are messages ready to show.
pub fn score_text(rs: &Ruleset, text: &str) -> Result<HandReport, String> {
    let hand = parse_hand(&rs.tiles, &rs.context_words, line(text)).map_err(|e| e.to_string())?;
    score_hand(rs, &hand)
}

pub fn score_hand(rs: &Ruleset, hand: &Hand) -> Result<HandReport, String> {
    let (mut r, score) = report_and_score(rs, hand)?;
    // A word changes nothing when the hand scores and pays the same without it. Most words that
    // matter are decided before the full report is made again.
    let same = |without: &Hand, name: &str, var: Option<crate::expr::Var>| {
        if let Some(var) = var {
            // A built-in word that a counted fan names in its `why` matters: without the word no
            // fan can name it (only the word's own flag puts it there), so the reports differ.
            if witnessed(rs, name, &r) {
                return false;
            }
            // Nothing that reads the word could take the hand either way: no re-score needed.
            if crate::words::inert(rs, hand, var) {
                return true;
            }
        } else if let (Some(s), Some(i)) = (&score, crate::words::settlement_only(rs, name)) {
            // Nothing the scorer reads sees the word (counters, deposits, the discarder): the
            // hand without it scores the same fans, total and account, and only its payments
            // can differ, from the settlement of the same score with the word at 0.
            return paid(rs, without, &s.without_word(i)).is_ok_and(|p| p == r.payments);
        } else if score
            .as_ref()
            .is_some_and(|s| read_by_scorer(rs, hand) && crate::words::needed_by_counted(rs, name, &s.hits))
        {
            // A counted fan cannot be counted without the word (`riichi` for 立直, `dora=` for
            // its dora): the fan lines differ, with no need to score the hand again.
            return false;
        } else {
            // A ruleset's word that matters mostly changes the fans: the plain score (no account
            // of it, no payments) says so for far less than the full report. A hand the plain
            // score refuses, the full report refuses too. (A line of words only is scored by its
            // word, not by the scorer.)
            let tiles = !(without.melds.is_empty() && without.concealed.is_empty());
            if tiles {
                let Ok(s) = crate::score::score(rs, without) else {
                    return false;
                };
                if !same_fans(rs, &s, &r) {
                    return false;
                }
                // The same fans and total: a word that matters now is mostly one the settlement
                // reads (counters, deposits, the discarder), and the payments of the plain score
                // show it without the account of every fan.
                let scored = read_by_scorer(rs, without) && check_line(rs, without).is_ok();
                let pays = scored.then(|| paid(rs, without, &s));
                if pays
                    .as_ref()
                    .is_some_and(|p| p.as_ref().is_ok_and(|p| *p != r.payments))
                {
                    return false;
                }
                // The same fans, total and payments on the same reading, the line less this one
                // word: the account of every counted fan is the same too, unless one of them
                // reads the word (its `why` lists the words it reads).
                let one_word = without.context.extra.len() + 1 == hand.context.extra.len();
                let same_reading = score.as_ref().is_some_and(|o| o.reading == s.reading);
                if scored && one_word && same_reading && !crate::words::explained_with(rs, name, &s.hits) {
                    return pays.is_some_and(|p| p.is_ok_and(|p| p == r.payments));
                }
            }
        }
        same_report(rs, without, &r)
    };
    let warnings = crate::words::ignored_words(rs, hand, &r.removed, same);
    r.warnings = warnings;
    Ok(r)
}

/// Whether `hand` reports the fan lines (their `why`s included), the total and the payments of
/// `report`: what [`score_hand_plain`] of `hand` would show in those fields, without building
/// the rest of its report (the removed fans, the canonical hand, the reading's names). Lines
/// the scorer does not read (words only, a ready hand's word) take the full report.
fn same_report(rs: &Ruleset, hand: &Hand, report: &HandReport) -> bool {
    let same =
        |o: HandReport| o.fans == report.fans && o.total == report.total && o.payments == report.payments;
    if !read_by_scorer(rs, hand) {
        return score_hand_plain(rs, hand).is_ok_and(same);
    }
    if check_line(rs, hand).is_err() {
        return false;
    }
    let Ok((s, why)) = crate::score::explain_fans(rs, hand) else {
        return false;
    };
    let open = hand.is_open();
    let mut occurrences = why.fans.into_iter();
    s.total == report.total
        && s.hits.len() == report.fans.len()
        && s.hits
            .iter()
            .zip(&report.fans)
            .all(|(h, f)| fan_line(rs, h, open, occurrences.next().unwrap_or_default()) == *f)
        && paid(rs, hand, &s).is_ok_and(|p| p == report.payments)
}

/// Whether the scorer reads the line's tiles: not a line of words only, nor a ready hand's word
/// (`end`), which are valued by their word.
fn read_by_scorer(rs: &Ruleset, hand: &Hand) -> bool {
    !is_words_only(hand) && crate::word_rules::ready_word(&rs.word_rules, hand).is_none()
}

/// Whether `s` counts the fans of `report` (in its order, with its counts) to its total: if
/// not, the report of `s` differs from `report` whatever else it says.
fn same_fans(rs: &Ruleset, s: &crate::score::Score, report: &HandReport) -> bool {
    s.total == report.total
        && s.hits.len() == report.fans.len()
        && s.hits
            .iter()
            .zip(&report.fans)
            .all(|(h, f)| h.count == f.count && rs.fans[h.fan].id == f.id)
}

/// Whether built-in word `name` is among the words a fan line of `report` was counted on, and
/// no word of the ruleset has that name (whose `why` could name it without the built-in one).
fn witnessed(rs: &Ruleset, name: &str, report: &HandReport) -> bool {
    !rs.context_words.iter().any(|w| w.word == name)
        && report
            .fans
            .iter()
            .any(|f| f.why.iter().any(|o| o.words.iter().any(|w| w == name)))
}

/// [`score_hand`] without the check of its context words.
pub(crate) fn score_hand_plain(rs: &Ruleset, hand: &Hand) -> Result<HandReport, String> {
    report_and_score(rs, hand).map(|(r, _)| r)
}

/// [`score_hand_plain`] and the score it reports (none for a line the scorer does not read).
fn report_and_score(rs: &Ruleset, hand: &Hand) -> Result<(HandReport, Option<crate::score::Score>), String> {
    if is_words_only(hand) {
        return score_alone(rs, hand).map(|r| (r, None));
    }
    check_line(rs, hand)?;
    if let Some(word) = crate::word_rules::ready_word(&rs.word_rules, hand) {
        return score_ready(rs, hand, word).map(|r| (r, None));
    }
    let (s, why) = explain(rs, hand).map_err(|e| e.to_string())?;
    let payments = paid(rs, hand, &s)?;
    Ok((report(rs, hand, &s, why, payments), Some(s)))
}

/// A line with the ruleset's `ready_hand` word (`end`, 查大叫), valued by [`best_ready_win`]: the
/// report is the best wait's, with the line as its hand and no payments.
fn score_ready(rs: &Ruleset, hand: &Hand, word: &str) -> Result<HandReport, String> {
    let mut r = best_ready_win(rs, hand, word, |won| {
        score_hand_plain(rs, won)
            .ok()
            .filter(|r| r.valid)
            .map(|r| (r.total, r))
    })?;
    r.hand = print_hand(&rs.tiles, hand);
    r.payments = Payments::null();
    Ok(r)
}

/// A line of words only (a context word with `alone`, e.g. `nagashi seat=S`): the word's fan
/// alone, as [`alone`] scores and pays it.
fn score_alone(rs: &Ruleset, hand: &Hand) -> Result<HandReport, String> {
    let a = alone(rs, hand)?;
    Ok(HandReport {
        hand: print_hand(&rs.tiles, hand).trim_start().to_string(),
        fans: a
            .hits
            .iter()
            .map(|h| fan_line(rs, h, false, Vec::new()))
            .collect(),
        reading: Vec::new(),
        removed: Vec::new(),
        warnings: Vec::new(),
        total: a.total,
        valid: true,
        reason: None,
        payments: a.payments,
        han: a.han_fu.map(|h| h.han),
        fu: None,
        limit: a.han_fu.map(|h| limit_name(rs, h)),
    })
}

/// The name of the limit `h` reached, if any.
fn limit_name(rs: &Ruleset, h: HanFu) -> Option<String> {
    h.limit
        .and_then(|i| rs.points.formula.as_ref().map(|f| f.limits[i].name.clone()))
}

/// The report's line of fan hit `h`, counted on `why`.
fn fan_line(rs: &Ruleset, h: &crate::score::FanHit, open: bool, why: Vec<Occurrence>) -> FanLine {
    let f = &rs.fans[h.fan];
    FanLine {
        id: f.id.clone(),
        zh: f.zh.clone(),
        en: f.en.clone(),
        points: f.value_in(open),
        count: h.count,
        why,
        ja: f.ja.clone(),
        head: CachedHead::of(&f.head),
    }
}

fn report(rs: &Ruleset, hand: &Hand, s: &Score, why: Explanation, payments: Payments) -> HandReport {
    let mut occurrences = why.fans.into_iter();
    let open = hand.is_open();
    let fans = s
        .hits
        .iter()
        .map(|h| fan_line(rs, h, open, occurrences.next().unwrap_or_default()))
        .collect();
    let reason = (!s.valid).then(|| {
        let bonus_only = s.points == 0 && !rs.bonus_counts_toward_min;
        // What was compared with the minimum: with bonus fans counted toward it, the total.
        let (value, what) = if rs.bonus_counts_toward_min {
            (s.total, "bonus fans included")
        } else {
            (s.points, "without bonus fans")
        };
        match rs.win.discard_min_points {
            _ if bonus_only && s.hits.iter().any(|h| rs.fans[h.fan].bonus) => format!(
                "only bonus fans scored, and bonus fans never count toward the minimum; the ruleset's minimum is {}",
                rs.min_points
            ),
            Some(m) if !hand.context.self_drawn && value < m => format!(
                "{value} points {what}; the ruleset's minimum for a win on a discard is {m}"
            ),
            _ => format!("{value} points {what}; the ruleset's minimum is {}", rs.min_points),
        }
    });
    HandReport {
        hand: print_hand(&rs.tiles, hand),
        reading: why.reading,
        fans,
        removed: why.removed,
        total: s.total,
        valid: s.valid,
        reason,
        payments,
        warnings: Vec::new(),
        han: s.han_fu.map(|h| h.han),
        fu: s.han_fu.map(|h| h.fu),
        limit: s.han_fu.map(|h| limit_name(rs, h)),
    }
}

/// A line that could not be scored or read, as the JSON front ends print it: `{"error":…}`, with
/// the 1-based input line in batch runs.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct ErrorReport<'a> {
    pub error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

/// Appends `value` as one line of compact JSON to `out`: the writer behind every JSON line the
/// CLI and the web API print but a scored hand's (that is [`crate::write_report_line`], the same
/// bytes written by hand), so a field added to a report struct shows up everywhere. It
/// serializes the struct itself, with no `serde_json::Value` in between, into a buffer the
/// caller reuses.
pub fn write_json_line<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) {
    let start = out.len();
    if let Err(e) = serde_json::to_writer(&mut *out, value) {
        // Only a map with non-string keys fails, which no report has; keep the line valid JSON.
        out.truncate(start);
        let msg = format!("the result could not be written as JSON: {e}");
        let fallback = ErrorReport {
            error: &msg,
            line: None,
        };
        let _ = serde_json::to_writer(&mut *out, &fallback);
    }
    out.push(b'\n');
}

/// The tiles that complete a 3n+1 hand and how far it is from ready, as `mj waits` and the web
/// API show it. Only `waits` and `shanten` are serialized (the documented JSON shape); the
/// per-form figures are for the human table.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct WaitsReport {
    /// Winning tiles in tile order, in notation.
    pub waits: Vec<String>,
    /// The best shanten over every enabled form (0 = ready).
    pub shanten: i8,
    /// Shanten per enabled win form, by form name.
    #[serde(skip)]
    pub per_form: Vec<(&'static str, i8)>,
    /// Per wait, in the order of `waits`: the best total if it came, and whether that reaches
    /// the ruleset's minimum.
    pub per_wait: Vec<WaitScore>,
    /// Tiles that would complete the shape but whose every copy is already in the hand, so that
    /// no wait is left although the shape is ready.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub exhausted: Vec<String>,
    /// For a ruleset with a `[points]` formula: what each wait would score, won on a discard
    /// (or self-drawn with `self`) with the line's context words. Waits are by shape: what the
    /// player has discarded (furiten) is not known here.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scores: Vec<WaitPoints>,
}

/// What winning on one wait would score.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct WaitPoints {
    pub tile: String,
    pub valid: bool,
    pub han: i64,
    pub fu: i64,
    pub limit: Option<String>,
    /// The winner's gain, counters and deposits included.
    pub points: i64,
}

/// What one wait would be worth, as a discard and as a self-drawn win (the hand's own context
/// words otherwise).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct WaitScore {
    pub tile: String,
    /// Total on a discard, and whether it is a valid win (minimum reached); `None` when the
    /// ruleset does not read it as a win that way (an error such as a table rule).
    pub discard: Option<i64>,
    pub discard_valid: bool,
    pub self_drawn: Option<i64>,
    pub self_drawn_valid: bool,
}

/// [`WaitScore`] of `tile` completing the one-short `hand`.
fn wait_score(rs: &Ruleset, hand: &Hand, tile: mj_core::Tile) -> WaitScore {
    let mut won = hand.clone();
    won.concealed.push(tile);
    let mut try_as = |self_drawn: bool| {
        won.context.self_drawn = self_drawn;
        score(rs, &won).ok().map(|s| (s.total, s.valid))
    };
    let (d, s) = (try_as(false), try_as(true));
    WaitScore {
        tile: rs.tiles.notation(tile),
        discard: d.map(|x| x.0),
        discard_valid: d.is_some_and(|x| x.1),
        self_drawn: s.map(|x| x.0),
        self_drawn_valid: s.is_some_and(|x| x.1),
    }
}

/// Parses a hand one tile short (no winning tile) and lists its waits and shanten. Errors are
/// messages ready to show.
pub fn waits_text(rs: &Ruleset, text: &str) -> Result<WaitsReport, String> {
    let hand = parse_hand(&rs.tiles, &rs.context_words, line(text)).map_err(|e| e.to_string())?;
    let expected = rs.deal.hand_size as usize;
    if hand.effective_len() != expected {
        return Err(format!(
            "the hand has {} (a kong counting three); waits need {expected}, without a winning tile",
            mj_core::tile::tiles_word(hand.effective_len())
        ));
    }
    let counts = hand.concealed_counts();
    let w = mj_core::wait::waits(&rs.tiles, &rs.forms, &hand.melds, &counts);
    let s = mj_core::wait::shanten(&rs.tiles, &rs.forms, hand.melds.len(), &counts);
    let per_form = [
        ("standard", s.standard),
        ("seven_pairs", s.seven_pairs),
        ("thirteen_orphans", s.orphans),
        ("honours_knitted", s.honours_knitted),
        ("knitted_straight", s.knitted_straight),
    ]
    .into_iter()
    .filter_map(|(name, v)| v.map(|v| (name, v)))
    .collect();
    let exhausted = if w.is_empty() && s.best() == 0 {
        let shape = mj_core::wait::shape_waits(&rs.tiles, &rs.forms, hand.melds.len(), &counts);
        crate::expr::bits(shape)
            .filter_map(|id| rs.tiles.tile(id))
            .map(|t| rs.tiles.notation(t))
            .collect()
    } else {
        Vec::new()
    };
    let scores = match rs.points.formula {
        Some(_) => w.iter().filter_map(|&t| wait_points(rs, &hand, t)).collect(),
        None => Vec::new(),
    };
    Ok(WaitsReport {
        waits: w.iter().map(|&t| rs.tiles.notation(t)).collect(),
        shanten: s.best(),
        per_form,
        per_wait: w.iter().map(|&t| wait_score(rs, &hand, t)).collect(),
        exhausted,
        scores,
    })
}

/// The hand won on `tile`, scored; `None` where it cannot be scored.
fn wait_points(rs: &Ruleset, hand: &Hand, tile: mj_core::Tile) -> Option<WaitPoints> {
    let mut won = hand.clone();
    won.concealed.push(tile);
    // Only the figures are shown, so the hand is scored without its account.
    let r = crate::outcome::settle_hand(rs, &won).ok()?;
    let seat = Wind::from_index(hand.context.seat.index()).map_or('E', |w| w.letter());
    Some(WaitPoints {
        tile: rs.tiles.notation(tile),
        valid: r.valid,
        han: r.han_fu.map_or(0, |h| h.han),
        fu: r.han_fu.map_or(0, |h| h.fu),
        limit: r.limit_name(rs).map(str::to_string),
        points: r.payments.get(seat.encode_utf8(&mut [0u8; 4])).unwrap_or(0),
    })
}

/// One row of a ruleset's fan table, as `mj doc` and the web page show it.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FanRow {
    pub id: String,
    pub zh: String,
    pub en: String,
    /// Points (or the multiplier, in a multiplying ruleset).
    pub points: i64,
    /// A bonus fan (flowers and the like): never counts toward the minimum.
    pub bonus: bool,
    pub definition: String,
    /// The project's reading of ambiguous rule text, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Fans this one implies and so are not also counted, by Chinese name, with `×n` when only
    /// n of their count are removed.
    pub excludes: Vec<String>,
}

/// The ruleset's fans in table order.
pub fn fan_table(rs: &Ruleset) -> Vec<FanRow> {
    rs.fans
        .iter()
        .map(|f| FanRow {
            id: f.id.to_string(),
            zh: f.zh.to_string(),
            en: f.en.to_string(),
            points: f.value,
            bonus: f.bonus,
            definition: f.definition.clone(),
            note: f.note.clone(),
            excludes: f
                .excludes
                .iter()
                .map(|&(j, n)| match n {
                    None => rs.fans[j].zh.to_string(),
                    Some(n) => format!("{} ×{n}", rs.fans[j].zh),
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mcr() -> Ruleset {
        crate::load("mcr").expect("built-in")
    }

    /// Found by the `score` fuzz target: a word ending in U+00A0 lost that character when its
    /// canonical form (which ends the line with it) was parsed again, so the two scored apart.
    #[test]
    fn canonical_form_of_a_word_ending_in_a_unicode_space_scores_the_same() {
        let rs = mcr();
        let text = "[WWWW,1][444s]45m678pFF6m self from=Sr\u{a0} round=S flowers=2";
        match score_text(&rs, text) {
            Ok(first) => {
                let again = score_text(&rs, &first.hand).expect("the canonical form parses");
                assert_eq!(again, first);
            }
            Err(e) => assert!(e.contains("from="), "{e}"),
        }
        // The root cause: only the notation's own blanks may be cut from the line's ends.
        assert_eq!(line("from=1\u{a0}"), "from=1\u{a0}");
        assert_eq!(line("\u{3000}123m"), "\u{3000}123m");
        // Line endings and ASCII blanks around the line are still ignored.
        let plain = score_text(&rs, "123m456m789m123p55s").expect("a win");
        assert_eq!(score_text(&rs, " \t123m456m789m123p55s\r\n"), Ok(plain));
    }

    /// The warnings of [`score_hand`], decided with every shortcut (a witnessed word, an inert
    /// one, a word only the settlement reads, the plain score's fans, its payments,
    /// [`same_report`]), are those of the definition: a word changes nothing when the full report
    /// of the hand without it shows the same fan lines, total and payments. Checked on every line
    /// of every snapshot corpus.
    #[test]
    fn word_warnings_agree_with_the_full_report_on_every_corpus_line() {
        let (mut lines, mut warned, mut settlement_only) = (0, 0, 0);
        for (rs, text) in crate::diff::loaded_corpora() {
            for line in text.lines() {
                let Ok(hand) = parse_hand(&rs.tiles, &rs.context_words, line.trim()) else {
                    continue;
                };
                let Ok(fast) = score_hand(&rs, &hand) else {
                    continue;
                };
                let r = score_hand_plain(&rs, &hand).expect("scored above");
                let slow = crate::words::ignored_words(&rs, &hand, &r.removed, |without, _, _| {
                    score_hand_plain(&rs, without)
                        .is_ok_and(|o| o.fans == r.fans && o.total == r.total && o.payments == r.payments)
                });
                assert_eq!(fast.warnings, slow, "{}: {line}", rs.name);
                lines += 1;
                warned += slow.len();
                settlement_only += (hand.context.extra.iter())
                    .filter(|(w, _)| crate::words::settlement_only(&rs, w).is_some())
                    .count();
            }
        }
        assert!(lines > 700 && warned > 300, "{lines} lines, {warned} warnings");
        assert!(
            settlement_only > 300,
            "{settlement_only} words only the settlement reads"
        );
    }

    /// The check of a word that changes nothing compares what the full report of the hand without
    /// the word would show (fan lines with their `why`s, total, payments) without making that
    /// report: on every snapshot corpus line, with each of its words taken away, the two agree.
    /// So does the answer taken from the conditions alone ([`crate::words::inert`]) whenever it
    /// gives one: it never calls a word that changes the report inert.
    #[test]
    fn same_report_agrees_with_the_full_report_on_every_corpus_word() {
        use crate::expr::Var;
        let (mut compared, mut same, mut inert) = (0, 0, 0);
        for (rs, text) in crate::diff::loaded_corpora() {
            for line in text.lines() {
                let Ok(hand) = parse_hand(&rs.tiles, &rs.context_words, line.trim()) else {
                    continue;
                };
                let Ok(r) = score_hand_plain(&rs, &hand) else {
                    continue;
                };
                let mut withouts = Vec::new();
                let c = &hand.context;
                for (on, var, clear) in [
                    (
                        c.last_tile,
                        Some(Var::LastTile),
                        (|h: &mut Hand| h.context.last_tile = false) as fn(&mut Hand),
                    ),
                    (c.kong, Some(Var::Kong), |h: &mut Hand| h.context.kong = false),
                    (c.fourth, Some(Var::Fourth), |h: &mut Hand| {
                        h.context.fourth = false
                    }),
                    (c.self_drawn, None, |h: &mut Hand| h.context.self_drawn = false),
                ] {
                    if on {
                        let mut w = hand.clone();
                        clear(&mut w);
                        withouts.push((w, var));
                    }
                }
                for i in 0..c.extra.len() {
                    let mut w = hand.clone();
                    w.context.extra.remove(i);
                    withouts.push((w, None));
                }
                for (w, var) in withouts {
                    let full = score_hand_plain(&rs, &w)
                        .is_ok_and(|o| o.fans == r.fans && o.total == r.total && o.payments == r.payments);
                    assert_eq!(same_report(&rs, &w, &r), full, "{}: {line}", rs.name);
                    if var.is_some_and(|v| crate::words::inert(&rs, &hand, v)) {
                        assert!(full, "{}: {line}: {var:?} is not inert", rs.name);
                        inert += 1;
                    }
                    compared += 1;
                    same += usize::from(full);
                }
            }
        }
        assert!(
            compared > 500 && same > 20 && inert >= 3,
            "{compared} words compared, {same} changing nothing, {inert} of them inert by the conditions"
        );
    }

    /// `from=` names a seat relative to the winner; anything else is an error, not the default
    /// (which paid the wrong seat silently before).
    #[test]
    fn from_must_name_a_seat() {
        let rs = mcr();
        let hand = "[WWWW,1][444s]45m678pFF6m seat=S round=W flowers=2";
        for bad in ["from=0", "from=4", "from=7"] {
            let err = score_text(&rs, &format!("{hand} {bad}")).expect_err(bad);
            assert!(
                err.contains("names no seat") && err.contains("from=3"),
                "{bad}: {err}"
            );
        }
        // Not a whole number: the notation refuses it at its column.
        for bad in ["from=Sr", "from=-1", "from=1.5"] {
            let err = score_text(&rs, &format!("{hand} {bad}")).expect_err(bad);
            assert!(
                err.contains("column") && err.contains("whole number"),
                "{bad}: {err}"
            );
        }
        // Seat S wins; from=1 is the left neighbour E, from=2 opposite N, from=3 right W: the
        // discarder pays the base points beside the 8 every seat pays (rule text: 点和).
        let base = score_text(&rs, hand).expect("scores").total;
        for (from, discarder) in [("1", "E"), ("2", "N"), ("3", "W")] {
            let r = score_text(&rs, &format!("{hand} from={from}")).expect(from);
            assert_eq!(r.payments.get(discarder), Some(-(8 + base)), "from={from}");
        }
    }
}
