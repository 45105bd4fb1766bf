//! The global allocator: mimalloc, asked for blocks the way its fast path serves them.
//!
//! A scored hand's report is some thirty small heap blocks made and freed per line. glibc's
//! malloc and free were about a seventh of a batch run's instructions (issue #26); mimalloc's
//! thread-local free lists cost a fraction of that and keep `--threads` workers from contending
//! on one arena. The `mimalloc` crate passes every request to `mi_malloc_aligned`, whose fast
//! path takes only power-of-two sizes: a `String` or a `Vec` of a few dozen bytes (most of a
//! report's) went through its general aligned path, twice the instructions of `mi_malloc`.
//! Every mimalloc block is aligned to at least 8 bytes, so a request for that alignment or less
//! goes to the plain calls, and only a larger alignment to the aligned ones.

use libmimalloc_sys as mi;
use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

/// Alignment every block of `mi_malloc` has (mimalloc's smallest block is one machine word).
const PLAIN_ALIGN: usize = 8;

pub struct Mimalloc;

// SAFETY: every block comes from mimalloc and goes back to it; a block's alignment is at least
// what its layout asks (the plain calls give 8 bytes, the aligned calls exactly what is asked),
// and `mi_free` and the reallocation calls take any mimalloc block, however it was allocated.
unsafe impl GlobalAlloc for Mimalloc {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= PLAIN_ALIGN {
            mi::mi_malloc(layout.size()).cast()
        } else {
            mi::mi_malloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= PLAIN_ALIGN {
            mi::mi_zalloc(layout.size()).cast()
        } else {
            mi::mi_zalloc_aligned(layout.size(), layout.align()).cast()
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        mi::mi_free(ptr.cast::<c_void>());
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= PLAIN_ALIGN {
            mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
        } else {
            mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Blocks of every small size and alignment come back aligned as asked, hold what was
    /// written through a reallocation, and are zeroed when asked.
    #[test]
    fn blocks_are_aligned_and_keep_their_bytes() {
        let heap = Mimalloc;
        for align in [1usize, 2, 4, 8, 16, 32, 64] {
            for size in (1..=130).chain([1000, 5000]) {
                let size = size.max(align);
                let layout = Layout::from_size_align(size, align).expect("a valid layout");
                unsafe {
                    let p = heap.alloc(layout);
                    assert!(!p.is_null());
                    assert_eq!(p as usize % align, 0, "size {size} align {align}");
                    for i in 0..size {
                        *p.add(i) = i as u8;
                    }
                    let q = heap.realloc(p, layout, size * 3);
                    assert_eq!(q as usize % align, 0, "realloc size {size} align {align}");
                    for i in 0..size {
                        assert_eq!(*q.add(i), i as u8);
                    }
                    heap.dealloc(
                        q,
                        Layout::from_size_align(size * 3, align).expect("a valid layout"),
                    );
                    let z = heap.alloc_zeroed(layout);
                    assert_eq!(z as usize % align, 0);
                    assert!((0..size).all(|i| *z.add(i) == 0));
                    heap.dealloc(z, layout);
                }
            }
        }
    }
}
