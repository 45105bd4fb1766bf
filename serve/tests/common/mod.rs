//! What the API tests share: a real server on a loopback port (port 0) and a plain HTTP/1.1
//! client over a TCP socket, with helpers for error answers.
#![allow(dead_code)]

use mj_serve::{AppState, Limits, Registry};
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// A server on its own runtime thread, stopped when dropped.
pub struct Server {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    pub fn start(limits: Limits) -> Server {
        Server::with_registry(Registry::load(None).expect("built-in rulesets load"), limits)
    }

    pub fn with_registry(registry: Registry, limits: Limits) -> Server {
        let (tx_addr, rx_addr) = std::sync::mpsc::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("runtime");
            rt.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
                tx_addr
                    .send(listener.local_addr().expect("addr"))
                    .expect("send addr");
                let state = AppState::new(registry, limits);
                mj_serve::serve_on(listener, state, async {
                    let _ = stopped.await;
                })
                .await
                .expect("serve");
            });
            // Work abandoned after a timeout may still be running: do not wait for it.
            rt.shutdown_background();
        });
        let addr = rx_addr
            .recv_timeout(Duration::from_secs(30))
            .expect("server started");
        Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Sends one request and returns the status and the body.
    pub fn request(&self, method: &str, path: &str, body: &[u8]) -> (u16, String) {
        let mut s = TcpStream::connect(self.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        );
        s.write_all(head.as_bytes()).expect("write head");
        // A server may answer (413) before reading the whole body and close; that is fine.
        let _ = s.write_all(body);
        let mut raw = Vec::new();
        let _ = s.read_to_end(&mut raw);
        let text = String::from_utf8_lossy(&raw).to_string();
        let (head, rest) = text.split_once("\r\n\r\n").expect("a response head");
        let status: u16 = head
            .split_whitespace()
            .nth(1)
            .and_then(|c| c.parse().ok())
            .expect("status code");
        let chunked = head.to_ascii_lowercase().contains("transfer-encoding: chunked");
        let body = if chunked { dechunk(rest) } else { rest.to_string() };
        (status, body)
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        let (status, body) = self.request("GET", path, b"");
        (status, serde_json::from_str(&body).unwrap_or(Value::String(body)))
    }

    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        self.post_raw(path, body.to_string().as_bytes())
    }

    pub fn post_raw(&self, path: &str, body: &[u8]) -> (u16, Value) {
        let (status, text) = self.request("POST", path, body);
        (status, serde_json::from_str(&text).unwrap_or(Value::String(text)))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

pub fn dechunk(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&after[..n]);
        rest = &after[n + 2..];
    }
    out
}

pub fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("an error message, got {v}"))
}

/// Asserts an error answer: its status, and a message containing `fragment`.
pub fn expect_error(answer: (u16, Value), status: u16, fragment: &str) {
    let (got, v) = answer;
    assert_eq!(got, status, "{v}");
    assert!(error_of(&v).contains(fragment), "expected `{fragment}` in {v}");
}

pub fn load(name: &str) -> mj_dsl::Ruleset {
    mj_dsl::load(name).expect("built-in ruleset")
}
