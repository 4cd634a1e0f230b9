//! Downloads a picture (issue 24) with reqwest: the time-outs, redirect limit and address guard of
//! [`FetchSettings`], a body cut off past [`PICTURE_BYTES_MAX`], and a conditional request when the validators of
//! the last download are known.

use super::address::{AddressPolicy, AddressRefused, GuardedResolver, check_url};
use super::failure::{Failure, FailureCode};
use crate::limits::{PICTURE_BYTES_MAX, PICTURE_CONNECT_TIMEOUT_MS, PICTURE_REDIRECTS_MAX};
use reqwest::header::{self, HeaderMap, HeaderValue};
use std::sync::Arc;
use std::time::Duration;

/// How pictures are downloaded.
#[derive(Debug, Clone, Copy)]
pub struct FetchSettings {
    /// One download in all, connection and body (`--pictures-timeout-ms`).
    pub timeout: Duration,
    pub addresses: AddressPolicy,
}

/// The validators of a stored copy, sent as `If-None-Match` / `If-Modified-Since`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Validators {
    pub etag: Option<String>,
    pub last_modified: Option<String>,
}

/// A download's outcome.
#[derive(Debug)]
pub enum Fetched {
    /// The body (at most [`PICTURE_BYTES_MAX`] bytes) and its validators.
    Body { bytes: Vec<u8>, validators: Validators },
    /// `304 Not Modified`: the stored copy stands.
    NotModified,
}

/// The HTTP client for pictures: one per worker, shared by its downloads (connections are reused per host).
#[derive(Debug, Clone)]
pub struct Fetcher {
    client: reqwest::Client,
    addresses: AddressPolicy,
}

/// Makes ring the process's rustls crypto provider, once: reqwest is built without one of its own (so no second
/// TLS stack, aws-lc, is compiled in), and every client in the process (the picture fetcher's, the tests') needs it.
pub fn install_crypto_provider() {
    static INSTALLED: std::sync::Once = std::sync::Once::new();
    INSTALLED.call_once(|| {
        // Err: another part of the process installed one first, which serves as well.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// The TLS set-up: rustls with ring and the Mozilla roots (webpki-roots), so the binary needs no system certificates.
fn tls_config() -> rustls::ClientConfig {
    let roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    rustls::ClientConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("ring supports the default protocol versions")
        .with_root_certificates(roots)
        .with_no_client_auth()
}

impl Fetcher {
    /// A client with `settings`.
    ///
    /// # Errors
    /// When reqwest cannot build its client (no TLS back-end): a start-up failure, not a picture's.
    pub fn new(settings: FetchSettings) -> anyhow::Result<Self> {
        install_crypto_provider();
        let addresses = settings.addresses;
        let redirects = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() > PICTURE_REDIRECTS_MAX {
                attempt.error(TooManyRedirects)
            } else if let Err(refused) = check_url(addresses, attempt.url()) {
                attempt.error(refused)
            } else if !matches!(attempt.url().scheme(), "http" | "https") {
                attempt.error(TooManyRedirects)
            } else {
                attempt.follow()
            }
        });
        let client = reqwest::Client::builder()
            .tls_backend_preconfigured(tls_config())
            .timeout(settings.timeout)
            .connect_timeout(Duration::from_millis(PICTURE_CONNECT_TIMEOUT_MS))
            .redirect(redirects)
            .dns_resolver(Arc::new(GuardedResolver(addresses)))
            .user_agent(concat!("Vitrina/", env!("CARGO_PKG_VERSION"), " (picture fetcher)"))
            .build()?;
        Ok(Self { client, addresses })
    }

    /// Downloads `url`; with `validators`, conditionally.
    ///
    /// # Errors
    /// The [`Failure`] of the download: refused address, redirects, time-out, connection, an error status, a body
    /// too large.
    pub async fn fetch(&self, url: &str, validators: &Validators) -> Result<Fetched, Failure> {
        let parsed = url::Url::parse(url).map_err(|e| Failure::new(FailureCode::Connect, e.to_string()))?;
        check_url(self.addresses, &parsed).map_err(|e| Failure::new(FailureCode::AddressRefused, e.to_string()))?;
        let mut request = self.client.get(parsed);
        if let Some(etag) = &validators.etag {
            request = request.header(header::IF_NONE_MATCH, etag);
        }
        if let Some(date) = &validators.last_modified {
            request = request.header(header::IF_MODIFIED_SINCE, date);
        }
        let mut response = request.send().await.map_err(classify)?;
        let status = response.status();
        if status == reqwest::StatusCode::NOT_MODIFIED
            && (validators.etag.is_some() || validators.last_modified.is_some())
        {
            return Ok(Fetched::NotModified);
        }
        if !status.is_success() {
            return Err(Failure::new(FailureCode::HttpStatus(status.as_u16()), format!("HTTP {status}")));
        }
        if response.content_length().is_some_and(|length| length > PICTURE_BYTES_MAX) {
            return Err(too_large());
        }
        let validators = read_validators(response.headers());
        let mut bytes = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(classify)? {
            if bytes.len() as u64 + chunk.len() as u64 > PICTURE_BYTES_MAX {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(Fetched::Body { bytes, validators })
    }
}

fn too_large() -> Failure {
    Failure::new(FailureCode::TooLarge, format!("the picture is larger than {PICTURE_BYTES_MAX} bytes"))
}

fn read_validators(headers: &HeaderMap) -> Validators {
    let text = |name| headers.get(name).and_then(|v: &HeaderValue| v.to_str().ok()).map(str::to_owned);
    Validators { etag: text(header::ETAG), last_modified: text(header::LAST_MODIFIED) }
}

/// The redirect policy's error past [`PICTURE_REDIRECTS_MAX`].
#[derive(Debug, thiserror::Error)]
#[error("more than {PICTURE_REDIRECTS_MAX} redirects, or a redirect away from http(s)")]
struct TooManyRedirects;

/// Names a reqwest error's cause: the address guard and the redirect policy are found in its source chain.
fn classify(err: reqwest::Error) -> Failure {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(&err);
    while let Some(cause) = source {
        if let Some(refused) = cause.downcast_ref::<AddressRefused>() {
            return Failure::new(FailureCode::AddressRefused, refused.to_string());
        }
        if cause.is::<TooManyRedirects>() {
            return Failure::new(FailureCode::Redirects, cause.to_string());
        }
        source = cause.source();
    }
    let code = if err.is_timeout() {
        FailureCode::Timeout
    } else if err.is_redirect() {
        FailureCode::Redirects
    } else {
        FailureCode::Connect
    };
    let mut detail = err.to_string();
    let mut source = std::error::Error::source(&err);
    while let Some(cause) = source {
        detail.push_str(": ");
        detail.push_str(&cause.to_string());
        source = cause.source();
    }
    Failure::new(code, detail)
}
