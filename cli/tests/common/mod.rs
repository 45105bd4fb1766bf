//! What the end-to-end tests of the binary share: running `mj` and reading what it said.
// Each test file uses what it needs of these.
#![allow(dead_code)]

use std::process::Command;

/// Runs `mj ARGS` with `env` set (and `NO_COLOR` / `CLICOLOR_FORCE` from the caller's
/// environment cleared, so colour is only what the test asks for); returns the exit code, stdout
/// and stderr.
pub fn mj_env(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_mj"));
    c.args(args).env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
    for (k, v) in env {
        c.env(k, v);
    }
    let out = c.output().expect("run mj");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// Runs `mj ARGS` with `input` on stdin (written from another thread, so a large input cannot
/// block on a full pipe); returns the exit code and stdout, stderr left out.
pub fn mj_stdin(args: &[&str], input: &[u8]) -> (i32, Vec<u8>) {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("mj runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("mj finishes");
    feeder.join().expect("stdin written");
    (out.status.code().unwrap_or(-1), out.stdout)
}

/// [`mj_env`] with no extra environment.
pub fn mj(args: &[&str]) -> (i32, String, String) {
    mj_env(args, &[])
}
