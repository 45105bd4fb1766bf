//! `mj serve`: a small HTTP server with the web page and a JSON API over the same library calls
//! the command line makes (scoring, waits, diff, replay). This is the only crate that knows HTTP;
//! every answer it sends is built by `mj_dsl` or `mj_core` and only wrapped here.
//!
//! The server is meant for one person's machine: it binds to loopback by default, keeps no state
//! between requests, and bounds every request (body size, run time, work in flight) so that a bad
//! or hostile request gets a 4xx answer instead of taking the process down.

mod api;
mod assets;
mod error;
mod idle;
mod inline;
mod registry;
mod replay;
mod studio;

pub use error::ApiError;
pub use inline::{MAX_BYTES as MAX_INLINE_BYTES, MAX_FILES as MAX_INLINE_FILES};
pub use registry::{Entry, Registry};
pub use studio::PROBE_BUDGET;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Limits applied to every request. The defaults suit one person's browser and a load test on
/// loopback; tests shrink them to reach each limit quickly.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Largest request body accepted, in bytes. A game record is a few tens of kilobytes; a hand
    /// is under a hundred bytes.
    pub max_body: usize,
    /// Longest a request may compute before it is abandoned with 503.
    pub timeout: Duration,
    /// Computations running at once (scoring runs on blocking threads, off the async runtime);
    /// further requests wait for a place within their timeout.
    pub max_in_flight: usize,
    /// Most hands in one `/api/diff` request.
    pub max_diff_hands: usize,
    /// A connection with no traffic for this long is closed: a half-sent request, a client that
    /// never sends one, an idle keep-alive. Longer than `timeout`, so that a response being
    /// computed is always written first.
    pub idle: Duration,
    /// Longest a request may take to arrive, from the connection's start or its last answer,
    /// however steadily its bytes come (a client trickling a byte now and then is closed too).
    /// At least `idle` plus `timeout`, so that a request sent at once is never cut.
    pub head: Duration,
    /// Most hands in one `/api/simulate` run (per ruleset).
    pub max_sim_hands: u64,
    /// Worker threads of one `/api/simulate` run: a balance run must not take every core from
    /// the other requests.
    pub sim_threads: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_body: 1 << 20,
            timeout: Duration::from_secs(10),
            max_in_flight: 64,
            max_diff_hands: 5000,
            idle: Duration::from_secs(15),
            head: Duration::from_secs(60),
            max_sim_hands: 5000,
            sim_threads: 2,
        }
    }
}

/// What every handler shares: the loaded rulesets and the limits.
#[derive(Clone)]
pub struct AppState {
    pub registry: Arc<Registry>,
    pub limits: Limits,
    permits: Arc<Semaphore>,
}

impl AppState {
    pub fn new(registry: Registry, limits: Limits) -> AppState {
        AppState {
            registry: Arc::new(registry),
            permits: Arc::new(Semaphore::new(limits.max_in_flight.max(1))),
            limits,
        }
    }
}

/// The whole application: the page, its assets and the JSON API.
pub fn router(state: AppState) -> Router {
    let max_body = state.limits.max_body;
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/studio", get(assets::studio))
        .route("/studio.js", get(assets::studio_script))
        .route("/studio.css", get(assets::studio_style))
        .route("/api/openapi.json", get(assets::openapi))
        .route("/api/rulesets", get(api::rulesets))
        .route("/api/rulesets/{name}", get(api::ruleset))
        .route("/api/score", post(api::score))
        .route("/api/waits", post(api::waits))
        .route("/api/replay", post(api::replay))
        .route("/api/diff", post(api::diff))
        .route("/api/check", post(studio::check))
        .route("/api/doc", post(studio::doc))
        .route("/api/simulate", post(studio::simulate))
        .route("/api/rulesets/{name}/files", get(studio::files))
        .fallback(api::not_found)
        .method_not_allowed_fallback(api::method_not_allowed)
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(state)
}

/// Serves `router(state)` on an already bound listener until `shutdown` resolves. Tests bind
/// port 0 and call this; [`run`] is the command-line entry.
pub async fn serve_on(
    listener: TcpListener,
    state: AppState,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let idle = state
        .limits
        .idle
        .max(state.limits.timeout + Duration::from_secs(1));
    let head = state.limits.head.max(idle + state.limits.timeout);
    let listener = idle::IdleListener {
        inner: listener,
        idle,
        head,
    };
    axum::serve(listener, router(state))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Loads the rulesets (the built-in ones plus every subfolder of `rules_dir`), binds `addr` and
/// serves until Ctrl-C. Prints `listening on http://ADDR` once bound, with the real port when
/// `addr` asks for port 0, so scripts can find the server.
pub fn run(addr: &str, rules_dir: Option<&Path>) -> Result<(), String> {
    let addr: SocketAddr = addr
        .parse()
        .map_err(|e| format!("--addr `{addr}` is not an address such as 127.0.0.1:8080: {e}"))?;
    let registry = Registry::load(rules_dir)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    rt.block_on(async move {
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        {
            use std::io::Write;
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "listening on http://{local} ({} rulesets)", registry.len());
            let _ = out.flush();
        }
        let state = AppState::new(registry, Limits::default());
        let ctrl_c = async {
            let _ = tokio::signal::ctrl_c().await;
        };
        serve_on(listener, state, ctrl_c)
            .await
            .map_err(|e| format!("server error: {e}"))
    })
}
