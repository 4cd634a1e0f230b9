//! Limits per client address (issue 5: form submissions and captcha checks; issue 7 adds log-ins), with the
//! `governor` crate's keyed GCRA limiters. An address over its limit gets 429 `RATE_LIMITED` with `Retry-After`.
//!
//! The address is the TCP peer's. Behind a reverse proxy every shopper shares the proxy's address; trusting a
//! forwarded header is issue 9's (docs/decisions.md "Rate limits").

use crate::error::ApiError;
use crate::limits::{CAPTCHA_CHECK_BURST, CAPTCHA_CHECK_REPLENISH_MS, FORM_SUBMISSION_REPLENISH_S};
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

/// The client's IP address (the TCP peer); `0.0.0.0` when the server runs without connection info (never in
/// `serve`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip());
        Ok(Self(ip))
    }
}

/// The shop's limiters, one per kind of request.
pub struct RateLimiters {
    /// Form submissions: a burst of `submission_burst`, then one per [`FORM_SUBMISSION_REPLENISH_S`].
    pub submissions: DefaultKeyedRateLimiter<IpAddr>,
    /// Captcha checks and images: a burst of [`CAPTCHA_CHECK_BURST`] (or three per allowed submission, when the
    /// submission burst is raised), then one per [`CAPTCHA_CHECK_REPLENISH_MS`].
    pub captcha: DefaultKeyedRateLimiter<IpAddr>,
}

fn quota(period: Duration, burst: u32) -> Quota {
    Quota::with_period(period).expect("a non-zero period").allow_burst(NonZeroU32::new(burst.max(1)).expect("≥ 1"))
}

impl RateLimiters {
    /// Limiters allowing `submission_burst` submissions per address at once (`VITRINA_FORM_RATE_BURST`); the
    /// captcha limit grows with it, since each submission needs an image and a few checks.
    pub fn new(submission_burst: u32) -> Self {
        Self {
            submissions: RateLimiter::keyed(quota(Duration::from_secs(FORM_SUBMISSION_REPLENISH_S), submission_burst)),
            captcha: RateLimiter::keyed(quota(
                Duration::from_millis(CAPTCHA_CHECK_REPLENISH_MS),
                CAPTCHA_CHECK_BURST.max(submission_burst.saturating_mul(3)),
            )),
        }
    }

    /// Forgets addresses whose limits have fully recovered; `serve` calls it every minute so the maps stay small.
    pub fn forget_idle(&self) {
        for limiter in [&self.submissions, &self.captcha] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
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
    fn an_address_over_its_burst_waits_and_others_do_not() {
        let limiters = RateLimiters::new(2);
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
}
