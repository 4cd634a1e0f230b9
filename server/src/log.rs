//! Log lines a client cannot multiply (issue 34: every page sent as the shell logged a WARN line with its whole URL,
//! and one client with 8 KB query strings wrote 27 MB of log in 10 s).
//!
//! - [`Throttle`]: a warning that a request can cause is logged at most once per [`LOG_REPEAT_INTERVAL_S`], with
//!   the number of the same warnings left out since the last one logged (`repeated`).
//! - [`url`]: a request's URL as a log line carries it, cut to [`LOG_URL_MAX_CHARS`].

use crate::limits::{LOG_REPEAT_INTERVAL_S, LOG_URL_MAX_CHARS};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// One kind of repeated warning: logged at most once per [`LOG_REPEAT_INTERVAL_S`], counted in between. A `static`
/// beside the warning it throttles.
#[derive(Debug)]
pub struct Throttle {
    /// When the last one was logged; `None` before the first.
    logged_at: Mutex<Option<Instant>>,
    /// The same warnings left out since.
    left_out: AtomicU64,
}

impl Throttle {
    /// A throttle that has logged nothing yet.
    pub const fn new() -> Self {
        Throttle { logged_at: Mutex::new(None), left_out: AtomicU64::new(0) }
    }

    /// Whether this occurrence is to be logged: `Some(n)`, `n` the occurrences left out since the last one logged
    /// (log it as `repeated = n`), when [`LOG_REPEAT_INTERVAL_S`] has passed since then (or nothing was logged
    /// yet); else `None`, and the occurrence is counted.
    pub fn admit(&self) -> Option<u64> {
        self.admit_at(Instant::now(), Duration::from_secs(LOG_REPEAT_INTERVAL_S))
    }

    fn admit_at(&self, now: Instant, interval: Duration) -> Option<u64> {
        let mut logged_at = self.logged_at.lock().unwrap_or_else(|e| e.into_inner());
        if logged_at.is_some_and(|at| now.duration_since(at) < interval) {
            self.left_out.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        *logged_at = Some(now);
        Some(self.left_out.swap(0, Ordering::Relaxed))
    }
}

impl Default for Throttle {
    fn default() -> Self {
        Self::new()
    }
}

/// `url` as a log line carries it: whole up to [`LOG_URL_MAX_CHARS`] characters, else cut there with "…" and its
/// full length in bytes, so a client's 8 KB query string costs the log a bounded line.
pub fn url(url: &str) -> std::borrow::Cow<'_, str> {
    match url.char_indices().nth(LOG_URL_MAX_CHARS) {
        None => url.into(),
        Some((end, _)) => format!("{}… ({} bytes)", &url[..end], url.len()).into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_warning_is_logged_once_per_interval_with_the_count_left_out() {
        let throttle = Throttle::new();
        let start = Instant::now();
        let interval = Duration::from_secs(60);
        assert_eq!(throttle.admit_at(start, interval), Some(0));
        for s in 1..=5 {
            assert_eq!(throttle.admit_at(start + Duration::from_secs(s), interval), None);
        }
        assert_eq!(throttle.admit_at(start + interval, interval), Some(5));
        assert_eq!(throttle.admit_at(start + interval + Duration::from_secs(1), interval), None);
        assert_eq!(throttle.admit_at(start + interval * 3, interval), Some(1));
    }

    #[test]
    fn a_long_url_is_cut_for_the_log() {
        assert_eq!(url("/catalog/?page=2"), "/catalog/?page=2");
        let long = format!("/?utm_source={}", "я".repeat(8000));
        let cut = url(&long);
        assert_eq!(cut.chars().count(), LOG_URL_MAX_CHARS + format!("… ({} bytes)", long.len()).chars().count());
        assert!(cut.starts_with("/?utm_source=яя") && cut.ends_with(&format!("({} bytes)", long.len())));
    }
}
