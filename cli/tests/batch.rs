//! `mj score --batch` at scale: a large file mixing good hands with garbage (random bytes,
//! invalid UTF-8, printable junk, empty, comment and very long lines, CRLF endings, no final
//! newline). The run must go on to the end, print exactly one JSON line per scored line (errors
//! carrying their line number), exit 1 only after the last line, and score the good lines exactly
//! as scoring them alone does.
//!
//! The default size keeps the debug test quick; the full million is `#[ignore]`d:
//!
//! ```sh
//! cargo test --release -p mj-cli --test batch -- --ignored --nocapture
//! ```

use std::io::Write;
use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use mj_core::notation::print_hand;
use mj_core::rng::Rng;
use mj_testkit::sample::{winning_hand, SampleOptions};
use serde_json::Value;

/// What a line of the generated file should produce.
#[derive(Clone, Debug, PartialEq)]
enum Expect {
    /// Skipped: empty or a comment; no output.
    Nothing,
    /// A good hand: the same result as scoring it alone (index into the pool).
    Hand(usize),
    /// Certainly not a hand: an error object naming this line.
    Error,
    /// Either a result or an error (e.g. a cut-off hand), but exactly one line.
    Either,
}

struct Input {
    path: PathBuf,
    /// The expectation of each 1-based line, at index line - 1.
    lines: Vec<Expect>,
    pool: Vec<String>,
}

