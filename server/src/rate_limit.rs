//! Limits per client address (issue 5: form submissions and captcha checks), with the `governor` crate's keyed
//! GCRA limiters, and the failed log-in windows per account and per address (issue 7, [`AttemptWindow`]). A client
//! over a limit gets 429 `RATE_LIMITED` with `Retry-After`.
//!
//! The address is the TCP peer's, or, when the peer is one of the shop's trusted reverse proxies
//! (`VITRINA_TRUSTED_PROXIES`, issue 9), the client that proxy names in `X-Forwarded-For` ([`resolve_client`]).
//! A forwarded header from anyone else is ignored: a shopper cannot pick their own address to escape a limit.

use crate::error::ApiError;
use crate::limits::{
    CAPTCHA_CHECK_BURST, CAPTCHA_CHECK_REPLENISH_MS, FORM_SUBMISSION_REPLENISH_S, LOGIN_WINDOW,
    ORDER_CONFIRMATIONS_PER_EMAIL, ORDER_WINDOW, REGISTRATIONS_PER_LOGIN_ATTEMPT,
};
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The client's IP address: as [`resolve_client`] found it, else the TCP peer; `0.0.0.0` when the server runs
/// without connection info (never in `serve`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        if let Some(resolved) = parts.extensions.get::<ClientAddr>() {
            return Ok(*resolved);
        }
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip());
        Ok(Self(ip))
    }
}

/// The client of a request whose TCP peer is `peer`: the peer itself, unless it is in `trusted` (the shop's
/// reverse proxies). Then `X-Forwarded-For` (`forwarded_for`, the header's values in order) is read from the right,
/// past every trusted proxy, and the first other address is the client. A header that cannot be read, or names
/// only trusted proxies, leaves the leftmost readable one, or the peer.
pub fn client_of(peer: IpAddr, forwarded_for: &[&str], trusted: &[IpAddr]) -> IpAddr {
    if !trusted.contains(&peer) {
        return peer;
    }
    let hops: Vec<IpAddr> = forwarded_for
        .iter()
        .flat_map(|value| value.split(','))
        .filter_map(|hop| hop.trim().parse::<IpAddr>().ok())
        .collect();
    hops.iter().rev().find(|hop| !trusted.contains(hop)).or(hops.first()).copied().unwrap_or(peer)
}

/// Middleware: stores the request's [`ClientAddr`] as [`client_of`] finds it with the `trusted` proxies
/// (`VITRINA_TRUSTED_PROXIES`), for the limits and the log.
pub async fn resolve_client(
    axum::extract::State(trusted): axum::extract::State<Arc<Vec<IpAddr>>>,
    mut request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    // Only a trusted proxy's requests are looked at; every other one keeps its peer (the extractor's fallback).
    if let Some(peer) = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip())
        && trusted.contains(&peer)
    {
        let forwarded: Vec<&str> =
            request.headers().get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).collect();
        let client = client_of(peer, &forwarded, &trusted);
        request.extensions_mut().insert(ClientAddr(client));
    }
    next.run(request).await
}

/// The shop's limiters, one per kind of request.
pub struct RateLimiters {
    /// Form submissions: a burst of `submission_burst`, then one per [`FORM_SUBMISSION_REPLENISH_S`].
    pub submissions: DefaultKeyedRateLimiter<IpAddr>,
    /// Captcha checks and images: a burst of [`CAPTCHA_CHECK_BURST`] (or three per allowed submission, when the
    /// submission burst is raised), then one per [`CAPTCHA_CHECK_REPLENISH_MS`].
    pub captcha: DefaultKeyedRateLimiter<IpAddr>,
    /// Shoppers' reviews (issue 8): as form submissions, a burst of `submission_burst`, then one per
    /// [`FORM_SUBMISSION_REPLENISH_S`].
    pub reviews: DefaultKeyedRateLimiter<IpAddr>,
    /// Failed log-ins (and password changes with a wrong current password) per account e-mail, normalised, from
    /// every address together: past the limit the log-in asks for a captcha (issue 34), it is not refused.
    pub login_accounts: AttemptWindow<String>,
    /// Failed log-ins per account e-mail and client address (issue 34): past the limit that address may not try
    /// that account again within the window (429).
    pub login_pairs: AttemptWindow<(String, IpAddr)>,
    /// Mails telling an account's owner of a burst of failed log-ins: one per window at most.
    pub login_alerts: AttemptWindow<String>,
    /// Failed log-ins (and registrations refused with `AUTH_EMAIL_TAKEN`) per client address.
    pub login_addresses: AttemptWindow<IpAddr>,
    /// Registrations per client address (every attempt counts; issue 20).
    pub registrations: AttemptWindow<IpAddr>,
    /// Password-reset requests per client address (every request counts).
    pub reset_addresses: AttemptWindow<IpAddr>,
    /// Password-reset mails per account e-mail: past the limit the request still answers 204 but sends nothing.
    pub reset_accounts: AttemptWindow<String>,
    /// E-mail changes refused with `AUTH_EMAIL_TAKEN` per account (issue 20: `PATCH /api/me` told which e-mails
    /// have an account without a limit); they also count as failed log-ins of the client address.
    pub email_probes: AttemptWindow<i64>,
    /// Orders placed per client address (issue 20).
    pub order_addresses: AttemptWindow<IpAddr>,
    /// Orders placed per visitor session (its visitor id).
    pub order_sessions: AttemptWindow<String>,
    /// Order confirmations per recipient e-mail, normalised: past the limit the order stands but is not mailed.
    pub order_confirmations: AttemptWindow<String>,
}

