//! Independent jobs over the lines of an input, on every core, printed in input order: the
//! engine behind `--batch` for `mj score` and `mj waits`.
//!
//! The input is cut into chunks of whole lines. A reader fills chunks, workers turn each line of a
//! chunk into its JSON line (appended to the chunk's output buffer), and a writer writes the
//! chunks in input order. Chunks come from a fixed pool that the writer hands back to the reader,
//! so memory stays flat whatever the input's length, and buffers are reused rather than
//! allocated per line. The output does not depend on the number of threads: each line's result
//! depends only on that line, and chunks are written in the order they were read (the property
//! an experiment's hands have too). The front end opens the input and shows progress.

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::sync::mpsc::{channel, sync_channel, Receiver};
use std::sync::Mutex;

/// Longest input line that is parsed (a real hand is under ~100 bytes); longer lines are
/// errors, and only this much of them is held in memory.
pub const MAX_LINE: usize = 4096;

/// A chunk is handed on once it holds this many lines or bytes: large enough that passing it
/// between threads costs nothing next to scoring it, small enough that the pool stays small (and a good read buffer size).
const CHUNK_LINES: usize = 1024;
pub const CHUNK_BYTES: usize = 64 * 1024;

/// What a batch turns each line into. `line` is the 1-based input line; the result's JSON line
/// is appended to `out`; the answer is whether the line failed.
pub trait LineJob: Sync {
    fn run(&self, text: &str, line: usize, out: &mut Vec<u8>) -> bool;
}

impl<F: Fn(&str, usize, &mut Vec<u8>) -> bool + Sync> LineJob for F {
    fn run(&self, text: &str, line: usize, out: &mut Vec<u8>) -> bool {
        self(text, line, out)
    }
}

/// How a run went: lines given a result, and how many of those were errors.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub results: usize,
    pub failed: usize,
}

/// A run of whole input lines and, once worked, their output.
#[derive(Default)]
struct Chunk {
    seq: u64,
    /// The lines' bytes back to back (each cut at `MAX_LINE + 1` bytes).
    text: Vec<u8>,
    /// Per line: end offset in `text`, 1-based line number, and whether it was cut.
    lines: Vec<(usize, usize, bool)>,
    /// Input bytes the chunk covers (for the progress display).
    consumed: u64,
    out: Vec<u8>,
    summary: Summary,
}

impl Chunk {
    fn clear(&mut self, seq: u64) {
        self.seq = seq;
        self.text.clear();
        self.lines.clear();
        self.consumed = 0;
        self.out.clear();
        self.summary = Summary::default();
    }

    fn work(&mut self, job: &dyn LineJob) {
        let mut start = 0;
        for &(end, number, long) in &self.lines {
            let bytes = &self.text[start..end];
            start = end;
            // Checked whole first: almost every line is valid UTF-8 (mostly ASCII), which the
            // lossy decoder, going chunk by chunk, took several times as long to find out.
            let text = match std::str::from_utf8(bytes) {
                Ok(text) => std::borrow::Cow::Borrowed(text),
                Err(_) => String::from_utf8_lossy(bytes),
            };
            let text = text.trim_end_matches('\r');
            if text.trim().is_empty() || text.trim_start().starts_with('#') {
                continue;
            }
            self.summary.results += 1;
            let failed = if long {
                let msg = format!("the line is longer than {MAX_LINE} bytes; a hand is far shorter");
                let e = mj_dsl::ErrorReport {
                    error: &msg,
                    line: Some(number),
                };
                mj_dsl::write_json_line(&mut self.out, &e);
                true
            } else {
                job.run(text, number, &mut self.out)
            };
            self.summary.failed += usize::from(failed);
        }
    }
}

/// What the front end is told after each chunk is written: the input bytes it covered and the
/// results written so far (for a progress display; the library shows none).
pub trait Progress {
    fn update(&mut self, consumed: u64, results: usize);
}

/// The input: a reader and its name for errors.
pub struct Input<'a> {
    pub reader: &'a mut (dyn BufRead + Send),
    pub name: &'a str,
}

/// Reads lines into `chunk` until it is full or the input ends; `next_line` is the number of
/// the next line. Returns whether the input has ended.
fn fill(reader: &mut dyn BufRead, chunk: &mut Chunk, next_line: &mut usize) -> std::io::Result<bool> {
    while chunk.lines.len() < CHUNK_LINES && chunk.text.len() < CHUNK_BYTES {
        let Some((long, consumed)) = read_line_capped(reader, &mut chunk.text, MAX_LINE)? else {
            return Ok(true);
        };
        chunk.consumed += consumed as u64;
        chunk.lines.push((chunk.text.len(), *next_line, long));
        *next_line += 1;
    }
    Ok(false)
}

