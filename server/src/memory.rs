//! Asking memory for what a loop will read soon (issue 39): a search's walks over a million offers' arrays wait on
//! memory more than they compute, and a line asked for while other work runs comes together with the others.

/// Asks the processor to bring the line holding `at` into its caches, without waiting for it. Reads nothing the
/// program sees and never faults, whatever the address: a no-op where the processor has no such hint here.
#[inline]
pub fn prefetch<T>(at: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch hint reads nothing into the program and cannot fault, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// Asks for the lines of `items[from]` and `items[to]` (one line or two: the lines between, when `from` and `to`
/// are further apart, are not asked for); nothing when `to` is past the end.
#[inline]
pub fn prefetch_span<T>(items: &[T], from: usize, to: usize) {
    if from <= to && to < items.len() {
        let (first, last) = (items[from..].as_ptr(), items[to..].as_ptr());
        prefetch(first);
        if first as usize / 64 != last as usize / 64 {
            prefetch(last);
        }
    }
}
