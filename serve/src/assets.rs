//! The page and its assets, embedded at compile time: the binary serves them wherever it runs,
//! with no build step and no files beside it.

use axum::http::header;
use axum::response::IntoResponse;

const INDEX: &str = include_str!("../assets/index.html");
const SCRIPT: &str = include_str!("../assets/app.js");
const STYLE: &str = include_str!("../assets/style.css");
const STUDIO: &str = include_str!("../assets/studio.html");
const STUDIO_SCRIPT: &str = include_str!("../assets/studio.js");
const STUDIO_STYLE: &str = include_str!("../assets/studio.css");
/// The OpenAPI description lives in docs/ so it is read and reviewed with the rest of the docs.
const OPENAPI: &str = include_str!("../../docs/openapi.json");

pub async fn index() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], INDEX)
}

pub async fn script() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/javascript; charset=utf-8")], SCRIPT)
}

pub async fn style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STYLE)
}

pub async fn studio() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], STUDIO)
}

pub async fn studio_script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        STUDIO_SCRIPT,
    )
}

pub async fn studio_style() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/css; charset=utf-8")], STUDIO_STYLE)
}

pub async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI)
}
