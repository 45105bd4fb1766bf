//! A ruleset as a Markdown page for players (`mj doc`, `Ruleset.doc()` in Python): the fan
//! table, then the rules of winning, play, settlement, context words and penalties. It lives in
//! the library so every front end prints the same page; `points` holds the parts of a ruleset
//! with a `[points]` formula (han and fu).

mod points;
mod settings;
pub use settings::settings;

use crate::ruleset::{Combine, Ruleset};
use std::fmt::Write as _;

/// "point" or "points", for a count of `n`.
pub fn points_word(n: i64) -> &'static str {
    if n == 1 {
        "point"
    } else {
        "points"
    }
}

/// The ruleset as a Markdown page for players: fan table, then play rules.
pub fn markdown(rs: &Ruleset) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {} ({})\n\n{}\n", rs.name, rs.version, rs.description);
    if !rs.extends.is_empty() {
        let _ = writeln!(s, "Extends: {}.\n", rs.extends.join(" → "));
    }
    s.push_str(&settings::settings(rs));
    let product = rs.scoring.combine == Combine::Product;
    let unit = if product { "multiplier" } else { "points" };
    let han_fu = rs.points.formula.is_some();
    if han_fu {
        points::fans(rs, &mut s);
    } else {
        let _ = writeln!(s, "## Fans\n\n| # | 中文 | English | {unit} | definition | not also counted |\n|---|---|---|---|---|---|");
    }
    for (i, f) in crate::report::fan_table(rs)
        .iter()
        .enumerate()
        .filter(|_| !han_fu)
    {
        let bonus = if f.bonus { " (bonus)" } else { "" };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {}{}{bonus} | {} | {} |",
            i + 1,
            f.zh,
            f.en,
            if product { "×" } else { "" },
            f.points,
            f.definition,
            f.excludes.join(", ")
        );
    }
    let notes: Vec<_> = rs
        .fans
        .iter()
        .filter_map(|f| f.note.as_ref().map(|n| (f, n)))
        .collect();
    if !notes.is_empty() {
        let _ = writeln!(s, "\n### Readings of the rule text\n");
        for (f, n) in notes {
            let _ = writeln!(s, "- **{}** ({}): {n}", f.zh, f.en);
        }
    }
    if let Some(fu) = &rs.points.fu {
        points::fu(rs, fu, &mut s);
    }
    points::table(rs, &mut s);
    let _ = writeln!(s, "\n## Winning\n");
    let _ = writeln!(s, "- Win forms: {}.", rs.win.forms.join(", "));
    let _ = writeln!(
        s,
        "- Minimum to win: {} {}{}.",
        rs.min_points,
        points_word(rs.min_points),
        if rs.bonus_counts_toward_min {
            ""
        } else {
            ", bonus fans not counted"
        }
    );
    let _ = writeln!(s, "\n## Play\n");
    let p = &rs.play;
    let _ = writeln!(
        s,
        "- Players: {}; hand size {} (dealer +{}).",
        p.players, rs.deal.hand_size, rs.deal.dealer_extra
    );
    let _ = writeln!(
        s,
        "- Tiles: {} ({} kinds).",
        rs.tiles.total_tiles(),
        rs.tiles.kind_count()
    );
    let _ = writeln!(
        s,
        "- Claims: {}; priority {}.",
        p.claims.join(", "),
        p.priority.join(" > ")
    );
    let _ = writeln!(s, "- Several winners on one discard: {}.", p.multiple_winners);
    match p.after_win.as_deref() {
        Some("leave") => {
            let _ = writeln!(s, "- After a win: the winner leaves and the others play on.");
        }
        Some("stay") => {
            let lock = if p.winner_locked {
                "; a player who has won may only win, discard what it draws, or kong without changing its waits"
            } else {
                ""
            };
            let _ = writeln!(
                s,
                "- After a win: the winner stays in and may win again, the hand ends at the wall's end{lock}."
            );
        }
        _ => {}
    }
    let _ = writeln!(s, "- Robbing a kong: {}.", robbing(p));
    let _ = writeln!(s, "- After passing a win: {}.", p.missed_win);
    let mut dealer = p.dealer.clone();
    if let Some(m) = &p.dealer_after_multiple_winners {
        dealer.push_str(&format!("; after several winners: {m}"));
    }
    if let Some(d) = &p.dealer_after_draw {
        dealer.push_str(&format!("; after a drawn hand: {d}"));
    }
    let _ = writeln!(s, "- Dealer: {dealer}.");
    if p.declare_ready {
        let _ = writeln!(s, "- Players may declare ready (亮倒); the hand is then frozen.");
    }
    // The settlement as the ruleset writes it: formulas over the hand's total, instant payments,
    // liabilities and chips, exactly the keys a house ruleset would override.
    if let Ok(toml::Value::Table(mut table)) = toml::Value::try_from(&rs.settlement_source) {
        table.remove("penalty"); // listed below, in words
        let mut doc = toml::Table::new();
        doc.insert("settlement".into(), toml::Value::Table(table));
        if let Ok(text) = toml::to_string_pretty(&doc) {
            let _ = writeln!(s, "\n## Settlement\n\n```toml\n{}\n```", text.trim());
        }
    }
    if !rs.context_words.is_empty() {
        let _ = writeln!(s, "\n## Context words\n");
        for (w, src) in rs.context_words.iter().zip(&rs.context_sources) {
            let form = if w.takes_value {
                format!("{}=…", w.word)
            } else {
                w.word.clone()
            };
            let _ = writeln!(s, "- `{form}`: {}; {}.", w.help, crate::context::describe(*src));
        }
    }
    if !rs.settlement.penalties.is_empty() {
        let _ = writeln!(s, "\n## Penalties\n");
        for pen in &rs.settlement.penalties {
            let _ = writeln!(s, "- {} ({}, `{}`): {}", pen.zh, pen.en, pen.id, pen.definition);
        }
    }
    s
}

