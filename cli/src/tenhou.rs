//! `mj import tenhou FILE|DIR...`: Tenhou mjlog files replayed in our engine
//! ([`mj_interop::tenhou::import`]); this module finds the files, reads them, writes the records
//! and prints one JSON line per log.

use mj_dsl::table::Table;
use mj_interop::tenhou::{import::import, parse, scoring::ruleset_name};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The files named: each FILE itself, each DIR's `.mjlog` and `.xml` files in name order.
fn files(paths: &[String]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        let path = Path::new(p);
        if path.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(path)
                .map_err(|e| format!("cannot read {p}: {e}"))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "mjlog" || x == "xml"))
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(format!("{p} holds no .mjlog or .xml file"));
            }
            out.extend(found);
        } else {
            out.push(path.to_path_buf());
        }
    }
    Ok(out)
}

/// One JSON line per log; exit 0 when every log replays to its recorded results, 1 when one
/// diverges, 2 when a file cannot be read as an mjlog (its FILE:LINE:COLUMN on stderr).
pub fn run(paths: &[String], out_dir: Option<&str>, out: &mut impl Write) -> Result<ExitCode, String> {
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {dir}: {e}"))?;
    }
    let mut tables: Vec<(&str, Table)> = Vec::new();
    let (mut logs, mut diverged, mut malformed) = (0usize, 0usize, 0usize);
    for f in files(paths)? {
        let shown = f.display().to_string();
        let text = std::fs::read_to_string(&f).map_err(|e| format!("cannot read {shown}: {e}"))?;
        let log = match parse(&text) {
            Ok(l) => l,
            Err(e) => {
                eprintln!(
                    "{shown}:{}:{}: not a Tenhou mjlog: expected {}, found {}",
                    e.at.line, e.at.column, e.expected, e.found
                );
                malformed += 1;
                continue;
            }
        };
        let name = ruleset_name(&log);
        if !tables.iter().any(|(n, _)| *n == name) {
            tables.push((name, Table::new(mj_dsl::load(name).map_err(|d| d.to_string())?)?));
        }
        let Some((_, t)) = tables.iter().find(|(n, _)| *n == name) else {
            continue;
        };
        let file = f
            .file_name()
            .map_or(shown.clone(), |n| n.to_string_lossy().to_string());
        let o = import(t, &log, &file);
        logs += 1;
        diverged += usize::from(!o.ok);
        if let Some(dir) = out_dir {
            let stem = f
                .file_stem()
                .map_or("log".into(), |s| s.to_string_lossy().to_string());
            let path = Path::new(dir).join(format!("{stem}.json"));
            let lines: String = o.records.iter().map(|r| r.to_json() + "\n").collect();
            std::fs::write(&path, lines).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        }
        writeln!(out, "{}", o.to_json()).map_err(|e| e.to_string())?;
    }
    eprintln!(
        "{logs} log(s), {} replay to their recorded results, {diverged} diverge, {malformed} malformed",
        logs - diverged
    );
    Ok(if malformed > 0 {
        ExitCode::from(2)
    } else if diverged > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
