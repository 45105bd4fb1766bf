//! `mj export mjai FILE...`: each file's records (one game) as an mjai log
//! ([`mj_interop::mjai::export`]); this module reads the files and prints the lines. Also
//! `mj bot --protocol mjai` and `mj match --protocol mjai` (the processes are the Botzone
//! judge's, [`crate::botzone::judge::Programs`]; the judging is [`mj_interop::mjai::judge`]).

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

/// `mj match --protocol mjai`: whole matches between four mjai bot programs, one line per match
/// (a JSON object with `json`), then the standings; each match's `mj-match` document into `out`.
pub fn run_match(o: &crate::botzone::judge::MatchOptions, out: &mut impl Write) -> Result<ExitCode, String> {
    use mj_interop::mjai::judge::{Judge, Standings};
    let io = |e: std::io::Error| e.to_string();
    let table = Table::new(mj_dsl::load(&o.rules).map_err(|d| d.to_string())?)?;
    // A named penalty, else the ruleset's own (as the Botzone judge), else none: see docs/riichi.md.
    let penalty = o
        .penalty
        .clone()
        .or_else(|| mj_interop::botzone::referee::default_penalty(&table));
    if let Some(dir) = &o.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let programs = crate::botzone::judge::Programs::lines(&o.bots, o.timeout);
    let mut judge = Judge::new(&table, programs, penalty.as_deref())?.arrays(o.arrays);
    let mut standings = Standings::default();
    let began = std::time::Instant::now();
    for k in 0..o.games {
        let seed = o.seed.wrapping_add(k as u64);
        let g = judge.game(seed)?;
        standings.add(&g);
        let file = match &o.out {
            Some(dir) => {
                let path = dir.join(format!("game-{:04}.json", k + 1));
                let doc = mj_sim::match_file::to_json(&table.table().ruleset, seed, &g.result);
                std::fs::write(&path, format!("{doc}\n"))
                    .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                Some(path.display().to_string())
            }
            None => None,
        };
        writeln!(out, "{}", g.report(k + 1, seed, file.as_deref(), o.json)).map_err(io)?;
    }
    let secs = began.elapsed().as_secs_f64();
    write!(out, "{}", standings.report(secs, &o.bots, o.json)).map_err(io)?;
    Ok(ExitCode::SUCCESS)
}