impl Drop for Input {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

fn generate(name: &str, count: usize, seed: u64) -> Input {
    let rs = mj_dsl::load("mcr").unwrap();
    let mut rng = Rng::new(seed);
    let opts = SampleOptions::default();
    // A pool of distinct generated hands, repeated through the file.
    let pool: Vec<String> = (0..500)
        .map(|_| print_hand(&rs.tiles, &winning_hand(&rs.tiles, &mut rng, &opts)))
        .collect();
    let path = std::env::temp_dir().join(format!("mj-batch-{}-{name}.txt", std::process::id()));
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let mut lines = Vec::with_capacity(count);
    for i in 0..count {
        let last = i + 1 == count;
        let (bytes, expect): (Vec<u8>, Expect) = match rng.below(20) {
            0..=9 => {
                let k = rng.index(pool.len());
                (pool[k].clone().into_bytes(), Expect::Hand(k))
            }
            10 => (Vec::new(), Expect::Nothing),
            11 => (b"# a comment".to_vec(), Expect::Nothing),
            12 => {
                // Random bytes (never a newline), starting with a byte that is not UTF-8.
                let n = rng.below(200) as usize;
                let mut v = vec![0xFF];
                v.extend((0..n).map(|_| rng.below(256) as u8).filter(|&b| b != b'\n'));
                (v, Expect::Error)
            }
            13 => {
                // Printable junk that starts with neither `#` nor a tile.
                let n = 1 + rng.below(80) as usize;
                let mut v = vec![b'!'];
                v.extend((0..n).map(|_| b' ' + rng.below(95) as u8));
                (v, Expect::Error)
            }
            14 => {
                // A good hand cut short or with a byte changed: may or may not parse.
                let k = rng.index(pool.len());
                let mut v = pool[k].clone().into_bytes();
                let at = rng.index(v.len());
                if rng.chance(1, 2) {
                    v.truncate(at);
                } else {
                    v[at] = b' ' + rng.below(95) as u8;
                }
                let e = if v.iter().all(|b| b.is_ascii_whitespace()) || v.first() == Some(&b'#') {
                    Expect::Nothing
                } else {
                    Expect::Either
                };
                (v, e)
            }
            15 => {
                // A good hand with a Windows line ending.
                let k = rng.index(pool.len());
                let mut v = pool[k].clone().into_bytes();
                v.push(b'\r');
                (v, Expect::Hand(k))
            }
            16 if rng.chance(1, 200) => {
                // Very long: up to 256 KiB of tiles, of a word that never ends, or of a
                // good hand followed by a long word.
                let n = 1 + rng.below(256 << 10) as usize;
                let v: Vec<u8> = match rng.below(3) {
                    0 => b"1m".iter().copied().cycle().take(n).collect(),
                    1 => b"self".iter().copied().cycle().take(n).collect(),
                    _ => {
                        let mut v = pool[rng.index(pool.len())].clone().into_bytes();
                        v.push(b' ');
                        v.extend(std::iter::repeat_n(b'x', n));
                        v
                    }
                };
                (v, Expect::Error)
            }
            16 => (b"   \t ".to_vec(), Expect::Nothing),
            17 => {
                // Invalid UTF-8 inside an otherwise good hand.
                let k = rng.index(pool.len());
                let mut v = pool[k].clone().into_bytes();
                v.insert(rng.index(v.len()), 0xC3);
                (v, Expect::Error)
            }
            _ => {
                // Tiles that are not a win.
                (b"123m456m789m123p5s".to_vec(), Expect::Error)
            }
        };
        out.write_all(&bytes).unwrap();
        if !last {
            out.write_all(b"\n").unwrap();
        }
        lines.push(expect);
    }
    out.flush().unwrap();
    Input { path, lines, pool }
}

fn run_batch(count: usize) {
    let input = generate(&format!("{count}"), count, count as u64);
    let rs = mj_dsl::load("mcr").unwrap();
    let alone: Vec<Value> = input
        .pool
        .iter()
        .map(|h| serde_json::to_value(mj_dsl::score_text(&rs, h).expect("pool hand scores")).unwrap())
        .collect();

    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(["score", "--rules", "mcr", "--batch"])
        .arg(&input.path)
        .output()
        .expect("run mj");
    let took = start.elapsed();
    eprintln!(
        "{count} lines in {took:?} ({:.0} lines/s)",
        count as f64 / took.as_secs_f64()
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "stderr: {stderr}");
    assert!(stderr.contains("could not be scored"), "stderr: {stderr}");

    let stdout = String::from_utf8(out.stdout).expect("the output is UTF-8");
    let expected: Vec<(usize, &Expect)> = input
        .lines
        .iter()
        .enumerate()
        .filter(|(_, e)| **e != Expect::Nothing)
        .map(|(i, e)| (i + 1, e))
        .collect();
    let got: Vec<&str> = stdout.lines().collect();
    assert_eq!(got.len(), expected.len(), "one output line per scored input line");
    let (mut hands, mut errors) = (0, 0);
    for (text, (line, expect)) in got.iter().zip(&expected) {
        let mut v: Value = serde_json::from_str(text).unwrap_or_else(|e| panic!("line {line}: {e}: {text}"));
        assert!(text.len() < 16384, "line {line}: {} bytes of output", text.len());
        // Every result names its input line, success or error (issue 25).
        assert_eq!(v["line"], *line as u64, "the result names its line: {text}");
        let error = v.get("error").is_some();
        if !error {
            v.as_object_mut().map(|o| o.remove("line"));
        }
        if error {
            errors += 1;
            assert!(
                v["error"].as_str().is_some_and(|s| !s.is_empty()),
                "line {line}: {text}"
            );
        }
        match expect {
            Expect::Hand(k) => {
                hands += 1;
                assert_eq!(v, alone[*k], "line {line}: differs from scoring it alone");
            }
            Expect::Error => assert!(error, "line {line} should be an error: {text}"),
            Expect::Either | Expect::Nothing => {}
        }
    }
    eprintln!("{hands} good hands, {errors} errors, {} output lines", got.len());
    assert!(hands > count / 3 && errors > count / 10);
}

/// A size the debug build handles in seconds.
#[test]
fn batch_keeps_going_through_garbage() {
    run_batch(100_000);
}

/// The full million lines (about 55 MB); run with `--ignored`, preferably with `--release`.
#[test]
#[ignore]
fn batch_of_a_million_lines() {
    run_batch(1_000_000);
}

/// Lines up to the cap are parsed; one byte more is refused unparsed. Input from stdin, no
/// final newline.
#[test]
fn the_line_cap_is_exact() {
    let at_cap = format!("123m456m789m123p55s {}", "x".repeat(4096 - 20));
    let over = format!("{at_cap}x");
    assert_eq!(at_cap.len(), 4096);
    let input = format!("{at_cap}\n\n{over}\n123m456m789m123p55s");
    let mut child = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(["score", "--rules", "mcr", "--batch", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("run mj");
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(lines[0]["line"], 1);
    assert!(
        !lines[0]["error"].as_str().unwrap().contains("longer than"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1]["line"], 3);
    assert!(
        lines[1]["error"]
            .as_str()
            .unwrap()
            .contains("longer than 4096 bytes"),
        "{}",
        lines[1]
    );
    assert!(lines[2]["total"].as_i64().is_some(), "{}", lines[2]);
}