/// `[play] rob_kong` in words: the kinds any win robs, and the kinds only some forms rob.
fn robbing(p: &crate::schema::Play) -> String {
    if p.rob_kong.is_empty() {
        return "no".to_string();
    }
    let kinds: Vec<String> = p
        .rob_kong
        .iter()
        .map(|k| match k.split_once(':') {
            Some((kind, forms)) => format!("{kind} (by {} only)", forms.replace('+', " or ")),
            None => k.clone(),
        })
        .collect();
    kinds.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(name: &str) -> String {
        markdown(&crate::load(name).expect("built-in"))
    }

    #[test]
    fn a_points_ruleset_lists_its_fans_with_what_they_exclude_and_its_play() {
        let s = page("mcr");
        assert!(s.starts_with("# mcr ("), "{s}");
        assert!(s.contains("## Fans\n\n| # | 中文 | English | points | definition | not also counted |"));
        assert!(s.contains("| 1 | 大四喜 | Big Four Winds | 88 | Pungs or kongs of all four winds. | 碰碰和, 幺九刻, 圈风刻, 门风刻, 三风刻 |"));
        assert!(
            s.contains("| 花牌 | Flower Tiles | 1 (bonus) |"),
            "bonus fans are marked"
        );
        assert!(s.contains("- Minimum to win: 8 points, bonus fans not counted."));
        for heading in [
            "### Readings of the rule text",
            "## Winning",
            "## Play",
            "## Settlement",
            "## Context words",
        ] {
            assert!(s.contains(&format!("\n{heading}\n")), "{heading}");
        }
        assert!(!s.contains("## Yaku") && !s.contains("## Fu\n") && !s.contains("## Points"));
        assert!(
            s.contains("```toml\n[settlement.discard]"),
            "the settlement as the ruleset writes it"
        );
        assert!(s.contains("\n## Penalties\n\n- 错和 (False win (under 8 points), `cuo_he`): "));
    }

    #[test]
    fn a_multiplying_ruleset_writes_multipliers() {
        let s = page("kawuxing");
        assert!(s.contains("| # | 中文 | English | multiplier |"));
        assert!(s.contains("| 1 | 大三元 | Big Three Dragons | ×8 |"));
    }

    #[test]
    fn a_han_and_fu_ruleset_has_yaku_fu_and_a_point_table_worked_out_by_its_settlement() {
        let s = page("riichi");
        assert!(s.contains("## Yaku\n\n| # | 日本語 | romaji | 中文 | closed | open | definition |"));
        assert!(s.contains("| 42 | 大三元 | Daisangen | 大三元 | yakuman (yakuman) | yakuman |"));
        assert!(s.contains("- Always 25 fu when `form(seven_pairs)`."));
        assert!(s.contains("- +2 fu when `self_drawn` unless 平和 scored."));
        // 1 han 30 fu: 1000 from the discarder, 500 / 300 on a non-dealer's tsumo.
        assert!(
            s.contains("| 1 | 30 | 240 | 1000 | 500 / 300 | 1500 | 500 all |"),
            "{s}"
        );
        assert!(s.contains("| mangan | 5 han or basic 2001 | 2000 | 8000 | 4000 / 2000 | 12000 | 4000 all |"));
        assert!(!s.contains("## Fans\n"));
    }

    #[test]
    fn an_extending_ruleset_names_its_chain() {
        assert!(page("mcr-botzone").contains("\n\nExtends: mcr-mil → mcr.\n"));
        assert!(!page("mcr").contains("Extends:"));
    }

    #[test]
    fn one_point_is_singular() {
        assert_eq!(points_word(1), "point");
        assert_eq!(points_word(0), "points");
        assert_eq!(points_word(8), "points");
    }
}
