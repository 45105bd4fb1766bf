//! The routes behind the ruleset studio: check, doc and simulate a ruleset (named or inline),
//! and a built-in ruleset's files to start editing from. Each calls the library the command
//! line calls (`mj check`'s loader and script probe, `mj doc`'s page, `mj simulate`'s runs and
//! comparison) and only shapes the answer.

use crate::api::{body, compute, Answer};
use crate::error::ApiError;
use crate::inline::{request_file, RulesetRef};
use crate::AppState;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use mj_dsl::cancel::{run_with, Cancel};
use mj_dsl::Diagnostic;
use mj_sim::experiment::{experiment, run};
use mj_sim::report::{compare, report_json};
use mj_sim::{Bot, Shard};
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Duration;

/// How long `/api/check` lets the script probe run: the studio checks on every pause in typing,
/// so the answer must come back at once; a ruleset whose scripts all hit their limits is still
/// reported well within it, since each script runs to its limit once.
pub const PROBE_BUDGET: Duration = Duration::from_millis(400);

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RulesetRequest {
    ruleset: RulesetRef,
}

/// One diagnostic as the studio shows it: where, what, and what to write instead.
fn diagnostic_json(d: &Diagnostic, severity: &str) -> Value {
    json!({
        "file": request_file(&d.file),
        "line": d.line,
        "column": d.column,
        "message": d.message,
        "help": d.help,
        "severity": severity,
    })
}

/// `POST /api/check`: whether the ruleset loads, every diagnostic of the loader, then (if it
/// loads) every script run on `mj check`'s probe corpus within [`PROBE_BUDGET`].
pub async fn check(State(state): State<AppState>, raw: Result<Bytes, BytesRejection>) -> Answer<Value> {
    let req: RulesetRequest = body(raw)?;
    let pending = req.ruleset.pending(&state)?;
    compute(&state, move || {
        let rs = match pending.load() {
            Ok(rs) => rs,
            Err(d) => {
                let diagnostics: Vec<Value> = d.0.iter().map(|d| diagnostic_json(d, "error")).collect();
                return Ok(json!({ "ok": false, "diagnostics": diagnostics }));
            }
        };
        // The probe's own budget, inside the request's: a runaway script is reported at once.
        let budget = Cancel::within(PROBE_BUDGET);
        let problems = run_with(&budget, || mj_dsl::probe::probe_scripts(&rs));
        let mut diagnostics: Vec<Value> = problems
            .iter()
            .map(|p| {
                let mut d = Diagnostic::general(&p.file, p.message.clone())
                    .with_help(format!("it failed on the probe hand {}", p.hand));
                d.line = p.line;
                d.column = usize::from(p.line > 0);
                diagnostic_json(&d, "error")
            })
            .collect();
        let ok = diagnostics.is_empty();
        if budget.is_cancelled() {
            let d = Diagnostic::general(
                "ruleset.toml",
                format!(
                    "the script probe stopped after {} ms; scripts not reported above were not all tried",
                    PROBE_BUDGET.as_millis()
                ),
            )
            .with_help("run `mj check` on the folder for the whole probe");
            diagnostics.push(diagnostic_json(&d, "warning"));
        }
        Ok(json!({
            "ok": ok,
            "diagnostics": diagnostics,
            "ruleset": {
                "name": rs.name,
                "version": rs.version,
                "description": rs.description,
                "extends": rs.extends,
                "fans": rs.fans.len(),
                "scripts": rs.scripts.file_count(),
            },
        }))
    })
    .await
    .map(Json)
}

/// `POST /api/doc`: `mj doc`'s Markdown page and the fan table as data.
pub async fn doc(State(state): State<AppState>, raw: Result<Bytes, BytesRejection>) -> Answer<Value> {
    let req: RulesetRequest = body(raw)?;
    let pending = req.ruleset.pending(&state)?;
    compute(&state, move || {
        let rs = pending.ruleset()?;
        Ok(json!({
            "name": rs.name,
            "markdown": mj_dsl::doc::markdown(&rs),
            "fans": mj_dsl::report::fan_table(&rs),
        }))
    })
    .await
    .map(Json)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimulateRequest {
    ruleset: RulesetRef,
    /// A second ruleset played on the same hand seeds, as `mj simulate --compare`.
    #[serde(default)]
    compare: Option<RulesetRef>,
    hands: u64,
    #[serde(default = "default_seed")]
    seed: u64,
    #[serde(default = "default_bot")]
    bot: String,
}

fn default_seed() -> u64 {
    1
}

fn default_bot() -> String {
    "greedy".into()
}

/// `POST /api/simulate`: `mj simulate --json`'s report of the ruleset (and of `compare`, with
/// `mj simulate --compare`'s rows: B − A, the test and whether p < 0.05). The hands are capped
/// and the run shares the request's time limit, which stops its worker threads.
pub async fn simulate(State(state): State<AppState>, raw: Result<Bytes, BytesRejection>) -> Answer<Value> {
    let req: SimulateRequest = body(raw)?;
    let max = state.limits.max_sim_hands;
    if req.hands == 0 || req.hands > max {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("{} hands; one request simulates 1 to {max}", req.hands),
        ));
    }
    let bot: Bot = req.bot.parse().map_err(ApiError::bad_request)?;
    let a = req.ruleset.pending(&state)?;
    let b = req.compare.as_ref().map(|r| r.pending(&state)).transpose()?;
    let threads = state.limits.sim_threads.max(1);
    let (hands, seed) = (req.hands, req.seed);
    compute(&state, move || {
        let one = |t: &mj_dsl::table::Table| {
            let e = experiment(t, bot, seed, hands);
            let p = run(t, &e, Shard::WHOLE, threads, &|_| {}).map_err(ApiError::unprocessable)?;
            Ok::<_, ApiError>((report_json(&e, &p), p))
        };
        let (ra, pa) = one(&*a.table()?)?;
        let Some(b) = b else {
            return Ok(json!({ "a": ra }));
        };
        let (rb, pb) = one(&*b.table()?)?;
        Ok(json!({ "a": ra, "b": rb, "rows": compare(&pa, &pb) }))
    })
    .await
    .map(Json)
}

/// `GET /api/rulesets/{name}/files`: a built-in ruleset's files, to start editing from.
pub async fn files(Path(name): Path<String>) -> Answer<Value> {
    let files = mj_dsl::load::builtin_files(&name).ok_or_else(|| {
        ApiError::not_found(format!(
            "no built-in ruleset `{name}`; built-in rulesets: {}",
            mj_dsl::builtin_names().join(", ")
        ))
    })?;
    let map: serde_json::Map<String, Value> = files
        .iter()
        .map(|(f, text)| (f.to_string(), Value::String(text.to_string())))
        .collect();
    Ok(Json(json!({ "name": name, "files": map })))
}
