//! The batch path behind `Ruleset.score_many`: lines split into one contiguous chunk per
//! thread, scored without the GIL, results kept in input order (so they do not depend on the
//! thread count, as with `mj score --batch`).

use mj_dsl::{HandReport, Ruleset};

/// Below this many lines a second thread costs more than it saves.
const MIN_LINES_PER_THREAD: usize = 256;

/// Every line scored, in input order, on up to `threads` threads (`None`: every core).
pub fn score_all(rs: &Ruleset, lines: &[String], threads: Option<usize>) -> Vec<Result<HandReport, String>> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let wanted = threads.unwrap_or(cores).max(1);
    let threads = wanted.min(lines.len().div_ceil(MIN_LINES_PER_THREAD)).max(1);
    if threads == 1 {
        return lines.iter().map(|l| mj_dsl::score_text(rs, l)).collect();
    }
    let chunk = lines.len().div_ceil(threads);
    std::thread::scope(|s| {
        let workers: Vec<_> = lines
            .chunks(chunk)
            .map(|part| {
                let worker = s.spawn(move || part.iter().map(|l| mj_dsl::score_text(rs, l)).collect::<Vec<_>>());
                (worker, part.len())
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|(w, len)| {
                // A panic in the library is a bug; its lines become errors rather than a crash.
                w.join()
                    .unwrap_or_else(|_| vec![Err("the scorer failed on this line's chunk".to_string()); len])
            })
            .collect()
    })
}