/// How much the per-address and per-session limits allow: the settings of `serve`.
#[derive(Debug, Clone, Copy)]
pub struct Allowances {
    /// Form submissions one address may send at once (`VITRINA_FORM_RATE_BURST`).
    pub form_burst: u32,
    /// Failed log-ins per account and per address per [`LOGIN_WINDOW`] (`VITRINA_LOGIN_ATTEMPTS`).
    pub login_attempts: u32,
    /// Orders per address per [`ORDER_WINDOW`] (`VITRINA_ORDERS_PER_ADDRESS`).
    pub orders_per_address: u32,
    /// Orders per session per [`ORDER_WINDOW`] (`VITRINA_ORDERS_PER_SESSION`).
    pub orders_per_session: u32,
}

impl Default for Allowances {
    /// The defaults of `limits`.
    fn default() -> Self {
        Self {
            form_burst: crate::limits::FORM_SUBMISSION_BURST,
            login_attempts: crate::limits::LOGIN_ATTEMPTS_PER_WINDOW,
            orders_per_address: crate::limits::ORDERS_PER_ADDRESS,
            orders_per_session: crate::limits::ORDERS_PER_SESSION,
        }
    }
}

/// At most `limit` attempts per key within a sliding `window` (issue 7: 5 failed log-ins per 15 minutes). Unlike
/// the GCRA limiters, a key is looked at ([`Self::check`]) without counting, and only what should count is
/// recorded ([`Self::record`]): a successful log-in costs nothing. A key at its limit may try again when its oldest
/// counted attempt leaves the window.
pub struct AttemptWindow<K> {
    limit: usize,
    window: Duration,
    attempts: Mutex<HashMap<K, VecDeque<Instant>>>,
}

