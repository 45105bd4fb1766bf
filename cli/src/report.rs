//! Human-readable output: tables for the terminal and Markdown for `mj doc`.

use mj_dsl::{HandReport, Ruleset, WaitsReport};
use std::fmt::Write as _;
use std::io::{self, Write};

/// Whether to colour what goes to stdout: on a terminal, unless `NO_COLOR` is set (to anything
/// but the empty string, as no-color.org asks); `CLICOLOR_FORCE` (not `0`) colours a pipe too.
fn colour() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| {
        let set = |name: &str| std::env::var_os(name).is_some_and(|v| !v.is_empty());
        if set("NO_COLOR") {
            return false;
        }
        if set("CLICOLOR_FORCE") && std::env::var_os("CLICOLOR_FORCE").is_some_and(|v| v != "0") {
            return true;
        }
        std::io::IsTerminal::is_terminal(&std::io::stdout())
    })
}

/// `text` in an ANSI style (`1` bold, `31` red, `32` green, `33` yellow) when colouring.
fn paint(text: &str, code: &str) -> String {
    if colour() {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// Display width of a string, counting CJK characters as two columns.
fn width(s: &str) -> usize {
    s.chars().map(|c| if (c as u32) >= 0x1100 { 2 } else { 1 }).sum()
}

fn pad(s: &str, w: usize) -> String {
    format!("{s}{}", " ".repeat(w.saturating_sub(width(s))))
}

/// What produced a fan, in one line: each occurrence's sets and words, occurrences apart by
/// ` | `; an occurrence naming every set of the reading reads "whole hand".
fn why_line(r: &HandReport, why: &[mj_dsl::explain::Occurrence]) -> String {
    let one = |o: &mj_dsl::explain::Occurrence| {
        let mut parts = Vec::new();
        if !o.sets.is_empty() {
            parts.push(if o.sets == r.reading && r.reading.len() > 1 {
                "whole hand".to_string()
            } else {
                o.sets.join(" ")
            });
        }
        parts.extend(o.words.iter().cloned());
        parts.join(" ")
    };
    why.iter().map(one).collect::<Vec<_>>().join(" | ")
}

/// The fan table of a scored hand; with `full` (`mj score --why`), also the reading and every
/// fan the shape suggests that was not counted, with the rule that removed it.
pub fn score(rs: &Ruleset, r: &HandReport, full: bool, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{} ({}): {}", rs.name, rs.version, r.hand)?;
    if full {
        writeln!(out, "  reading: {}", r.reading.join(" "))?;
    }
    let zw = r.fans.iter().map(|f| width(&f.zh)).max().unwrap_or(0);
    let ew = r.fans.iter().map(|f| width(&f.en)).max().unwrap_or(0);
    for f in &r.fans {
        let count = if f.count > 1 {
            format!(" x{}", f.count)
        } else {
            "   ".to_string()
        };
        writeln!(
            out,
            "  {}  {}  {:>3}{count}  {}",
            pad(&f.zh, zw),
            pad(&f.en, ew),
            f.points,
            why_line(r, &f.why)
        )?;
    }
    if full && !r.removed.is_empty() {
        writeln!(out, "  not counted:")?;
        let zw = r.removed.iter().map(|f| width(&f.zh)).max().unwrap_or(0);
        let ew = r.removed.iter().map(|f| width(&f.en)).max().unwrap_or(0);
        for f in &r.removed {
            let count = if f.count > 1 {
                format!(" x{}", f.count)
            } else {
                String::new()
            };
            writeln!(out, "    {}  {}{count}  {}", pad(&f.zh, zw), pad(&f.en, ew), f.by)?;
        }
    } else if full {
        writeln!(
            out,
            "  not counted: none (every fan the shape suggests was counted)"
        )?;
    }
    for w in &r.warnings {
        writeln!(out, "  {} {w}", paint("warning:", "33"))?;
    }
    writeln!(out, "  {}", paint(&format!("total {}", r.total), "1"))?;
    match &r.reason {
        None => writeln!(out, "  {}", paint("valid win", "32"))?,
        Some(why) => writeln!(out, "  {} {why}", paint("not a valid win:", "31"))?,
    }
    if !r.payments.is_empty() {
        let parts: Vec<String> = r.payments.iter().map(|(k, v)| format!("{k} {v:+}")).collect();
        writeln!(out, "  payments: {}", parts.join(", "))?;
    }
    Ok(())
}

pub fn waits(rs: &Ruleset, w: &WaitsReport, out: &mut impl Write) -> io::Result<()> {
    if w.waits.is_empty() && w.shanten == 0 {
        // Ready in shape, yet nothing can complete it: say so rather than "not ready: shanten 0".
        writeln!(
            out,
            "no wait: the shape is ready (shanten 0), but every copy of its winning tile{} {} is already in the hand",
            if w.exhausted.len() == 1 { "" } else { "s" },
            w.exhausted.join(" ")
        )?;
    } else if w.waits.is_empty() {
        writeln!(out, "not ready: shanten {}", w.shanten)?;
    } else {
        let n = w.waits.len();
        writeln!(
            out,
            "waits: {} ({n} {})",
            w.waits.join(" "),
            if n == 1 { "kind" } else { "kinds" }
        )?;
    }
    let value = |total: Option<i64>, valid: bool| match total {
        None => "no win".to_string(),
        Some(t) if valid => paint(&format!("{t} (a win)"), "32"),
        Some(t) => paint(&format!("{t} (below the minimum {})", rs.min_points), "31"),
    };
    let tw = w.per_wait.iter().map(|p| width(&p.tile)).max().unwrap_or(0);
    for p in &w.per_wait {
        writeln!(
            out,
            "  {}  on a discard {}, self-drawn {}",
            pad(&p.tile, tw),
            value(p.discard, p.discard_valid),
            value(p.self_drawn, p.self_drawn_valid)
        )?;
    }
    // Han and fu rulesets: what each wait pays with the line's own context words.
    for sc in &w.scores {
        if sc.valid {
            let limit = sc.limit.as_deref().map(|l| format!(" {l}")).unwrap_or_default();
            writeln!(
                out,
                "  {}: {} han {} fu{limit}, {} points",
                sc.tile, sc.han, sc.fu, sc.points
            )?;
        } else {
            writeln!(out, "  {}: no yaku", sc.tile)?;
        }
    }
    let forms: Vec<String> = w.per_form.iter().map(|(n, v)| format!("{n} {v}")).collect();
    writeln!(out, "shanten {} ({})", w.shanten, forms.join(", "))
}

pub fn check(rs: &Ruleset, out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "ok: {} {} — {}", rs.name, rs.version, rs.description)?;
    if !rs.extends.is_empty() {
        writeln!(out, "  extends: {}", rs.extends.join(" -> "))?;
    }
    let suits: Vec<String> = rs
        .tiles
        .suits()
        .iter()
        .map(|s| format!("{}{}–{}", s.letter, s.min_rank, s.max_rank))
        .collect();
    writeln!(
        out,
        "  tiles: {} ({} kinds; suits {})",
        rs.tiles.total_tiles(),
        rs.tiles.kind_count(),
        suits.join(" ")
    )?;
    writeln!(
        out,
        "  players: {}, hand size {}",
        rs.play.players, rs.deal.hand_size
    )?;
    writeln!(out, "  forms: {}", rs.win.forms.join(", "))?;
    writeln!(
        out,
        "  fans: {} (minimum {} {})",
        rs.fans.len(),
        rs.min_points,
        points_word(rs.min_points)
    )?;
    writeln!(out, "  scripts: {} file(s)", rs.scripts.file_count())?;
    for (w, src) in rs.context_words.iter().zip(&rs.context_sources) {
        writeln!(
            out,
            "  context word {}: {}",
            w.word,
            mj_dsl::context::describe(*src)
        )?;
    }
    for w in rs.unset_words() {
        writeln!(
            out,
            "  warning: context word `{w}` can never be set in play, so a fan that tests it is awarded only by `mj score`; name the engine fact that sets it (`fact = ...`) or mark it `score_only = true`"
        )?;
    }
    writeln!(out, "  files: {}", rs.files.join(", "))
}

fn points_word(n: i64) -> &'static str {
    if n == 1 {
        "point"
    } else {
        "points"
    }
}

