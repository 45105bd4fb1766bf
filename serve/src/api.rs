//! The JSON routes. Each one reads its body with [`body`] (so a bad body always gets the same
//! kind of answer), looks up rulesets in the registry, and runs the library call on a blocking
//! thread through [`compute`] (bounded in time and in number). Answers are the library's own
//! serialisable reports, the very JSON the command line prints.

use crate::error::ApiError;
use crate::inline::RulesetRef;
use crate::{replay as view, AppState};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State};
use axum::http::{header, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Json;
use mj_dsl::diff::{compare, Case, DiffReport};
use mj_dsl::report::fan_table;
use mj_dsl::{score_text, waits_text, HandReport, WaitsReport};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

pub(crate) type Answer<T> = Result<Json<T>, ApiError>;

/// Decodes a JSON body. An oversized body is 413, anything that is not the route's JSON is 400,
/// with serde's message (which names the line, column and field).
pub(crate) fn body<T: DeserializeOwned>(raw: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = raw.map_err(|e| {
        let status = e.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(status, "the request body is larger than this server accepts")
        } else {
            ApiError::new(status, e.body_text())
        }
    })?;
    serde_json::from_slice(&bytes).map_err(|e| ApiError::bad_request(format!("malformed JSON request: {e}")))
}

/// Runs `job` on a blocking thread: at most `max_in_flight` at once, and abandoned with 503 when
/// the wait plus the work exceed the timeout. Abandoned work is cancelled: the library's loops
/// over hands check the flag ([`mj_dsl::cancel`]) and stop, and only then is the place given
/// back, so work that cannot stop at once still counts against the bound.
pub(crate) async fn compute<T: Send + 'static>(
    state: &AppState,
    job: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let limit = state.limits.timeout;
    let too_long = || {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request did not finish within {} s and was abandoned",
                limit.as_secs_f64()
            ),
        )
    };
    let permits = Arc::clone(&state.permits);
    let token = mj_dsl::cancel::Cancel::new();
    let job_token = token.clone();
    let run = async move {
        let permit = permits
            .acquire_owned()
            .await
            .map_err(|_| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down"))?;
        let handle = tokio::task::spawn_blocking(move || {
            let out = mj_dsl::cancel::run_with(&job_token, job);
            drop(permit);
            out
        });
        match handle.await {
            Ok(out) => out,
            Err(_) => Err(ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "the computation failed unexpectedly; please report the request",
            )),
        }
    };
    tokio::time::timeout(limit, run).await.unwrap_or_else(|_| {
        // The library's loops see this and stop, giving the place back at once.
        token.cancel();
        Err(too_long())
    })
}

/// The entry for `name`, or 404 listing the names there are.
pub(crate) fn entry<'a>(state: &'a AppState, name: &str) -> Result<&'a crate::Entry, ApiError> {
    state.registry.get(name).ok_or_else(|| {
        let names: Vec<&str> = state.registry.names().collect();
        ApiError::not_found(format!(
            "no ruleset `{name}` on this server; rulesets: {}",
            names.join(", ")
        ))
    })
}

pub async fn not_found(uri: Uri) -> ApiError {
    ApiError::not_found(format!("no such page or route: {}", uri.path()))
}

pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not answer {method}", uri.path()),
    )
}

/// `GET /api/rulesets`: one line per ruleset.
pub async fn rulesets(State(state): State<AppState>) -> Json<Value> {
    let list: Vec<Value> = state
        .registry
        .entries()
        .map(|e| {
            let rs = &e.ruleset;
            json!({
                "name": rs.name,
                "version": rs.version,
                "description": rs.description,
                "builtin": e.builtin,
                "players": rs.play.players,
                "tiles": rs.tiles.total_tiles(),
                "fans": rs.fans.len(),
                "replay": e.table.is_ok(),
            })
        })
        .collect();
    Json(json!({ "rulesets": list }))
}

/// `GET /api/rulesets/{name}`: what a page needs to build hands and show the rules: the tile
/// set, the ruleset's own context words, the fan table, and the play and settlement rules as
/// the ruleset writes them.
pub async fn ruleset(State(state): State<AppState>, Path(name): Path<String>) -> Answer<Value> {
    let e = entry(&state, &name)?;
    let rs = &e.ruleset;
    let words: Vec<Value> = rs
        .context_words
        .iter()
        .map(|w| json!({ "word": w.word, "takes_value": w.takes_value, "help": w.help }))
        .collect();
    let product = rs.scoring.combine == mj_dsl::ruleset::Combine::Product;
    Ok(Json(json!({
        "name": rs.name,
        "version": rs.version,
        "description": rs.description,
        "language": rs.language,
        "extends": rs.extends,
        "builtin": e.builtin,
        "combine": if product { "product" } else { "sum" },
        "min_points": rs.min_points,
        "bonus_counts_toward_min": rs.bonus_counts_toward_min,
        "players": rs.play.players,
        "hand_size": rs.deal.hand_size,
        "forms": rs.win.forms,
        "tiles": {
            "total": rs.tiles.total_tiles(),
            "suits": rs.tiles_spec.suits,
            "honours": rs.tiles_spec.honours,
            "honour_copies": rs.tiles_spec.honour_copies,
            "bonus": rs.tiles_spec.bonus,
        },
        "context": words,
        "fans": fan_table(rs),
        "play": rs.play,
        "settlement": rs.settlement_source,
        "replay": e.table.as_ref().err().map_or(Value::Bool(true), |why| json!({ "unsupported": why })),
    })))
}