/// Appends the next `\n`-terminated line (without the `\n`) to `buf`, keeping at most `max + 1`
/// bytes of it and skipping the rest. `None` at the end of input; otherwise whether the line was
/// longer than `max`, and the input bytes it took.
fn read_line_capped(
    r: &mut dyn BufRead,
    buf: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<(bool, usize)>> {
    let begin = buf.len();
    let mut seen = 0usize;
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok((seen > 0).then_some((seen > max, seen)));
        }
        let (part, used, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(n) => (&chunk[..n], n + 1, true),
            None => (chunk, chunk.len(), false),
        };
        let room = (max + 1).saturating_sub(buf.len() - begin);
        buf.extend_from_slice(&part[..part.len().min(room)]);
        seen += part.len() + usize::from(done);
        r.consume(used);
        if done {
            return Ok(Some((buf.len() - begin > max, seen)));
        }
    }
}

/// One thread: read, work and write each chunk in turn, with one chunk's buffers reused.
fn run_inline(
    input: Input,
    job: &dyn LineJob,
    out: &mut dyn Write,
    progress: &mut dyn Progress,
) -> Result<Summary, String> {
    let mut chunk = Chunk::default();
    let mut total = Summary::default();
    let mut next_line = 1;
    loop {
        chunk.clear(0);
        let ended = fill(&mut *input.reader, &mut chunk, &mut next_line)
            .map_err(|e| format!("reading {}: {e}", input.name))?;
        chunk.work(job);
        out.write_all(&chunk.out).map_err(|e| e.to_string())?;
        add(&mut total, chunk.summary);
        progress.update(chunk.consumed, total.results);
        if ended {
            break;
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok(total)
}

fn add(total: &mut Summary, s: Summary) {
    total.results += s.results;
    total.failed += s.failed;
}

/// Runs `job` over every line of `input` on `threads` threads and writes the results in input
/// order to `out`, telling `progress` as it goes. With several threads, a reader thread fills
/// chunks, `threads` workers work them and this thread writes them in order.
pub fn run(
    input: Input,
    threads: usize,
    job: &dyn LineJob,
    out: &mut dyn Write,
    progress: &mut dyn Progress,
) -> Result<Summary, String> {
    if threads <= 1 {
        return run_inline(input, job, out, progress);
    }
    // Enough chunks that every worker has one while the reader fills one and the writer prints
    // one; a chunk waiting for an earlier, slower one also holds its place.
    let pool = 2 * threads + 2;
    let (free_tx, free_rx) = sync_channel::<Chunk>(pool);
    for _ in 0..pool {
        let _ = free_tx.send(Chunk::default());
    }
    let (work_tx, work_rx) = sync_channel::<Chunk>(pool);
    let work_rx = Mutex::new(work_rx);
    let (done_tx, done_rx) = channel::<Chunk>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let done_tx = done_tx.clone();
            let work_rx = &work_rx;
            scope.spawn(move || loop {
                let next = work_rx
                    .lock()
                    .map_err(|_| ())
                    .and_then(|rx| rx.recv().map_err(|_| ()));
                let Ok(mut chunk) = next else { break };
                chunk.work(job);
                if done_tx.send(chunk).is_err() {
                    break;
                }
            });
        }
        drop(done_tx);
        // The output stays on this thread (a locked stdout cannot move); the input can.
        let reader = scope.spawn(move || read_chunks(input, free_rx, work_tx));
        let written = write_in_order(done_rx, free_tx, out, progress);
        let read = reader
            .join()
            .unwrap_or_else(|_| Err("the input thread failed".into()));
        // A failed write ends the run first: reading stopped because nobody took the chunks.
        let total = written?;
        read?;
        Ok(total)
    })
}

/// The reader's side: fills free chunks and hands them to the workers until the input ends or
/// the writer stops taking chunks back.
fn read_chunks(
    input: Input,
    free: Receiver<Chunk>,
    work: std::sync::mpsc::SyncSender<Chunk>,
) -> Result<(), String> {
    let mut next_line = 1;
    for seq in 0.. {
        let Ok(mut chunk) = free.recv() else {
            return Ok(());
        };
        chunk.clear(seq);
        let ended = fill(&mut *input.reader, &mut chunk, &mut next_line)
            .map_err(|e| format!("reading {}: {e}", input.name))?;
        if work.send(chunk).is_err() || ended {
            return Ok(());
        }
    }
    Ok(())
}

