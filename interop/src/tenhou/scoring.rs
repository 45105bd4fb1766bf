//! Our score of each recorded win next to Tenhou's: han (dora split out), fu, the limit, the
//! hand's value and every seat's change. Differences are listed, not hidden: a test asserts
//! there are none, and any that appear are either a misreading here or a scoring difference to
//! report.

use super::log::{Agari, Log};
use super::win::Win;
use mj_dsl::{HandReport, Ruleset};

/// The ruleset a log's games are played under: Tenhou's ranked rules with red fives.
pub fn ruleset_name(log: &Log) -> &'static str {
    if log.players == 3 {
        "riichi-sanma"
    } else {
        "riichi"
    }
}

/// Tenhou's limit number as our ruleset names it (`ten=` third field; 5 without a yakuman
/// yaku is a counted yakuman).
pub fn limit_name(a: &Agari) -> Option<&'static str> {
    match a.ten.limit {
        1 => Some("mangan"),
        2 => Some("haneman"),
        3 => Some("baiman"),
        4 => Some("sanbaiman"),
        5 if a.yakuman.is_empty() => Some("kazoe"),
        5 => Some("yakuman"),
        _ => None,
    }
}

/// One win scored, and what differs from the record (empty: we agree).
#[derive(Debug)]
pub struct Comparison {
    pub report: Option<HandReport>,
    pub differences: Vec<String>,
}

/// Scores `win`'s line with `rs` and compares the result with its AGARI tag.
pub fn compare(rs: &Ruleset, log: &Log, win: &Win) -> Comparison {
    let a = win.agari;
    let mut diff = Vec::new();
    if win.dora_shown != a.dora_hai {
        diff.push(format!(
            "dora indicators: the log showed {:?}, AGARI says {:?}",
            win.dora_shown, a.dora_hai
        ));
    }
    let mut shown = a.hai.clone();
    shown.sort();
    if win.concealed != shown {
        diff.push(format!(
            "hand: followed {:?}, AGARI shows {:?}",
            win.concealed, shown
        ));
    }
    let mut codes = a.melds.iter().map(|m| m.code).collect::<Vec<_>>();
    let mut ours = win.meld_codes.clone();
    codes.sort();
    ours.sort();
    if codes != ours {
        diff.push(format!("melds: called {ours:?}, AGARI shows {codes:?}"));
    }
    if win.nth == 0 && (win.honba, win.sticks) != (a.honba, a.sticks) {
        diff.push(format!(
            "ba: the table held {},{}, AGARI says {},{}",
            win.honba, win.sticks, a.honba, a.sticks
        ));
    }
    let report = match mj_dsl::score_text(rs, &win.line) {
        Ok(r) => r,
        Err(e) => {
            diff.push(format!("not scored: {e}"));
            return Comparison {
                report: None,
                differences: diff,
            };
        }
    };
    if !report.valid {
        diff.push(format!(
            "not a valid win: {}",
            report.reason.clone().unwrap_or_default()
        ));
    }
    let mut check = |what: &str, ours: String, theirs: String| {
        if ours != theirs {
            diff.push(format!("{what}: ours {ours}, Tenhou {theirs}"));
        }
    };
    check("han", format!("{:?}", report.han), format!("{:?}", Some(a.han())));
    if a.yakuman.is_empty() {
        check("fu", format!("{:?}", report.fu), format!("{:?}", Some(a.ten.fu)));
    }
    let limit = report.limit.clone().flatten();
    check(
        "limit",
        format!("{limit:?}"),
        format!("{:?}", limit_name(a).map(str::to_string)),
    );
    // Tenhou has no yaku id of its own for nuki-dora: three-player logs count it under ドラ (52).
    for (ids, tenhou_id) in [
        (&["dora", "nuki_dora"][..], 52),
        (&["ura_dora"], 53),
        (&["aka_dora"], 54),
    ] {
        let id = ids[0];
        let ours: i64 = report
            .fans
            .iter()
            .filter(|f| ids.contains(&f.id.as_str()))
            .map(|f| f.points * i64::from(f.count))
            .sum();
        let theirs: i64 = a.yaku.iter().filter(|y| y.0 == tenhou_id).map(|y| y.1).sum();
        check(id, ours.to_string(), theirs.to_string());
    }
    let n = usize::from(log.players);
    let wind = |seat: usize| ["E", "S", "W", "N"][(seat + n - usize::from(win.init.oya)) % n];
    let gain = report.payments.get(wind(usize::from(a.who))).unwrap_or(0);
    let value = gain - 300 * i64::from(win.honba) - 1000 * i64::from(win.sticks);
    check("points", value.to_string(), a.ten.points.to_string());
    if a.pao_who.is_none() {
        let ours: Vec<i64> = (0..n)
            .map(|s| report.payments.get(wind(s)).unwrap_or(0))
            .collect();
        let theirs: Vec<i64> = a.sc.iter().take(n).map(|c| c.1).collect();
        check("changes by seat", format!("{ours:?}"), format!("{theirs:?}"));
    }
    Comparison {
        report: Some(report),
        differences: diff,
    }
}
