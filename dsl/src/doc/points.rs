//! The parts of the ruleset page (`mj doc`) for a ruleset with a `[points]` formula (han and
//! fu): the fan table with concealed and open values and Japanese names, the fu table, and the
//! point table worked out by the ruleset's own formula and settlement, so the page shows what
//! `mj score` pays.

use crate::points::{FuRule, FuRules, SetFuKind, WAIT_NAMES};
use crate::ruleset::Ruleset;
use crate::settle::{settle_win, WinKind, WinPay};
use std::fmt::Write as _;

/// The fan table: names, closed and open han ("–" = concealed hands only), definition.
pub(super) fn fans(rs: &Ruleset, s: &mut String) {
    let _ = writeln!(
        s,
        "## Yaku\n\n| # | 日本語 | romaji | 中文 | closed | open | definition |\n|---|---|---|---|---|---|---|"
    );
    for (i, f) in rs.fans.iter().enumerate() {
        let open = match f.value_in(true) {
            0 => "–".to_string(),
            v => v.to_string(),
        };
        let kind = if f.limit {
            " (yakuman)"
        } else if f.bonus {
            " (not a yaku)"
        } else {
            ""
        };
        let closed = if f.limit {
            "yakuman".to_string()
        } else {
            f.value.to_string()
        };
        let open = if f.limit && open != "–" {
            "yakuman".to_string()
        } else {
            open
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {closed}{kind} | {open} | {} |",
            i + 1,
            f.ja.as_deref().unwrap_or(""),
            f.en,
            f.zh,
            f.definition
        );
    }
}

/// The fu table, from `[fu]`.
pub(super) fn fu(rs: &Ruleset, fu: &FuRules, s: &mut String) {
    let _ = writeln!(
        s,
        "\n## Fu\n\n- Base: {} fu; the sum is rounded up to a multiple of {}.",
        fu.base, fu.round_to
    );
    for r in &fu.fixed {
        let _ = writeln!(s, "- Always {} fu when {}.", r.fu, describe(rs, r));
    }
    for r in &fu.add {
        let _ = writeln!(s, "- +{} fu when {}.", r.fu, describe(rs, r));
    }
    for e in &fu.sets {
        let kind = match e.kind {
            SetFuKind::Chow => "chow",
            SetFuKind::Pung => "pung",
            SetFuKind::Kong => "kong",
            SetFuKind::Pair => "pair",
        };
        if e.kind == SetFuKind::Pair {
            let _ = writeln!(s, "- A pair of {}: +{} fu.", e.tiles_text, e.concealed);
        } else {
            let _ = writeln!(
                s,
                "- A {kind} of {}: +{} fu exposed, +{} concealed.",
                e.tiles_text, e.exposed, e.concealed
            );
        }
    }
    for (name, w) in WAIT_NAMES {
        let v = fu.waits[w.bit() as usize];
        if v != 0 {
            let _ = writeln!(s, "- Won on a wait `{name}`: +{v} fu.");
        }
    }
    for r in &fu.minimum {
        let _ = writeln!(s, "- At least {} fu when {}.", r.fu, describe(rs, r));
    }
}

fn describe(rs: &Ruleset, r: &FuRule) -> String {
    let names = |ids: &[usize]| -> String {
        ids.iter()
            .map(|&i| rs.fans[i].ja.as_deref().unwrap_or(&rs.fans[i].en))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut parts = Vec::new();
    if let Some(w) = &r.when_text {
        parts.push(format!("`{w}`"));
    }
    if !r.fans.is_empty() {
        parts.push(format!("with {}", names(&r.fans)));
    }
    if !r.unless.is_empty() {
        parts.push(format!("unless {} scored", names(&r.unless)));
    }
    parts.join(" ")
}

/// Payments of a win worth `basic`: (ron, tsumo from each or (dealer, others)).
fn pays(rs: &Ruleset, basic: i64, dealer_wins: bool) -> (i64, String) {
    let players = rs.play.players as usize;
    let winner = if dealer_wins { 0 } else { 1 };
    let discarder = (winner + 1) % players;
    let pay = |kind| {
        let mut p = WinPay::plain(0, 0, winner, kind, 0);
        p.basic = basic;
        p.dealer = 0;
        settle_win(rs, &p)
    };
    let ron = pay(WinKind::Discard { discarder });
    let tsumo = pay(WinKind::SelfDrawn);
    let each: Vec<i64> = (0..players).filter(|&s| s != winner).map(|s| -tsumo[s]).collect();
    let t = if dealer_wins || each.iter().all(|&x| x == each[0]) {
        format!("{} all", each.first().copied().unwrap_or(0))
    } else {
        format!("{} / {}", each[0], each.get(1).copied().unwrap_or(0))
    };
    (-ron[discarder], t)
}

/// The point table: each han and fu with its basic points, ron and tsumo for a non-dealer and the
/// dealer, then the limits.
pub(super) fn table(rs: &Ruleset, s: &mut String) {
    let Some(f) = &rs.points.formula else { return };
    let _ = writeln!(
        s,
        "\n## Points\n\nBasic points = fu × 2^(han + {}), then the limits. Payments (no counters), by the ruleset's settlement: ron from the discarder; tsumo from the dealer / each other player.\n",
        f.doublings
    );
    let _ = writeln!(
        s,
        "| han | fu | basic | non-dealer ron | non-dealer tsumo | dealer ron | dealer tsumo |\n|---|---|---|---|---|---|---|"
    );
    for han in 1..=4 {
        for fu in [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110] {
            let v = f.value(han, fu, None);
            if v.limit.is_some() {
                continue;
            }
            let (r, t) = pays(rs, v.basic, false);
            let (dr, dt) = pays(rs, v.basic, true);
            let _ = writeln!(s, "| {han} | {fu} | {} | {r} | {t} | {dr} | {dt} |", v.basic);
        }
    }
    let _ = writeln!(
        s,
        "\n| limit | reached at | basic | non-dealer ron | non-dealer tsumo | dealer ron | dealer tsumo |\n|---|---|---|---|---|---|---|"
    );
    for (i, l) in f.limits.iter().enumerate() {
        let mut at = Vec::new();
        if Some(i) == f.limit_fans {
            at.push("a yakuman (limit fan)".to_string());
        } else if let Some(h) = l.han {
            at.push(format!("{h} han"));
        }
        if let Some(b) = l.basic_from {
            at.push(format!("basic {b}"));
        }
        let (r, t) = pays(rs, l.basic, false);
        let (dr, dt) = pays(rs, l.basic, true);
        let _ = writeln!(
            s,
            "| {} | {} | {} | {r} | {t} | {dr} | {dt} |",
            l.name,
            at.join(" or "),
            l.basic
        );
    }
}
