//! Limits per client address (issue 5: form submissions and captcha checks), with the `governor` crate's keyed
//! GCRA limiters, and the failed log-in windows per account and per address (issue 7, [`AttemptWindow`]). A client
//! over a limit gets 429 `RATE_LIMITED` with `Retry-After`.
//!
//! The address is the TCP peer's, or, when the peer is one of the shop's trusted reverse proxies
//! (`VITRINA_TRUSTED_PROXIES`, issue 9), the client that proxy names in `X-Forwarded-For` ([`resolve_client`]).
//! A forwarded header from anyone else is ignored: a shopper cannot pick their own address to escape a limit.

use crate::db::{self, Db};
use crate::error::ApiError;
use crate::limits::{
    CAPTCHA_CHECK_BURST, CAPTCHA_CHECK_REPLENISH_MS, FORM_SUBMISSION_REPLENISH_S, LOGIN_WINDOW,
    ORDER_CONFIRMATIONS_PER_EMAIL, ORDER_WINDOW, REGISTRATIONS_PER_LOGIN_ATTEMPT,
};
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::marker::PhantomData;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

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
    /// Back-office log-ins per staff e-mail, normalised, from every address (issue 37): failures count, a success
    /// clears them; past the limit 429.
    pub staff_logins: AttemptWindow<String>,
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

/// A key of an [`AttemptWindow`] as the table `limit_attempts` stores it.
pub trait AttemptKey {
    fn attempt_key(&self) -> String;
}

impl AttemptKey for String {
    fn attempt_key(&self) -> String {
        self.clone()
    }
}

impl AttemptKey for IpAddr {
    fn attempt_key(&self) -> String {
        self.to_string()
    }
}

impl AttemptKey for i64 {
    fn attempt_key(&self) -> String {
        self.to_string()
    }
}

impl AttemptKey for (String, IpAddr) {
    fn attempt_key(&self) -> String {
        // U+001F (unit separator) cannot appear in a normalised e-mail.
        format!("{}\u{1f}{}", self.0, self.1)
    }
}

/// An attempt [`AttemptWindow::acquire`] counted, which [`AttemptWindow::forgive`] can take back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Attempt(i64);

/// At most `limit` attempts per key within a sliding `window` (issue 7: 5 failed log-ins per 15 minutes). Unlike
/// the GCRA limiters, a key is looked at ([`Self::check`]) without counting, and only what should count is
/// recorded ([`Self::record`]): a successful log-in costs nothing. A key at its limit may try again when its oldest
/// counted attempt leaves the window.
///
/// The attempts live in the database (`db::attempts`, issue 36), so a limit holds across every instance of the
/// shop: counted in memory, it would be multiplied by the number of instances. Times are the wall clock's.
pub struct AttemptWindow<K> {
    /// The kind of attempt, as stored (`login_accounts`, …).
    kind: &'static str,
    limit: i64,
    window: Duration,
    db: Db,
    keys: PhantomData<fn(K)>,
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

impl<K: AttemptKey> AttemptWindow<K> {
    /// `limit` attempts (at least 1) of `kind` per `window`, counted in `db`.
    pub fn new(db: Db, kind: &'static str, limit: u32, window: Duration) -> Self {
        Self { kind, limit: i64::from(limit.max(1)), window, db, keys: PhantomData }
    }

    fn window_ms(&self) -> i64 {
        i64::try_from(self.window.as_millis()).unwrap_or(i64::MAX)
    }

    /// 429 `RATE_LIMITED` with the seconds until the oldest counted attempt leaves the window (rounded up).
    fn refusal(&self, standing: db::attempts::Standing, now_ms: i64) -> ApiError {
        let oldest = standing.oldest_ms.unwrap_or(now_ms);
        let wait_ms = u64::try_from(oldest.saturating_add(self.window_ms()).saturating_sub(now_ms)).unwrap_or(0);
        ApiError::TooManyRequests { retry_after_s: wait_ms.div_ceil(1000) }
    }

    /// `Ok` when `key` has fewer than `limit` attempts in the window; else 429 `RATE_LIMITED` with the seconds
    /// until the oldest leaves it. Counts nothing.
    pub async fn check(&self, key: &K) -> Result<(), ApiError> {
        self.check_at(key, now_ms()).await
    }

    async fn check_at(&self, key: &K, now_ms: i64) -> Result<(), ApiError> {
        let since = now_ms.saturating_sub(self.window_ms());
        let standing = db::attempts::standing(&self.db, self.kind, &key.attempt_key(), since, self.limit).await?;
        if standing.count < self.limit { Ok(()) } else { Err(self.refusal(standing, now_ms)) }
    }

    /// Counts one attempt of `key` now.
    pub async fn record(&self, key: K) -> Result<(), ApiError> {
        self.record_at(key, now_ms()).await
    }

