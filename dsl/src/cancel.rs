//! Cooperative cancellation: a caller that stops waiting for a long computation (the web
//! server's time limit) raises a flag, and the library's loops over hands look at it and stop,
//! instead of burning a core for the rest of the work nobody will read. The flag is carried per
//! thread, so library signatures stay as they are: [`run_with`] installs it for the duration of
//! a job, and the loops ask [`cancelled`]. Rhai scripts ask too (every few thousand operations),
//! so a script is stopped by the flag as well as by its operation limit. A flag may also carry a
//! deadline, for a caller that wants an answer within a budget rather than a cancelled job.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A flag shared between the caller that may give up and the job that checks it.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flag: Arc<AtomicBool>,
    deadline: Option<Instant>,
}

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// A flag that also counts as raised once `budget` has passed from now.
    pub fn within(budget: Duration) -> Cancel {
        Cancel {
            flag: Arc::default(),
            deadline: Instant::now().checked_add(budget),
        }
    }

    /// Asks the job to stop at its next check.
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed) || self.deadline.is_some_and(|d| Instant::now() >= d)
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

/// The flag of the job running on this thread, for a job that spreads its work over threads of
/// its own: each of them runs under it with [`run_with`].
pub fn current() -> Option<Cancel> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Whether the job running on this thread has been asked to stop. A loop that sees `true` stops
/// and returns whatever it has: the caller has stopped waiting and throws the result away.
pub fn cancelled() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(Cancel::is_cancelled))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_raises_the_flag_once_passed() {
        let now = Cancel::within(Duration::ZERO);
        assert!(run_with(&now, cancelled));
        let later = Cancel::within(Duration::from_secs(3600));
        assert!(!run_with(&later, cancelled));
        later.cancel();
        assert!(run_with(&later, cancelled));
        assert!(!cancelled(), "the flag is the job's only while it runs");
    }

    #[test]
    fn current_hands_the_flag_to_other_threads() {
        let token = Cancel::new();
        let seen = run_with(&token, current).expect("a flag while the job runs");
        token.cancel();
        assert!(std::thread::spawn(move || run_with(&seen, cancelled))
            .join()
            .unwrap_or(false));
    }
}
