//! Heap allocations per riichi hand on the outcome path (`mj_dsl::outcome::settle_hand`), the
//! path `tools/riichi-oracle/bench.py` times against riichienv. Each allocation costs more than
//! judging several fans, so the count is locked here: a change that makes scoring allocate per
//! reading or per payer again fails this test rather than showing up only as a slower bench.
//!
//! A counting global allocator counts the allocations made on the test's own thread (other
//! tests of this binary run on other threads), over sampled hands parsed beforehand as the
//! bench parses them, after one warm-up pass that fills the scorer's per-thread buffers.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: every call is passed to the system allocator unchanged; the count is a plain
// thread-local cell that needs no allocation of its own.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// Sampled riichi hands, printed and read back as the bench reads its file.
fn hands(rs: &mj_dsl::Ruleset, seed: u64, count: usize) -> Vec<mj_core::Hand> {
    let mut rng = mj_core::Rng::new(seed);
    let opts = mj_dsl::sample::SampleOptions::default();
    (0..count)
        .filter_map(|_| {
            let h = mj_dsl::sample::winning_hand(rs, &mut rng, &opts);
            let line = mj_core::print_hand(&rs.tiles, &h);
            mj_core::notation::parse_hand(&rs.tiles, &rs.context_words, &line).ok()
        })
        .collect()
}

/// Allocations per hand of `settle_hand` over `hands`, after a warm-up pass; also how many of
/// the hands were scored without error (so that a test cannot pass by scoring nothing).
fn per_hand(rs: &mj_dsl::Ruleset, hands: &[mj_core::Hand]) -> (f64, usize) {
    for h in hands {
        let _ = mj_dsl::outcome::settle_hand(rs, h);
    }
    let before = allocations();
    let mut ok = 0;
    for h in hands {
        ok += usize::from(mj_dsl::outcome::settle_hand(rs, h).is_ok());
    }
    let n = allocations() - before;
    (n as f64 / hands.len() as f64, ok)
}

#[test]
fn riichi_outcome_allocates_at_most_the_bound_per_hand() {
    let rs = mj_dsl::load("riichi").expect("built-in riichi loads");
    let hands = hands(&rs, 7, 3000);
    let (per, ok) = per_hand(&rs, &hands);
    eprintln!(
        "{per:.3} allocations per hand over {} hands ({ok} scored)",
        hands.len()
    );
    assert!(ok * 2 > hands.len(), "only {ok} of {} hands scored", hands.len());
    assert!(
        per <= BOUND,
        "{per:.3} allocations per hand, above the bound {BOUND}"
    );
}

/// The bound: 1.031 measured when the settlement stopped allocating (3.630 before: the seats'
/// amounts, the counters per seat, the word values and a copy of the melds per settled hand),
/// with room for a ruleset change that adds a declared seat or a tie now and then. What is left
/// is the list of fans the outcome returns and, when someone declared, the declared seats.
const BOUND: f64 = 1.25;
