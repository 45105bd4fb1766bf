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
#[path = "tests/manual.rs"]
mod tests;