/// A hand given as data instead of notation; turned into a line of notation so that it is read,
/// checked and scored exactly as a typed line is.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tiles {
    #[serde(default)]
    melds: Vec<MeldIn>,
    /// Concealed tiles before the winning one, each in notation (`"5m"`, `"E"`, `"0p"`).
    concealed: Vec<String>,
    /// The winning tile.
    winning: String,
    #[serde(default)]
    context: ContextIn,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeldIn {
    /// The meld's tiles in notation, e.g. `"123m"`, `"7777p"`.
    tiles: String,
    /// The notation's number after the comma: chow's claimed tile, pung or kong source.
    #[serde(default)]
    from: Option<u8>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct ContextIn {
    #[serde(default, rename = "self")]
    self_drawn: bool,
    #[serde(default)]
    last: bool,
    #[serde(default)]
    kong: bool,
    #[serde(default)]
    fourth: bool,
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    round: Option<String>,
    #[serde(default)]
    flowers: Option<u32>,
    /// The ruleset's own words, as written in notation (`"from=2"`, `"ting"`).
    #[serde(default)]
    words: Vec<String>,
}

/// A piece of a structured hand must be one notation token: no spaces, brackets or commas that
/// could smuggle in other melds or words.
fn token(field: &str, s: &str) -> Result<String, ApiError> {
    let t = s.trim();
    if t.is_empty() || t.chars().any(|c| c.is_whitespace() || "[],".contains(c)) {
        return Err(ApiError::unprocessable(format!(
            "{field} `{s}` must be tiles in notation, without spaces, brackets or commas"
        )));
    }
    Ok(t.to_string())
}

impl Tiles {
    /// The same hand as a line of notation.
    fn to_line(&self) -> Result<String, ApiError> {
        let mut line = String::new();
        for m in &self.melds {
            line.push('[');
            line.push_str(&token("meld", &m.tiles)?);
            if let Some(k) = m.from {
                line.push_str(&format!(",{k}"));
            }
            line.push(']');
        }
        for t in &self.concealed {
            line.push_str(&token("concealed tile", t)?);
        }
        line.push_str(&token("winning tile", &self.winning)?);
        let c = &self.context;
        for (on, word) in [
            (c.self_drawn, "self"),
            (c.last, "last"),
            (c.kong, "kong"),
            (c.fourth, "fourth"),
        ] {
            if on {
                line.push(' ');
                line.push_str(word);
            }
        }
        for (key, value) in [("seat", &c.seat), ("round", &c.round)] {
            if let Some(v) = value {
                line.push_str(&format!(" {key}={}", token(key, v)?));
            }
        }
        if let Some(n) = c.flowers.filter(|&n| n > 0) {
            line.push_str(&format!(" flowers={n}"));
        }
        for w in &c.words {
            line.push(' ');
            line.push_str(&token("context word", w)?);
        }
        Ok(line)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreRequest {
    /// A name, or an inline ruleset (`{"files": {...}}`).
    ruleset: RulesetRef,
    /// A line of notation, winning tile last, context words after.
    #[serde(default)]
    hand: Option<String>,
    /// Or the hand as data.
    #[serde(default)]
    tiles: Option<Tiles>,
    /// Answer `mj score --brief`'s line (what the hand scores and pays, without the account).
    #[serde(default)]
    brief: bool,
}

/// `POST /api/score`: the `mj score --json` report of one hand, written (on the blocking
/// thread) by the batch's own writer, [`mj_dsl::write_report_line`], without its line ending;
/// with `"brief":true`, `mj score --brief`'s line ([`mj_dsl::write_outcome_line`]).
pub async fn score(
    State(state): State<AppState>,
    raw: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let req: ScoreRequest = body(raw)?;
    let line =
        match (req.hand, req.tiles) {
            (Some(h), None) => h,
            (None, Some(t)) => t.to_line()?,
            _ => return Err(ApiError::bad_request(
                "give the hand either as `hand` (notation) or as `tiles` (structured), not both or neither",
            )),
        };
    let rs = req.ruleset.pending(&state)?;
    let brief = req.brief;
    let report = compute(&state, move || {
        let rs = rs.ruleset()?;
        let mut out = Vec::with_capacity(1024);
        if brief {
            let (hand, o) = mj_dsl::outcome::settle_text(&rs, &line).map_err(ApiError::unprocessable)?;
            mj_dsl::write_outcome_line(&mut out, &rs, &hand, &o, None);
        } else {
            let r: HandReport = score_text(&rs, &line).map_err(ApiError::unprocessable)?;
            mj_dsl::write_report_line(&mut out, &r, None);
        }
        out.pop();
        Ok(out)
    })
    .await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], report).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WaitsRequest {
    ruleset: RulesetRef,
    /// A hand one tile short, without a winning tile.
    hand: String,
}

/// `POST /api/waits`: the `mj waits --json` report.
pub async fn waits(State(state): State<AppState>, raw: Result<Bytes, BytesRejection>) -> Answer<WaitsReport> {
    let req: WaitsRequest = body(raw)?;
    let rs = req.ruleset.pending(&state)?;
    compute(&state, move || {
        waits_text(&*rs.ruleset()?, &req.hand).map_err(ApiError::unprocessable)
    })
    .await
    .map(Json)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiffRequest {
    /// The ruleset before the change: a name or an inline ruleset.
    a: RulesetRef,
    /// The ruleset after it.
    b: RulesetRef,
    /// Hands, one line of notation each.
    #[serde(default)]
    hands: Vec<String>,
    /// Or a corpus in the `mj diff --corpus` format (`#` lines comment the hand below). With
    /// neither, the snapshot corpus of `a` (or of the nearest ruleset it extends).
    #[serde(default)]
    corpus: Option<String>,
    /// The snapshot corpus of `a` as well as the hands given (the studio's "the parent's
    /// corpus and the hands I pasted").
    #[serde(default)]
    snapshots: bool,
}

/// `POST /api/diff`: the `mj diff --json` report over the given hands.
pub async fn diff(State(state): State<AppState>, raw: Result<Bytes, BytesRejection>) -> Answer<DiffReport> {
    let req: DiffRequest = body(raw)?;
    let (a, b) = (req.a.pending(&state)?, req.b.pending(&state)?);
    let max = state.limits.max_diff_hands;
    compute(&state, move || {
        let (a, b) = (a.ruleset()?, b.ruleset()?);
        let cases = diff_cases(&req, &a)?;
        if cases.len() > max {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("{} hands; one request compares at most {max}", cases.len()),
            ));
        }
        Ok(compare(&a, &b, &cases))
    })
    .await
    .map(Json)
}

/// The hands a diff request compares: its `hands`, its `corpus`, and the snapshot corpus of `a`
/// when it asks for it or gives nothing else (as `mj diff A B`).
fn diff_cases(req: &DiffRequest, a: &mj_dsl::Ruleset) -> Result<Vec<Case>, ApiError> {
    let mut cases: Vec<Case> = req
        .hands
        .iter()
        .enumerate()
        .filter(|(_, h)| !h.trim().is_empty())
        .map(|(i, h)| Case {
            comment: String::new(),
            hand: h.trim().to_string(),
            origin: format!("hands[{i}]"),
        })
        .collect();
    if let Some(text) = &req.corpus {
        cases.extend(mj_dsl::diff::read_corpus(text, "corpus"));
    }
    if req.snapshots || (req.hands.is_empty() && req.corpus.is_none()) {
        let corpus = mj_dsl::diff::default_cases(a).map_err(|e| {
            ApiError::bad_request(format!("{e}; give the hands to compare as `hands` or `corpus`"))
        })?;
        cases.extend(corpus);
    }
    if cases.is_empty() {
        return Err(ApiError::bad_request(
            "give the hands to compare as `hands` or `corpus`",
        ));
    }
    Ok(cases)
}

/// `POST /api/replay`: a game record (`mj-record` v1, the JSON of `mj play --json`) replayed
/// through the engine, as the states to step through.
pub async fn replay(State(state): State<AppState>, raw: Result<Bytes, BytesRejection>) -> Answer<Value> {
    // Checked as JSON first so a malformed body gets the same 400 as every other route; the
    // record's own reader then gives its messages (format, version, fields).
    let v: Value = body(raw)?;
    let record = mj_core::game::Record::from_json(&v.to_string()).map_err(ApiError::unprocessable)?;
    let e = entry(&state, &record.ruleset)?;
    let table = e.table.clone().map_err(|why| {
        ApiError::unprocessable(format!(
            "ruleset `{}` cannot be played by the engine: {why}",
            record.ruleset
        ))
    })?;
    compute(&state, move || {
        view::replay(&table, &record).map_err(ApiError::unprocessable)
    })
    .await
    .map(Json)
}