/// The writer's side: writes worked chunks in sequence, holding back any that arrive early, and
/// returns each written chunk to the pool.
fn write_in_order(
    done: Receiver<Chunk>,
    free: std::sync::mpsc::SyncSender<Chunk>,
    out: &mut dyn Write,
    progress: &mut dyn Progress,
) -> Result<Summary, String> {
    let mut waiting: BTreeMap<u64, Chunk> = BTreeMap::new();
    let mut next = 0u64;
    let mut total = Summary::default();
    for chunk in done {
        waiting.insert(chunk.seq, chunk);
        while let Some(chunk) = waiting.remove(&next) {
            out.write_all(&chunk.out).map_err(|e| e.to_string())?;
            add(&mut total, chunk.summary);
            progress.update(chunk.consumed, total.results);
            next += 1;
            // The reader may have finished; then the chunk is simply dropped.
            let _ = free.send(chunk);
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    // Chunks still held back wait for one that never came: a worker stopped without returning
    // it. Say so rather than end as if the output were complete.
    if !waiting.is_empty() {
        return Err("a worker thread stopped before finishing its lines; the output is incomplete".into());
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Echoes each line's number and text, failing lines that contain `bad`.
    fn echo(text: &str, line: usize, out: &mut Vec<u8>) -> bool {
        out.extend_from_slice(format!("{line}:{text}\n").as_bytes());
        text.contains("bad")
    }

    struct Quiet;

    impl Progress for Quiet {
        fn update(&mut self, _: u64, _: usize) {}
    }

    fn run_on(text: &str, threads: usize, out: &mut dyn Write) -> Result<Summary, String> {
        let mut reader = std::io::Cursor::new(text.as_bytes().to_vec());
        let input = Input {
            reader: &mut reader,
            name: "test",
        };
        run(input, threads, &echo, out, &mut Quiet)
    }

    fn run_text(text: &str, threads: usize) -> (String, Summary) {
        let mut out = Vec::new();
        let summary = run_on(text, threads, &mut out).expect("runs");
        (String::from_utf8(out).expect("utf-8"), summary)
    }

    /// Many chunks' worth of lines, with blanks, comments, CRLF, a long line and no final
    /// newline: every thread count prints the same lines in input order.
    #[test]
    fn output_is_in_input_order_for_any_thread_count() {
        let mut text = String::new();
        let mut expected = String::new();
        let mut failed = 0;
        for i in 1..=5000usize {
            let line = match i % 7 {
                0 => String::new(),
                1 => "# comment".to_string(),
                2 => format!("bad {i}\r"),
                3 => "x".repeat(MAX_LINE + 10),
                _ => format!("hand {i}"),
            };
            text.push_str(&line);
            if i < 5000 {
                text.push('\n');
            }
            match i % 7 {
                0 | 1 => {}
                3 => {
                    failed += 1;
                    expected.push_str(&format!("{{\"error\":\"the line is longer than {MAX_LINE} bytes; a hand is far shorter\",\"line\":{i}}}\n"));
                }
                2 => {
                    failed += 1;
                    expected.push_str(&format!("{i}:bad {i}\n"));
                }
                _ => expected.push_str(&format!("{i}:{line}\n")),
            }
        }
        for threads in [1, 2, 3, 8] {
            let (out, summary) = run_text(&text, threads);
            assert!(out == expected, "{threads} threads: output differs");
            assert_eq!(summary.failed, failed, "{threads} threads");
            assert_eq!(summary.results, expected.lines().count(), "{threads} threads");
        }
    }

    #[test]
    fn empty_input_prints_nothing() {
        for threads in [1, 2] {
            assert_eq!(run_text("", threads), (String::new(), Summary::default()));
        }
    }

    /// A writer that fails after a few bytes: the run ends with the error instead of hanging.
    struct Broken(usize);
    impl Write for Broken {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.0 < buf.len() {
                return Err(std::io::Error::new(std::io::ErrorKind::BrokenPipe, "closed"));
            }
            self.0 -= buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failing_output_ends_the_run() {
        let text = "hand\n".repeat(20_000);
        for threads in [1, 2, 4] {
            let err = run_on(&text, threads, &mut Broken(100)).expect_err("fails");
            assert!(err.contains("closed"), "{err}");
        }
    }
}
