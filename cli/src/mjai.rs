//! `mj export mjai FILE...`: each file's records (one game) as an mjai log
//! ([`mj_interop::mjai::export`]); this module reads the files and prints the lines.

use mj_core::game::Rules;
use mj_dsl::table::Table;
use std::io::Write;
use std::process::ExitCode;

/// Prints every file's game as mjai JSON lines, one game after another.
pub fn export(files: &[String], out: &mut impl Write) -> Result<ExitCode, String> {
    let mut tables: Vec<Table> = Vec::new();
    for path in files {
        let text = if path == "-" {
            let mut s = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| e.to_string())?;
            s
        } else {
            std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?
        };
        let records = mj_sim::match_file::records_in(&text, path)?;
        let first = records
            .first()
            .ok_or_else(|| format!("{path} holds no game record"))?;
        if !tables.iter().any(|t| t.table().ruleset == first.ruleset) {
            let rs = mj_dsl::load(&first.ruleset).map_err(|d| d.to_string())?;
            tables.push(Table::new(rs)?);
        }
        let Some(t) = tables.iter().find(|t| t.table().ruleset == first.ruleset) else {
            continue;
        };
        let lines = mj_interop::mjai::export::export_game(t, &records).map_err(|e| format!("{path}: {e}"))?;
        for l in lines {
            writeln!(out, "{l}").map_err(|e| e.to_string())?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// `mj bot --protocol mjai`: the library's greedy mjai bot on stdin and stdout.
pub fn cmd_bot(rules: &str) -> Result<ExitCode, String> {
    let table = Table::new(mj_dsl::load(rules).map_err(|d| d.to_string())?)?;
    let (stdin, stdout) = (std::io::stdin(), std::io::stdout());
    mj_interop::mjai::bot::run(&table, &mut stdin.lock(), &mut stdout.lock())?;
    Ok(ExitCode::SUCCESS)
}
