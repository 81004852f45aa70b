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

use mimalloc::MiMalloc;
use std::alloc::{GlobalAlloc, Layout};

/// Sizes up to this many bytes are rounded; larger classes are multiples of 16 anyway.
const ROUND_UP_TO: usize = 1024;

pub struct Allocator;

/// The layout mimalloc is asked for: `layout`, its size a multiple of 16 when 16-aligned.
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
// SAFETY: every call forwards to mimalloc with a layout of the same alignment and at least the
// requested size; mimalloc frees and reallocates by pointer, whatever size the block was asked
// with.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { MiMalloc.alloc(rounded(layout)) }
    }
    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe { MiMalloc.alloc_zeroed(rounded(layout)) }
    }
    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { MiMalloc.dealloc(ptr, layout) }
    }
    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let size = if layout.align() == 16 && new_size <= ROUND_UP_TO {
            new_size.next_multiple_of(16)
        } else {
            new_size
        };
        if size < layout.size() - layout.size() / 8 {
            // A real shrink moves the block: mimalloc keeps it in place when the new size is
            // at least half the old one, and the rest stays allocated. Lua's compiler grows a
            // function's code, line and constant arrays by doubling and shrinks them to size
            // when the function is complete, so in place a quarter of them on average would
            // stay unused (about 25 MiB for the synthetic large UI compiled without a cache).
            // SAFETY: `size` is non-zero (smaller than the old size only by a fraction) and
            // keeps the alignment; `new_size` bytes are valid in both blocks.
            unsafe {
                let moved = MiMalloc.alloc(Layout::from_size_align_unchecked(size, layout.align()));
                if !moved.is_null() {
                    std::ptr::copy_nonoverlapping(ptr, moved, new_size);
                    MiMalloc.dealloc(ptr, layout);
                }
                return moved;
            }
        }
        unsafe { MiMalloc.realloc(ptr, layout, size) }
    }
}
