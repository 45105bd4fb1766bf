//! Unit tests of `manual` (kept under `src/tests/` with the other unit tests of the shell).

use super::*;

/// Every subcommand and every option says what it is for (`mj X --help` has no bare names).
#[test]
fn every_option_and_subcommand_has_help_text() {
    fn walk(c: &clap::Command, path: &str, missing: &mut Vec<String>) {
        for a in c.get_arguments() {
            let id = a.get_id().as_str();
            if a.is_hide_set() || id == "help" || id == "version" {
                continue;
            }
            if a.get_help().is_none() && a.get_long_help().is_none() {
                missing.push(format!("{path} {id}"));
            }
        }
        for s in c.get_subcommands().filter(|s| s.get_name() != "help") {
            let sub = format!("{path} {}", s.get_name());
            if s.get_about().is_none() {
                missing.push(format!("{sub} (the subcommand)"));
            }
            walk(s, &sub, missing);
        }
    }
    let mut missing = Vec::new();
    walk(&crate::Cli::command(), "mj", &mut missing);
    assert!(
        missing.is_empty(),
        "options without help text:\n{}",
        missing.join("\n")
    );
}

#[test]
fn completions_and_man_page_name_every_subcommand() {
    let mut bash = Vec::new();
    completions(clap_complete::Shell::Bash, &mut bash);
    let bash = String::from_utf8_lossy(&bash);
    let mut page = Vec::new();
    man(&mut page).expect("renders");
    let page = String::from_utf8_lossy(&page);
    for sub in crate::Cli::command()
        .get_subcommands()
        .filter(|s| s.get_name() != "help")
    {
        assert!(
            bash.contains(sub.get_name()),
            "completion lacks {}",
            sub.get_name()
        );
        let title = format!("MJ {}", sub.get_name().to_uppercase());
        assert!(page.contains(&title), "man page lacks {title}");
    }
    assert!(
        page.contains("\\-\\-why") || page.contains("--why"),
        "the man page lists options"
    );
}
