//! `--threads` takes 1 to 256 and only goes with `--batch`; anything else is refused by the
//! argument parser with a message, before any work starts. `--brief` prints the batch's lines
//! less their account.

use std::process::Command;

mod common;

fn mj(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .output()
        .expect("mj runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn thread_counts_out_of_range_are_refused() {
    for n in ["0", "257", "-1", "two"] {
        for cmd in ["score", "waits"] {
            let (code, err) = mj(&[cmd, "--batch", "-", "--threads", n]);
            assert_eq!(code, Some(2), "{cmd} --threads {n}: {err}");
            assert!(
                err.contains("--threads") || err.contains(n),
                "{cmd} --threads {n}: {err}"
            );
        }
    }
}

#[test]
fn threads_need_a_batch() {
    let (code, err) = mj(&["score", "123m456m789m123p55s", "--threads", "2"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--batch"), "{err}");
}

/// The progress line is for terminals only: with stderr captured, a long batch writes nothing
/// there but the closing count of failed lines.
#[test]
fn no_progress_line_when_stderr_is_not_a_terminal() {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(["score", "--batch", "-", "--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mj runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let feeder = std::thread::spawn(move || {
        for _ in 0..20_000 {
            let _ = stdin.write_all(b"123m456m789m123p55s\nnot a hand\n");
        }
    });
    let out = child.wait_with_output().expect("mj finishes");
    feeder.join().expect("stdin written");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err, "20000 line(s) could not be scored\n");
}

/// `--brief` prints, line for line and on any thread count, the batch's report less its account
/// (`why`, the hand, its reading, removed fans, warnings): the same fans, total, payments,
/// `line` and errors. A single hand prints its brief line as JSON without `--json`, and `--brief`
/// does not go with `--why`.
#[test]
fn brief_lines_are_the_report_lines_less_their_account() {
    let input = "[EEEE,1][WWWW,2]23466sCCC self fourth\nnot a hand\n\n[567m,3][789m,2][234m,3][234m,2]5m5m self seat=N round=W\n123m456m789m123p55s\n";
    let run = |args: &[&str]| {
        let (code, out) = common::mj_stdin(args, input.as_bytes());
        assert_eq!(code, 1, "{args:?}: one line is not a hand");
        String::from_utf8(out).expect("UTF-8")
    };
    let full = run(&["score", "--rules", "mcr", "--batch", "-", "--threads", "1"]);
    for threads in ["1", "2"] {
        let brief = run(&[
            "score",
            "--rules",
            "mcr",
            "--batch",
            "-",
            "--brief",
            "--threads",
            threads,
        ]);
        let (full, brief): (Vec<&str>, Vec<&str>) = (full.lines().collect(), brief.lines().collect());
        assert_eq!(full.len(), 4, "{full:?}");
        assert_eq!(brief.len(), full.len(), "{brief:?}");
        for (f, b) in full.iter().zip(&brief) {
            let f: serde_json::Value = serde_json::from_str(f).expect("report JSON");
            let b: serde_json::Value = serde_json::from_str(b).expect("brief JSON");
            assert_eq!(b, mj_testkit::brief::brief_of(&f), "threads {threads}");
        }
    }
    let one = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(["score", "--rules", "mcr", "--brief", "123m456m789m123p55s"])
        .output()
        .expect("mj runs");
    let v: serde_json::Value = serde_json::from_slice(&one.stdout).expect("one hand's brief line is JSON");
    assert!(v["total"].is_i64() && v["fans"].is_array(), "{v}");
    let (code, err) = mj(&["score", "--brief", "--why", "123m456m789m123p55s"]);
    assert_eq!(code, Some(2), "{err}");
}
