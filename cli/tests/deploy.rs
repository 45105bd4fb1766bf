//! The deploy examples work: the Slurm array script and the Kubernetes Indexed Job's container
//! script, run here with the variables their schedulers set, write shards that `mj merge` turns
//! into exactly the single-run report.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn mj_dir() -> PathBuf {
    Path::new(env!("CARGO_BIN_EXE_mj"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

/// PATH with the `mj` under test first.
fn path_env() -> String {
    format!(
        "{}:{}",
        mj_dir().display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("mj-deploy-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch dir");
    d
}

fn single_run_json(hands: &str, seed: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_mj"))
        .args([
            "simulate", "--rules", "mcr", "--hands", hands, "--seed", seed, "--json",
        ])
        .output()
        .expect("run mj");
    assert!(out.status.success());
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn run_ok(cmd: &mut Command) {
    let out = cmd.output().expect("run script");
    assert!(
        out.status.success(),
        "{cmd:?} failed:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn slurm_array_script_and_merge_step() {
    let dir = scratch("slurm");
    let out_dir = dir.join("out");
    let shards = 3;
    for i in 0..shards {
        run_ok(
            Command::new("bash")
                .arg(repo().join("deploy/slurm/simulate.sbatch"))
                .current_dir(&dir)
                .env("PATH", path_env())
                .env("SLURM_ARRAY_TASK_ID", i.to_string())
                .env("SLURM_ARRAY_TASK_MIN", "0")
                .env("SLURM_ARRAY_TASK_MAX", (shards - 1).to_string())
                .env("SLURM_CPUS_PER_TASK", "1")
                .env("RULES", "mcr")
                .env("HANDS", "12")
                .env("SEED", "4")
                .env("OUT_DIR", &out_dir),
        );
    }
    run_ok(
        Command::new("bash")
            .arg(repo().join("deploy/slurm/merge.sbatch"))
            .current_dir(&dir)
            .env("PATH", path_env())
            .env("OUT_DIR", &out_dir),
    );
    let merged = std::fs::read_to_string(out_dir.join("report.json")).expect("report.json");
    assert_eq!(merged, single_run_json("12", "4"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `args: - |` block of the manifest's only container, unindented.
fn container_script(manifest: &str) -> String {
    let lines: Vec<&str> = manifest.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim() == "- |")
        .expect("an args block");
    let indent = |l: &str| l.len() - l.trim_start().len();
    let body_indent = indent(lines[start + 1]);
    lines[start + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || indent(l) >= body_indent)
        .map(|l| l.get(body_indent..).unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn manifest(name: &str) -> String {
    std::fs::read_to_string(repo().join("deploy/k8s").join(name)).expect("manifest")
}

#[test]
fn kubernetes_indexed_job_scripts_and_merge_step() {
    let job = manifest("simulate-job.yaml");
    assert!(job.contains("completionMode: Indexed"));
    let completions = job
        .lines()
        .find_map(|l| l.trim().strip_prefix("completions: "))
        .expect("completions");
    assert!(
        job.contains(&format!("- name: SHARDS\n              value: \"{completions}\"")),
        "SHARDS must equal completions ({completions})"
    );
    let dir = scratch("k8s");
    let results = dir.join("results");
    std::fs::create_dir_all(&results).expect("results dir");
    // The pods mount the volume at /results; here it is a scratch folder.
    let fix = |s: String| s.replace("/results", &results.to_string_lossy());
    let script = fix(container_script(&job));
    for i in 0..3 {
        run_ok(
            Command::new("/bin/sh")
                .args(["-c", &script])
                .env("PATH", path_env())
                .env("JOB_COMPLETION_INDEX", i.to_string())
                .env("RULES", "mcr")
                .env("HANDS", "12")
                .env("SEED", "9")
                .env("SHARDS", "3")
                .env("THREADS", "2"),
        );
    }
    let merge = fix(container_script(&manifest("merge-job.yaml")));
    run_ok(
        Command::new("/bin/sh")
            .args(["-c", &merge])
            .env("PATH", path_env())
            .env("RULES", "mcr")
            .env("HANDS", "12")
            .env("SEED", "9"),
    );
    let merged = std::fs::read_to_string(results.join("mcr-seed9-12/report.json")).expect("report");
    assert_eq!(merged, single_run_json("12", "9"));
    let _ = std::fs::remove_dir_all(&dir);
}
