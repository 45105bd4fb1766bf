//! The batch path behind `Ruleset.score_many`: lines split into one contiguous chunk per
//! thread, handled without the GIL, results kept in input order (so they do not depend on the
//! thread count, as with `mj score --batch`).

/// Below this many lines a second thread costs more than it saves.
const MIN_LINES_PER_THREAD: usize = 256;

/// `job` of every line, in input order, on up to `threads` threads (`None`: every core).
/// `failed` stands in for the results of a chunk whose thread panicked (a library bug), so
/// the list keeps one entry per line instead of crashing the interpreter.
pub fn map_lines<T: Send>(
    lines: &[String],
    threads: Option<usize>,
    job: &(dyn Fn(&str) -> T + Sync),
    failed: &(dyn Fn() -> T + Sync),
) -> Vec<T> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let wanted = threads.unwrap_or(cores).max(1);
    let threads = wanted.min(lines.len().div_ceil(MIN_LINES_PER_THREAD)).max(1);
    if threads == 1 {
        return lines.iter().map(|l| job(l)).collect();
    }
    let chunk = lines.len().div_ceil(threads);
    std::thread::scope(|s| {
        let workers: Vec<_> = lines
            .chunks(chunk)
            .map(|part| {
                (
                    s.spawn(move || part.iter().map(|l| job(l)).collect::<Vec<T>>()),
                    part.len(),
                )
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|(w, len)| w.join().unwrap_or_else(|_| (0..len).map(|_| failed()).collect()))
            .collect()
    })
}