/// The ruleset as a Markdown page for players: fan table, then play rules.
pub fn doc(rs: &Ruleset) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# {} ({})\n\n{}\n", rs.name, rs.version, rs.description);
    if !rs.extends.is_empty() {
        let _ = writeln!(s, "Extends: {}.\n", rs.extends.join(" → "));
    }
    s.push_str(&rs.settings_doc());
    let product = rs.scoring.combine == mj_dsl::ruleset::Combine::Product;
    let unit = if product { "multiplier" } else { "points" };
    let han_fu = rs.points.formula.is_some();
    if han_fu {
        crate::points_doc::fans(rs, &mut s);
    } else {
        let _ = writeln!(s, "## Fans\n\n| # | 中文 | English | {unit} | definition | not also counted |\n|---|---|---|---|---|---|");
    }
    for (i, f) in mj_dsl::report::fan_table(rs)
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
        crate::points_doc::fu(rs, fu, &mut s);
    }
    crate::points_doc::table(rs, &mut s);
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
    let _ = writeln!(
        s,
        "- Robbing a kong: {}.",
        if p.rob_kong.is_empty() {
            "no".to_string()
        } else {
            p.rob_kong.join(", ")
        }
    );
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
            let _ = writeln!(s, "- `{form}`: {}; {}.", w.help, mj_dsl::context::describe(*src));
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
