//! The house-ruleset example in docs/house-rules.md loads and does what the page says.

fn example() -> String {
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/house-rules.md")).expect("doc");
    let start = doc.find("```toml\n").expect("toml block") + "```toml\n".len();
    let end = doc[start..].find("```").expect("end of block") + start;
    doc[start..end].to_string()
}

#[test]
fn the_documented_club_ruleset_changes_what_it_says() {
    let text = example();
    let club = mj_dsl::load_from_memory("my-club-shiwan", &[("ruleset.toml", text.as_str())])
        .unwrap_or_else(|d| panic!("{d}"));
    let base = mj_dsl::load("shiwan").unwrap_or_else(|d| panic!("{d}"));
    assert_eq!(club.min_points, 8);
    assert!(club.fan_index("que_yi_men").is_none(), "缺一门 removed");
    assert_eq!(club.fans[club.fan_index("qi_dui").expect("七对")].value, 16);

    let hand = "890m123p456s789s55p self";
    let a = mj_dsl::score_text(&base, hand).expect("shiwan scores it");
    let b = mj_dsl::score_text(&club, hand).expect("the club scores it");
    assert!(b.fans.iter().any(|f| f.id == "ba_jiu_bu_li_shi" && f.points == 2));
    assert!(!a.fans.iter().any(|f| f.id == "ba_jiu_bu_li_shi"));
    assert_eq!(b.total, a.total + 2);
}