    async fn record_at(&self, key: K, now_ms: i64) -> Result<(), ApiError> {
        Ok(db::attempts::record(&self.db, self.kind, &key.attempt_key(), now_ms).await?)
    }

    /// `check`, then `record` when it passed, in one step: for requests that count whatever their outcome.
    pub async fn check_and_record(&self, key: K) -> Result<(), ApiError> {
        self.acquire(key).await.map(drop)
    }

    /// Checks and counts one attempt of `key` in one step under the key's lock (issue 20: with the check before the
    /// slow password hash and the count after it, 100 simultaneous guesses at one account got 43 tries against a
    /// limit of 5; issue 36: the lock is the database's, so it holds across instances). Answers the attempt, which
    /// [`Self::forgive`] takes back when it should not count after all (a successful log-in); 429 `RATE_LIMITED` as
    /// [`Self::check`], counting nothing.
    pub async fn acquire(&self, key: K) -> Result<Attempt, ApiError> {
        self.acquire_at(key, now_ms()).await
    }

    async fn acquire_at(&self, key: K, now_ms: i64) -> Result<Attempt, ApiError> {
        let since = now_ms.saturating_sub(self.window_ms());
        match db::attempts::acquire(&self.db, self.kind, &key.attempt_key(), now_ms, since, self.limit).await? {
            Ok(id) => Ok(Attempt(id)),
            Err(standing) => Err(self.refusal(standing, now_ms)),
        }
    }

    /// Takes back `attempt`, counted by [`Self::acquire`].
    pub async fn forgive(&self, attempt: Attempt) -> Result<(), ApiError> {
        Ok(db::attempts::forgive(&self.db, attempt.0).await?)
    }

    /// The attempts a key may have per window.
    pub fn limit(&self) -> usize {
        usize::try_from(self.limit).unwrap_or(usize::MAX)
    }

