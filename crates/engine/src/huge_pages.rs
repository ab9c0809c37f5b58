//! Asks the operating system to back the transposition table with huge pages.
//!
//! The endgame reads the table at random addresses, a cache line at a time
//! (each node's entry and, for the enhanced transposition cutoff, its
//! children's), so with 4 KiB pages nearly every read also misses the TLB.
//! Linux backs memory with 2 MiB pages where a program asks for them
//! (`madvise(MADV_HUGEPAGE)`; `transparent_hugepage` is `madvise` by default
//! in most distributions): FFO #40-#44 in 7.6% less time with a 64 MiB table
//! (docs/benchmarks.md, "Huge pages"). It is only a hint: on other systems,
//! in wasm, and where the kernel declines, nothing changes.

/// Asks for huge pages behind `memory`, which should not have been written
/// yet (pages already touched keep their size until the kernel merges them).
/// Only whole 2 MiB pages inside `memory` can be huge.
pub(crate) fn advise<T>(memory: &mut [T]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        const HUGE_PAGE: usize = 2 << 20;
        let start = memory.as_mut_ptr() as usize;
        let end = start + std::mem::size_of_val(memory);
        // Without a whole huge page inside (a small table), asking is a
        // system call for nothing.
        if end & !(HUGE_PAGE - 1) <= start.next_multiple_of(HUGE_PAGE) {
            return;
        }
        let first = start.next_multiple_of(PAGE);
        let last = end & !(PAGE - 1);
        if last > first {
            // SAFETY: the range lies inside `memory`, which this function
            // holds mutably; MADV_HUGEPAGE changes no byte of it, only how
            // its pages are backed.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = memory;
}
