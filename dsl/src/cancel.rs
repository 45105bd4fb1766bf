//! Cooperative cancellation: a caller that stops waiting for a long computation (the web
//! server's time limit) raises a flag, and the library's loops over hands look at it and stop,
//! instead of burning a core for the rest of the work nobody will read. The flag is carried per
//! thread, so library signatures stay as they are: [`run_with`] installs it for the duration of
//! a job, and the loops ask [`cancelled`].

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// A flag shared between the caller that may give up and the job that checks it.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the job to stop at its next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Cancel>> = const { RefCell::new(None) };
}

/// Runs `job` on this thread with `token` as the flag [`cancelled`] reads.
pub fn run_with<R>(token: &Cancel, job: impl FnOnce() -> R) -> R {
    let before = CURRENT.with(|c| c.replace(Some(token.clone())));
    let out = job();
    CURRENT.with(|c| *c.borrow_mut() = before);
    out
}

/// Whether the job running on this thread has been asked to stop. A loop that sees `true` stops
/// and returns whatever it has: the caller has stopped waiting and throws the result away.
pub fn cancelled() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(Cancel::is_cancelled))
}