    /// Forgets `key`'s attempts (an account's, after it logged in).
    pub async fn clear(&self, key: &K) -> Result<(), ApiError> {
        Ok(db::attempts::clear(&self.db, self.kind, &key.attempt_key()).await?)
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
    pub fn new(db: &Db, allow: Allowances) -> Self {
        let Allowances { form_burst: submission_burst, login_attempts, orders_per_address, orders_per_session } = allow;
        Self {
            submissions: RateLimiter::keyed(quota(Duration::from_secs(FORM_SUBMISSION_REPLENISH_S), submission_burst)),
            captcha: RateLimiter::keyed(quota(
                Duration::from_millis(CAPTCHA_CHECK_REPLENISH_MS),
                CAPTCHA_CHECK_BURST.max(submission_burst.saturating_mul(3)),
            )),
            reviews: RateLimiter::keyed(quota(Duration::from_secs(FORM_SUBMISSION_REPLENISH_S), submission_burst)),
            login_accounts: AttemptWindow::new(db.clone(), "login_accounts", login_attempts, LOGIN_WINDOW),
            login_pairs: AttemptWindow::new(db.clone(), "login_pairs", login_attempts, LOGIN_WINDOW),
            login_alerts: AttemptWindow::new(db.clone(), "login_alerts", 1, LOGIN_WINDOW),
            login_addresses: AttemptWindow::new(db.clone(), "login_addresses", login_attempts, LOGIN_WINDOW),
            registrations: AttemptWindow::new(
                db.clone(),
                "registrations",
                login_attempts.saturating_mul(REGISTRATIONS_PER_LOGIN_ATTEMPT),
                LOGIN_WINDOW,
            ),
            reset_addresses: AttemptWindow::new(db.clone(), "reset_addresses", login_attempts, LOGIN_WINDOW),
            reset_accounts: AttemptWindow::new(db.clone(), "reset_accounts", login_attempts, LOGIN_WINDOW),
            email_probes: AttemptWindow::new(db.clone(), "email_probes", login_attempts, LOGIN_WINDOW),
            order_addresses: AttemptWindow::new(db.clone(), "order_addresses", orders_per_address, ORDER_WINDOW),
            order_sessions: AttemptWindow::new(db.clone(), "order_sessions", orders_per_session, ORDER_WINDOW),
            order_confirmations: AttemptWindow::new(
                db.clone(),
                "order_confirmations",
                ORDER_CONFIRMATIONS_PER_EMAIL,
                ORDER_WINDOW,
            ),
            staff_logins: AttemptWindow::new(db.clone(), "staff_logins", login_attempts, LOGIN_WINDOW),
        }
    }

    /// Forgets addresses whose GCRA limits have fully recovered, and drops counted attempts older than every
    /// window; `serve` calls it every minute so the maps and the table stay small.
    pub async fn forget_idle(&self) {
        for limiter in [&self.submissions, &self.captcha, &self.reviews] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
        let longest = i64::try_from(LOGIN_WINDOW.max(ORDER_WINDOW).as_millis()).unwrap_or(i64::MAX);
        if let Err(err) = db::attempts::sweep(&self.login_accounts.db, now_ms().saturating_sub(longest)).await {
            tracing::warn!(%err, "old limit attempts were not swept");
        }
    }

    /// Runs [`Self::forget_idle`] every minute for as long as the limiters live.
    pub fn spawn_cleaner(self: &Arc<Self>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(60));
            loop {
                tick.tick().await;
                match weak.upgrade() {
                    Some(limiters) => limiters.forget_idle().await,
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

    /// A fresh shop database in `dir` (SQLite): the attempt windows count there.
    async fn shop_db(dir: &tempfile::TempDir) -> Db {
        crate::db::connect(&dir.path().join("limits.db")).await.unwrap()
    }

    #[tokio::test]
    async fn an_address_over_its_burst_waits_and_others_do_not() {
        let dir = tempfile::tempdir().unwrap();
        let limiters = RateLimiters::new(&shop_db(&dir).await, Allowances { form_burst: 2, ..Allowances::default() });
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

    #[tokio::test]
    async fn an_attempt_window_counts_only_what_is_recorded_and_frees_the_oldest_first() {
        let dir = tempfile::tempdir().unwrap();
        let db = shop_db(&dir).await;
        let window = AttemptWindow::new(db.clone(), "test", 3, Duration::from_secs(900));
        let start = 1_800_000_000_000_i64;
        let minutes = |m: i64| start + m * 60_000;
        let key = "ivan@example.ru".to_owned();
        for _ in 0..10 {
            assert!(window.check_at(&key, start).await.is_ok(), "checking counts nothing");
        }
        for minute in 0..3 {
            assert!(window.check_at(&key, minutes(minute)).await.is_ok());
            window.record_at(key.clone(), minutes(minute)).await.unwrap();
        }
        // Three within 15 minutes: the fourth waits until the first (at 0 min) is 15 minutes old.
        match window.check_at(&key, minutes(5)).await {
            Err(ApiError::TooManyRequests { retry_after_s }) => assert_eq!(retry_after_s, 10 * 60),
            other => panic!("expected 429, got {other:?}"),
        }
        match window.check_at(&key, minutes(5) + 500).await {
            Err(ApiError::TooManyRequests { retry_after_s }) => assert_eq!(retry_after_s, 10 * 60, "rounded up"),
            other => panic!("expected 429, got {other:?}"),
        }
        assert!(window.check_at(&"other@example.ru".to_owned(), start).await.is_ok(), "other keys are free");
        let other_kind = AttemptWindow::<String>::new(db.clone(), "other", 3, Duration::from_secs(900));
        assert!(other_kind.check_at(&key, minutes(5)).await.is_ok(), "other kinds are free");
        assert!(window.check_at(&key, minutes(15)).await.is_ok(), "the first left the window");
        window.record_at(key.clone(), minutes(15)).await.unwrap();
        match window.check_at(&key, minutes(15)).await {
            Err(ApiError::TooManyRequests { retry_after_s }) => assert_eq!(retry_after_s, 60, "then the second"),
            other => panic!("expected 429, got {other:?}"),
        }
        // An acquired attempt counts until forgiven; a full window acquires nothing.
        window.clear(&key).await.unwrap();
        let attempts = [
            window.acquire_at(key.clone(), minutes(20)).await.unwrap(),
            window.acquire_at(key.clone(), minutes(20)).await.unwrap(),
            window.acquire_at(key.clone(), minutes(20)).await.unwrap(),
        ];
        assert!(window.acquire_at(key.clone(), minutes(20)).await.is_err(), "full");
        window.forgive(attempts[1]).await.unwrap();
        assert!(window.acquire_at(key.clone(), minutes(20)).await.is_ok(), "a forgiven attempt frees its place");
        window.clear(&key).await.unwrap();
        assert!(window.check_at(&key, minutes(20)).await.is_ok(), "cleared");
    }

    #[tokio::test]
    async fn attempts_acquired_at_once_never_pass_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let window = Arc::new(AttemptWindow::new(shop_db(&dir).await, "test", 5, Duration::from_secs(900)));
        let tries: Vec<_> = (0..40)
            .map(|_| {
                let window = window.clone();
                tokio::spawn(async move { window.acquire("ivan@example.ru".to_owned()).await.is_ok() })
            })
            .collect();
        let mut passed = 0;
        for t in tries {
            passed += usize::from(t.await.unwrap());
        }
        assert_eq!(passed, 5);
    }
}
