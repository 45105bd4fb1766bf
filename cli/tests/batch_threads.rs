//! `--threads` takes 1 to 256 and only goes with `--batch`; anything else is refused by the
//! argument parser with a message, before any work starts.

use std::process::Command;

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
