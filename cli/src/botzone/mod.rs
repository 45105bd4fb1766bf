//! The Botzone commands: `mj import botzone` and `mj export botzone` (the log formats are
//! [`mj_interop::botzone`]'s; this module opens the files, writes the records and prints), `mj bot`
//! (the library's bot on stdin and stdout) and `mj match` ([`judge`]).

pub mod judge;

use mj_core::game::{Record, Rules};
use mj_dsl::table::Table;
use mj_interop::botzone::bot;
use mj_interop::botzone::export::{export_record, file_name};
use mj_interop::botzone::log::LogReader;
use mj_interop::botzone::protocol::Mode;
use mj_interop::botzone::replay::{replay, RULESET};
use std::io::{BufRead, Write};

/// `mj import botzone FILE [--out DIR]`: one JSON line per game; exit 1 if any game diverges.
pub fn run(
    path: &str,
    out_dir: Option<&str>,
    out: &mut impl Write,
) -> Result<std::process::ExitCode, String> {
    let t = Table::new(mj_dsl::load(RULESET).map_err(|d| d.to_string())?)?;
    let input: Box<dyn BufRead> = if path == "-" {
        Box::new(std::io::BufReader::new(std::io::stdin()))
    } else {
        let f = std::fs::File::open(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        Box::new(std::io::BufReader::with_capacity(1 << 20, f))
    };
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {dir}: {e}"))?;
    }
    let mut reader = LogReader::new(input, path, t.tiles());
    let io = |e: std::io::Error| e.to_string();
    let (mut games, mut diverged, mut malformed) = (0usize, 0usize, 0usize);
    loop {
        let g = match reader.game() {
            Ok(Some(g)) => g,
            Ok(None) => break,
            Err(e) if reader.io_failed() => return Err(e),
            // One bad game in a log of thousands: say where, and go on with the next.
            Err(e) => {
                eprintln!("error: {e}; skipping to the next game");
                malformed += 1;
                reader.skip_to_next_game()?;
                continue;
            }
        };
        let o = replay(&t, &g);
        games += 1;
        if !o.ok {
            diverged += 1;
        }
        if let (Some(dir), Some(r)) = (out_dir, &o.record) {
            let file = std::path::Path::new(dir).join(format!("{}.json", file_name(&o.id)));
            std::fs::write(&file, r.to_json() + "\n")
                .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
        }
        writeln!(out, "{}", o.to_json()).map_err(io)?;
    }
    if games == 0 && malformed == 0 {
        return Err(format!("{path} holds no game (expected `Match <id>` blocks)"));
    }
    eprintln!(
        "{games} game(s), {} replay to the logged scores, {diverged} diverge, {malformed} malformed",
        games - diverged
    );
    Ok(if diverged > 0 || malformed > 0 {
        std::process::ExitCode::from(1)
    } else {
        std::process::ExitCode::SUCCESS
    })
}

/// `mj export botzone FILE`: our JSON records (one per line, as `mj play --json` prints, of
/// `mcr-botzone`) in the Botzone log layout. A record whose dealer is not seat 0 is turned so that
/// it is (Botzone's player 0 is always the dealer); scores follow the players.
pub fn export(path: &str, out: &mut impl Write) -> Result<std::process::ExitCode, String> {
    let text = if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| e.to_string())?;
        s
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?
    };
    let t = Table::new(mj_dsl::load(RULESET).map_err(|d| d.to_string())?)?;
    let io = |e: std::io::Error| e.to_string();
    for (i, l) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let r = Record::from_json(l).map_err(|e| format!("{path}:{}: {e}", i + 1))?;
        let log = export_record(&t, &r, &format!("{}-{}", file_name(path), i + 1))
            .map_err(|e| format!("{path}:{}: {e}", i + 1))?;
        write!(out, "{log}").map_err(io)?;
    }
    Ok(std::process::ExitCode::SUCCESS)
}

/// `mj bot`: loads the ruleset and answers on stdin/stdout.
pub fn cmd_bot(rules: &str, mode: Mode) -> Result<std::process::ExitCode, String> {
    let rs = mj_dsl::load(rules).map_err(|d| d.to_string())?;
    let table = Table::new(rs)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    bot::run(&table, mode, &mut stdin.lock(), &mut stdout.lock())?;
    Ok(std::process::ExitCode::SUCCESS)
}
