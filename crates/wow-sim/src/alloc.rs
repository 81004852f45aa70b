//! The global allocator: mimalloc, with 16-byte-aligned requests rounded to a multiple of 16
//! and real shrinks moved to a smaller block (see `realloc`).
//!
//! mlua asks for every Lua allocation with an alignment of 16 (`SYS_MIN_ALIGN`, what `malloc`
//! guarantees). mimalloc serves an aligned request from the block its size class would give
//! only when that block happens to be aligned; its classes of 24, 40 and 56 bytes are spaced
//! 8 bytes apart from 16, so about half their blocks are not, and those requests fall back to
//! an over-allocation (`size + 15` bytes in a larger class, the pointer moved inside it). Lua's
//! up-values (40 bytes), two-up-value closures (56) and many short strings are such sizes.
//! Rounding the size up to a multiple of 16 first picks a class whose blocks are all 16-byte
//! aligned: 40 bytes cost 48 instead of up to 64, 56 cost 64 instead of up to 80.
//!
//! The inner allocator is always given the layout its block was allocated with (the rounded
//! one), when freeing and reallocating too: mimalloc would not mind another, but `GlobalAlloc`
//! requires it, and a test holds the wrapper to it over an allocator that checks.

use mimalloc::MiMalloc;
use std::alloc::{GlobalAlloc, Layout};

/// Sizes up to this many bytes are rounded; larger classes are multiples of 16 anyway.
const ROUND_UP_TO: usize = 1024;

/// The wrapper over an inner allocator (mimalloc in the binary, a checking one in tests).
pub struct Rounding<A>(pub A);

/// The binary's global allocator.
pub type Allocator = Rounding<MiMalloc>;

/// The layout the inner allocator is asked for: `layout`, its size a multiple of 16 when
/// 16-aligned.
#[inline]
fn rounded(layout: Layout) -> Layout {
    if layout.align() == 16 && layout.size() <= ROUND_UP_TO {
        // Cannot fail: the size stays small and the alignment is unchanged.
        Layout::from_size_align(layout.size().next_multiple_of(16), 16).unwrap_or(layout)
    } else {
        layout
    }
}

#[allow(unsafe_code)]
// SAFETY: every call forwards to the inner allocator with the rounded layout, of the same
// alignment and at least the requested size; a block is freed and reallocated with the
// rounded layout of the caller's, which is the one it was allocated with.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Rounding<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { self.0.alloc(rounded(layout)) }
    }
    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe { self.0.alloc_zeroed(rounded(layout)) }
    }
    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { self.0.dealloc(ptr, rounded(layout)) }
    }
    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let old = rounded(layout);
        // SAFETY: `new_size` with the caller's alignment is a valid layout (the caller's
        // promise); rounding keeps it valid.
        let new = rounded(unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) });
        if new.size() < old.size() - old.size() / 8 {
            // A real shrink moves the block: mimalloc keeps it in place when the new size is
            // at least half the old one, and the rest stays allocated. Lua's compiler grows a
            // function's code, line and constant arrays by doubling and shrinks them to size
            // when the function is complete, so in place a quarter of them on average would
            // stay unused (about 25 MiB for the synthetic large UI compiled without a cache).
            // SAFETY: `new` is non-zero (smaller than the old size only by a fraction) and
            // keeps the alignment; `new_size` bytes are valid in both blocks.
            unsafe {
                let moved = self.0.alloc(new);
                if !moved.is_null() {
                    std::ptr::copy_nonoverlapping(ptr, moved, new_size);
                    self.0.dealloc(ptr, old);
                }
                return moved;
            }
        }
        unsafe { self.0.realloc(ptr, old, new.size()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::sync::Mutex;

    /// The system allocator, remembering each live block's layout and asserting that it is
    /// freed and reallocated with exactly that layout.
    #[derive(Default)]
    struct Checking {
        live: Mutex<HashMap<usize, Layout>>,
    }

    impl Checking {
        fn took(&self, ptr: *mut u8, layout: Layout) -> *mut u8 {
            if !ptr.is_null() {
                let prev = self.live.lock().unwrap().insert(ptr as usize, layout);
                assert!(prev.is_none(), "{ptr:?} handed out twice");
            }
            ptr
        }
        fn gave_back(&self, ptr: *mut u8, layout: Layout, what: &str) {
            let had = self.live.lock().unwrap().remove(&(ptr as usize));
            assert_eq!(had, Some(layout), "{what} of {ptr:?} with another layout");
        }
    }

    #[allow(unsafe_code)]
    // SAFETY: forwards to the system allocator unchanged; the map only records.
    unsafe impl GlobalAlloc for Checking {
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            self.took(unsafe { std::alloc::System.alloc(layout) }, layout)
        }
        unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
            self.gave_back(ptr, layout, "dealloc");
            unsafe { std::alloc::System.dealloc(ptr, layout) }
        }
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            self.gave_back(ptr, layout, "realloc");
            let moved = unsafe { std::alloc::System.realloc(ptr, layout, new_size) };
            let new = Layout::from_size_align(new_size, layout.align()).unwrap();
            if moved.is_null() {
                self.took(ptr, layout)
            } else {
                self.took(moved, new)
            }
        }
    }

    #[test]
    #[allow(unsafe_code)]
    fn blocks_go_back_with_the_layout_they_were_allocated_with() {
        let a = Rounding(Checking::default());
        // Sizes around the rounding (16-aligned, up to 1024 and past it) and 8-aligned ones;
        // each block grows, shrinks a little (in place), shrinks a lot (moved), then is freed.
        for align in [8, 16] {
            for size in (1..=40).chain([56, 100, 1000, 1023, 1024, 1025, 1500, 4096]) {
                let layout = Layout::from_size_align(size, align).unwrap();
                // SAFETY: non-zero sizes, each block used with the layout it now has.
                unsafe {
                    let p = a.alloc(layout);
                    assert!(!p.is_null() && (p as usize).is_multiple_of(align));
                    p.write_bytes(0xab, size);
                    let grown = size * 3;
                    let p = a.realloc(p, layout, grown);
                    assert_eq!(*p.add(size - 1), 0xab, "kept the contents");
                    let layout = Layout::from_size_align(grown, align).unwrap();
                    let near = grown - grown / 16;
                    let p = a.realloc(p, layout, near);
                    let layout = Layout::from_size_align(near, align).unwrap();
                    let small = size.div_ceil(4);
                    let p = a.realloc(p, layout, small);
                    assert_eq!(*p.add(small - 1), 0xab, "kept the contents");
                    a.dealloc(p, Layout::from_size_align(small, align).unwrap());
                    let z = a.alloc_zeroed(Layout::from_size_align(size, align).unwrap());
                    assert_eq!(*z.add(size - 1), 0);
                    a.dealloc(z, Layout::from_size_align(size, align).unwrap());
                }
            }
        }
        assert!(a.0.live.lock().unwrap().is_empty(), "every block freed");
    }
}
