//! Finding (and on first use building) the C++ reference binaries, shared by the test suites that
//! compare against them. Included with `#[path]` from crates one level below the workspace root.

use std::path::PathBuf;
use std::process::{Command, Stdio};

pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The reference binary for `name` (mcr, mcr-mil, mcr-strict98), built by tools/reference/build.sh
/// into `$MJ_REF_DIR` (default target/reference) if missing. Fails rather than skips: a comparison
/// test must never pass without comparing.
pub fn reference_bin(name: &str) -> PathBuf {
    let dir = std::env::var("MJ_REF_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| workspace().join("target/reference"));
    let bin = dir.join("bin").join(name);
    if !bin.is_file() {
        let status = Command::new("bash")
            .arg(workspace().join("tools/reference/build.sh"))
            .env("MJ_REF_DIR", &dir)
            .stdout(Stdio::null())
            .status()
            .expect("cannot run bash for tools/reference/build.sh");
        assert!(
            status.success(),
            "building the reference calculator failed (see tools/reference/README.md)"
        );
    }
    assert!(
        bin.is_file(),
        "reference binary {} missing after build",
        bin.display()
    );
    bin
}