impl<K: Eq + Hash + Clone> AttemptWindow<K> {
    /// `limit` attempts (at least 1) per `window`.
    pub fn new(limit: u32, window: Duration) -> Self {
        Self { limit: usize::try_from(limit.max(1)).unwrap_or(usize::MAX), window, attempts: Mutex::default() }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, VecDeque<Instant>>> {
        // A panic while holding the lock leaves counts, not broken invariants: keep using them.
        self.attempts.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `Ok` when `key` has fewer than `limit` attempts in the window; else 429 `RATE_LIMITED` with the seconds
    /// until the oldest leaves it. Counts nothing.
    pub fn check(&self, key: &K) -> Result<(), ApiError> {
        self.check_at(key, Instant::now())
    }

    fn check_at(&self, key: &K, now: Instant) -> Result<(), ApiError> {
        let mut map = self.lock();
        map.get_mut(key).map_or(Ok(()), |times| self.admit(times, now))
    }

    /// Drops the attempts of `times` that left the window; then `Ok` when there is room for one more, else 429 with
    /// the seconds until the oldest leaves.
    fn admit(&self, times: &mut VecDeque<Instant>, now: Instant) -> Result<(), ApiError> {
        while times.front().is_some_and(|t| now.saturating_duration_since(*t) >= self.window) {
            times.pop_front();
        }
        if times.len() < self.limit {
            return Ok(());
        }
        let oldest = *times.front().expect("a full window has attempts");
        let wait = self.window.saturating_sub(now.saturating_duration_since(oldest));
        Err(ApiError::TooManyRequests { retry_after_s: wait.as_secs() + u64::from(wait.subsec_nanos() > 0) })
    }

    /// Counts one attempt of `key` now (keeping at most `limit`: older ones no longer matter).
    pub fn record(&self, key: K) {
        self.record_at(key, Instant::now());
    }

    fn record_at(&self, key: K, now: Instant) {
        let mut map = self.lock();
        let times = map.entry(key).or_default();
        times.push_back(now);
        while times.len() > self.limit {
            times.pop_front();
        }
    }

    /// `check`, then `record` when it passed: for requests that count whatever their outcome. One step under one
    /// lock, so requests arriving together cannot all pass the check before any is counted.
    pub fn check_and_record(&self, key: K) -> Result<(), ApiError> {
        self.acquire(key).map(drop)
    }

    /// Checks and counts one attempt of `key` in one step under one lock (issue 20: with the check before the slow
    /// password hash and the count after it, 100 simultaneous guesses at one account got 43 tries against a limit of
    /// 5). Answers the attempt's time, which [`Self::forgive`] takes back when it should not count after all (a
    /// successful log-in); 429 `RATE_LIMITED` as [`Self::check`], counting nothing.
    pub fn acquire(&self, key: K) -> Result<Instant, ApiError> {
        let now = Instant::now();
        let mut map = self.lock();
        let times = map.entry(key).or_default();
        self.admit(times, now)?;
        times.push_back(now);
        Ok(now)
    }

    /// Takes back the attempt of `key` counted at `at` by [`Self::acquire`].
    pub fn forgive(&self, key: &K, at: Instant) {
        let mut map = self.lock();
        if let Some(times) = map.get_mut(key)
            && let Some(index) = times.iter().rposition(|t| *t == at)
        {
            times.remove(index);
        }
    }

    /// The attempts a key may have per window.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Forgets `key`'s attempts (an account's, after it logged in).
    pub fn clear(&self, key: &K) {
        self.lock().remove(key);
    }

    /// Forgets keys whose attempts have all left the window.
    fn forget_idle(&self) {
        let now = Instant::now();
        self.lock().retain(|_, times| times.back().is_some_and(|t| now.saturating_duration_since(*t) < self.window));
    }
}

fn quota(period: Duration, burst: u32) -> Quota {
    Quota::with_period(period).expect("a non-zero period").allow_burst(NonZeroU32::new(burst.max(1)).expect("≥ 1"))
}

impl RateLimiters {
    /// Limiters allowing `form_burst` submissions per address at once; the captcha limit grows with it, since each
    /// submission needs an image and a few checks. `login_attempts` per [`LOGIN_WINDOW`] bounds failed log-ins per
    /// account and per address, and password-reset requests per address and mails per account; the order limits
    /// count per [`ORDER_WINDOW`].
    pub fn new(allow: Allowances) -> Self {
        let Allowances { form_burst: submission_burst, login_attempts, orders_per_address, orders_per_session } = allow;
        Self {
            submissions: RateLimiter::keyed(quota(Duration::from_secs(FORM_SUBMISSION_REPLENISH_S), submission_burst)),
            captcha: RateLimiter::keyed(quota(
                Duration::from_millis(CAPTCHA_CHECK_REPLENISH_MS),
                CAPTCHA_CHECK_BURST.max(submission_burst.saturating_mul(3)),
            )),
            reviews: RateLimiter::keyed(quota(Duration::from_secs(FORM_SUBMISSION_REPLENISH_S), submission_burst)),
            login_accounts: AttemptWindow::new(login_attempts, LOGIN_WINDOW),
            login_pairs: AttemptWindow::new(login_attempts, LOGIN_WINDOW),
            login_alerts: AttemptWindow::new(1, LOGIN_WINDOW),
            login_addresses: AttemptWindow::new(login_attempts, LOGIN_WINDOW),
            registrations: AttemptWindow::new(
                login_attempts.saturating_mul(REGISTRATIONS_PER_LOGIN_ATTEMPT),
                LOGIN_WINDOW,
            ),
            reset_addresses: AttemptWindow::new(login_attempts, LOGIN_WINDOW),
            reset_accounts: AttemptWindow::new(login_attempts, LOGIN_WINDOW),
            email_probes: AttemptWindow::new(login_attempts, LOGIN_WINDOW),
            order_addresses: AttemptWindow::new(orders_per_address, ORDER_WINDOW),
            order_sessions: AttemptWindow::new(orders_per_session, ORDER_WINDOW),
            order_confirmations: AttemptWindow::new(ORDER_CONFIRMATIONS_PER_EMAIL, ORDER_WINDOW),
        }
    }

    /// Forgets addresses whose limits have fully recovered; `serve` calls it every minute so the maps stay small.
    pub fn forget_idle(&self) {
        for limiter in [&self.submissions, &self.captcha, &self.reviews] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        self.login_accounts.forget_idle();
        self.login_pairs.forget_idle();
        self.login_alerts.forget_idle();
        self.login_addresses.forget_idle();
        self.reset_addresses.forget_idle();
        self.registrations.forget_idle();
        self.reset_accounts.forget_idle();
        self.email_probes.forget_idle();
        self.order_addresses.forget_idle();
        self.order_sessions.forget_idle();
        self.order_confirmations.forget_idle();
    }

    /// Runs [`Self::forget_idle`] every minute for as long as the limiters live.
    pub fn spawn_cleaner(self: &Arc<Self>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                match weak.upgrade() {
                    Some(limiters) => limiters.forget_idle(),
                    None => return,
                }
            }
        });
    }
}

