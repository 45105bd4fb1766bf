//! `--batch`: the input opened (a file, or stdin for `-`) and a progress line on a terminal around
//! [`mj_sim::lines`], which runs the lines on every core and writes the results in input order.

use mj_sim::lines::{LineJob, Progress, Summary, CHUNK_BYTES};
use std::io::{BufRead, IsTerminal, Write};
use std::time::{Duration, Instant};

/// Where the batch reads from, with its size when known (for the progress display).
pub struct Input {
    pub reader: Box<dyn BufRead + Send>,
    pub size: Option<u64>,
    pub name: String,
}

impl Input {
    /// A file, or stdin for `-`.
    pub fn open(path: &str) -> Result<Input, String> {
        if path == "-" {
            return Ok(Input {
                reader: Box::new(std::io::BufReader::with_capacity(CHUNK_BYTES, std::io::stdin())),
                size: None,
                name: "stdin".into(),
            });
        }
        let f = std::fs::File::open(path).map_err(|e| format!("cannot open {path}: {e}"))?;
        let size = f.metadata().ok().filter(|m| m.is_file()).map(|m| m.len());
        Ok(Input {
            reader: Box::new(std::io::BufReader::with_capacity(CHUNK_BYTES, f)),
            size,
            name: path.to_string(),
        })
    }
}

/// Runs `job` over every line of `input` on `threads` threads and prints the results in input
/// order to `out`. A progress line goes to stderr when it is a terminal.
pub fn run(
    mut input: Input,
    threads: usize,
    job: &dyn LineJob,
    out: &mut dyn Write,
) -> Result<Summary, String> {
    let mut progress = Line::new(input.size);
    let lines = mj_sim::lines::Input {
        reader: &mut *input.reader,
        name: &input.name,
    };
    let summary = mj_sim::lines::run(lines, threads, job, out, &mut progress);
    progress.finish();
    summary
}

/// A one-line progress display on stderr, only when stderr is a terminal, redrawn at most ten
/// times a second.
struct Line {
    on: bool,
    size: Option<u64>,
    consumed: u64,
    start: Instant,
    last: Instant,
}

impl Line {
    fn new(size: Option<u64>) -> Line {
        let now = Instant::now();
        Line {
            on: std::io::stderr().is_terminal(),
            size,
            consumed: 0,
            start: now,
            last: now,
        }
    }

    fn finish(&self) {
        if self.on && self.last != self.start {
            eprint!("\r\x1b[K");
        }
    }
}

impl Progress for Line {
    fn update(&mut self, consumed: u64, results: usize) {
        self.consumed += consumed;
        if !self.on || self.last.elapsed() < Duration::from_millis(100) {
            return;
        }
        self.last = Instant::now();
        let secs = self.start.elapsed().as_secs_f64().max(1e-9);
        let rate = results as f64 / secs;
        let share = match self.size {
            Some(size) if size > 0 => format!(" {:5.1}%", 100.0 * self.consumed as f64 / size as f64),
            _ => String::new(),
        };
        eprint!("\r{share} {results} lines, {rate:.0} lines/s\x1b[K");
    }
}
