//! `[settlement.fan_table]` (a fan total → payment table with a limit, read as `table`),
//! `[settlement.liable] word` (a written hand naming who is liable) and limit fans without a
//! `[points]` formula (docs/ruleset-format.md), on small extensions of built-in rulesets.

mod common;

use common::scoring::{fans, score};
use mj_dsl::{load_from_memory, Ruleset};

fn house(extra: &str) -> Result<Ruleset, String> {
    let text = format!("[ruleset]\nname = \"house\"\nextends = \"mcr\"\n{extra}");
    load_from_memory("house", &[("ruleset.toml", &text)]).map_err(|d| d.to_string())
}

/// The table is read at min(total, limit), and past its end at its last entry.
#[test]
fn table_reads_the_entry_of_the_total() {
    let h = house("[settlement]\nself_drawn = { each = \"table\" }\n[settlement.fan_table]\npoints = [0, 5, 7, 9, 11]\nlimit = 3\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let t = h.settlement.fan_table.as_ref().expect("table");
    let m: Vec<i64> = [-1, 0, 1, 2, 3, 4, 50].iter().map(|&n| t.portion(n)).collect();
    assert_eq!(m, [0, 0, 5, 7, 9, 9, 9]);
    // 16 under mcr (花龙 8, 不求人 4, 平和 2, …), past the limit: each pays the entry of 3.
    let r = score(&h, "123m456m789p123s5s5s self");
    assert!(r.total >= 3, "{:?}", fans(&r));
    assert_eq!(r.payments.get("E"), Some(27));
}

/// `table` without a table, an empty table and an out-of-range entry are located errors.
#[test]
fn table_errors_are_located() {
    let e = house("[settlement]\nself_drawn = { each = \"2 * table\" }\n").expect_err("no table");
    assert!(
        e.contains("[settlement.fan_table]") && e.contains("ruleset.toml:5:"),
        "{e}"
    );
    let e = house("[settlement.fan_table]\npoints = []\n").expect_err("empty");
    assert!(e.contains("`points` is empty"), "{e}");
    let e = house("[settlement.fan_table]\npoints = [1, 10000000000000]\n").expect_err("range");
    assert!(e.contains("points"), "{e}");
}

/// The liability word must be one of the ruleset's context words.
#[test]
fn liable_word_must_be_declared() {
    let e = house("[settlement.liable]\nword = \"bao\"\n").expect_err("undeclared");
    assert!(
        e.contains("not a context word") && e.contains("ruleset.toml:5:"),
        "{e}"
    );
}

/// A limit fan drops every other fan also without `[points]`: the hand's total is the limit
/// fan's own value.
#[test]
fn limit_fan_without_points_formula() {
    let h = house("[[fan]]\nid = \"da_si_xi\"\nlimit = true\n").unwrap_or_else(|e| panic!("{e}"));
    let r = score(&h, "EEESSSWWWNNN5p5p self");
    assert_eq!(fans(&r), [("da_si_xi", 88, 1)]);
    assert_eq!(r.total, 88);
}