/// Counts one request of `addr` against `limiter`: `Ok`, or 429 `RATE_LIMITED` with the seconds to wait.
pub fn check(limiter: &DefaultKeyedRateLimiter<IpAddr>, addr: ClientAddr) -> Result<(), ApiError> {
    limiter.check_key(&addr.0).map_err(|not_until| {
        let wait = not_until.wait_time_from(DefaultClock::default().now());
        ApiError::TooManyRequests { retry_after_s: wait.as_secs() + u64::from(wait.subsec_nanos() > 0) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forwarded_address_counts_only_from_a_trusted_proxy() {
        let ip = |s: &str| s.parse::<std::net::IpAddr>().unwrap();
        let proxy = [ip("10.0.0.2"), ip("::1")];
        // Not a proxy: its header is ignored.
        assert_eq!(client_of(ip("203.0.113.9"), &["198.51.100.1"], &proxy), ip("203.0.113.9"));
        // The proxy names the client; a spoofed hop the client sent stays to the left and is skipped.
        assert_eq!(client_of(ip("10.0.0.2"), &["1.1.1.1, 198.51.100.7"], &proxy), ip("198.51.100.7"));
        // Two trusted hops, and the header split over two lines.
        assert_eq!(client_of(ip("::1"), &["198.51.100.7", "10.0.0.2"], &proxy), ip("198.51.100.7"));
        // No usable header: the peer.
        assert_eq!(client_of(ip("10.0.0.2"), &["garbage"], &proxy), ip("10.0.0.2"));
        assert_eq!(client_of(ip("10.0.0.2"), &[], &proxy), ip("10.0.0.2"));
        // Only proxies named: the leftmost.
        assert_eq!(client_of(ip("10.0.0.2"), &["::1, 10.0.0.2"], &proxy), ip("::1"));
    }

    #[test]
    fn an_address_over_its_burst_waits_and_others_do_not() {
        let limiters = RateLimiters::new(Allowances { form_burst: 2, ..Allowances::default() });
        let a = ClientAddr("10.0.0.1".parse().unwrap());
        let b = ClientAddr("10.0.0.2".parse().unwrap());
        assert!(check(&limiters.submissions, a).is_ok());
        assert!(check(&limiters.submissions, a).is_ok());
        match check(&limiters.submissions, a) {
            Err(ApiError::TooManyRequests { retry_after_s }) => {
                assert!((1..=FORM_SUBMISSION_REPLENISH_S).contains(&retry_after_s))
            }
            other => panic!("expected 429, got {other:?}"),
        }
        assert!(check(&limiters.submissions, b).is_ok());
    }

    #[test]
    fn an_attempt_window_counts_only_what_is_recorded_and_frees_the_oldest_first() {
        let window = AttemptWindow::new(3, Duration::from_secs(900));
        let start = Instant::now();
        let key = "ivan@example.ru".to_owned();
        for _ in 0..10 {
            assert!(window.check_at(&key, start).is_ok(), "checking counts nothing");
        }
        for minute in 0..3 {
            assert!(window.check_at(&key, start + Duration::from_secs(60 * minute)).is_ok());
            window.record_at(key.clone(), start + Duration::from_secs(60 * minute));
        }
        // Three within 15 minutes: the fourth waits until the first (at 0 min) is 15 minutes old.
        match window.check_at(&key, start + Duration::from_secs(5 * 60)) {
            Err(ApiError::TooManyRequests { retry_after_s }) => assert_eq!(retry_after_s, 10 * 60),
            other => panic!("expected 429, got {other:?}"),
        }
        match window.check_at(&key, start + Duration::from_millis(5 * 60_000 + 500)) {
            Err(ApiError::TooManyRequests { retry_after_s }) => assert_eq!(retry_after_s, 10 * 60, "rounded up"),
            other => panic!("expected 429, got {other:?}"),
        }
        assert!(window.check_at(&"other@example.ru".to_owned(), start).is_ok(), "other keys are free");
        assert!(window.check_at(&key, start + Duration::from_secs(15 * 60)).is_ok(), "the first left the window");
        window.record_at(key.clone(), start + Duration::from_secs(15 * 60));
        match window.check_at(&key, start + Duration::from_secs(15 * 60)) {
            Err(ApiError::TooManyRequests { retry_after_s }) => assert_eq!(retry_after_s, 60, "then the second"),
            other => panic!("expected 429, got {other:?}"),
        }
        window.clear(&key);
        assert!(window.check_at(&key, start + Duration::from_secs(15 * 60)).is_ok(), "cleared");
    }
}
