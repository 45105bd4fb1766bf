//! The manual that ships with the binary: shell completions (`mj completions SHELL`) and a man
//! page (`mj man`), both generated from the same clap definitions as `--help`, so they cannot
//! fall behind the options they describe.

use clap::CommandFactory;
use std::io::Write;

/// Writes the completion script for `shell` to `out`.
pub fn completions(shell: clap_complete::Shell, out: &mut impl Write) {
    let mut cmd = crate::Cli::command();
    clap_complete::generate(shell, &mut cmd, "mj", out);
}

/// Writes the man page of `mj` (roff), one section per subcommand.
pub fn man(out: &mut impl Write) -> Result<(), String> {
    let cmd = crate::Cli::command();
    let io = |e: std::io::Error| e.to_string();
    let page = clap_mangen::Man::new(cmd.clone());
    page.render(out).map_err(io)?;
    for sub in cmd.get_subcommands().filter(|s| s.get_name() != "help") {
        writeln!(out, ".SH \"MJ {}\"", sub.get_name().to_uppercase()).map_err(io)?;
        // clap names take 'static strings; a man page is rendered once per process.
        let name: &'static str = Box::leak(format!("mj {}", sub.get_name()).into_boxed_str());
        let sub = sub.clone().name(name);
        let page = clap_mangen::Man::new(sub);
        page.render_description_section(out).map_err(io)?;
        page.render_synopsis_section(out).map_err(io)?;
        page.render_options_section(out).map_err(io)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
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
}
