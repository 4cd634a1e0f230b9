//! Why a picture could not be made the shop's own (issue 24): recorded in `pictures.failure` as `CODE: detail` and
//! listed by `vitrina pictures status`.

use std::fmt;

/// A failed attempt at a picture: its code, a detail for the shop owner, and whether trying again later may help.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub code: FailureCode,
    pub detail: String,
}

/// What went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureCode {
    /// The host is, or resolves to, a loopback, private or reserved address (SSRF guard).
    AddressRefused,
    /// More than [`PICTURE_REDIRECTS_MAX`](crate::limits::PICTURE_REDIRECTS_MAX) redirects (a loop ends here), or
    /// one to an address that is not http(s).
    Redirects,
    /// The download took longer than the time-out (a slow-drip server), or connecting did.
    Timeout,
    /// No connection: the host is unknown, refuses, or the TLS handshake failed.
    Connect,
    /// The server answered with an error status (404, 500, …).
    HttpStatus(u16),
    /// The body is longer than [`PICTURE_BYTES_MAX`](crate::limits::PICTURE_BYTES_MAX).
    TooLarge,
    /// The body is not a picture the shop reads (JPEG, PNG, GIF, WebP), whatever its `Content-Type` says.
    NotImage,
    /// The picture has more than [`PICTURE_PIXELS_MAX`](crate::limits::PICTURE_PIXELS_MAX) pixels, or none.
    TooManyPixels,
    /// The picture's data is broken past its header.
    Undecodable,
    /// A demo picture the binary does not carry.
    Missing,
    /// The picture store could not be written or read (a full disk, no permission): the shop's fault, not the
    /// picture's, so it is tried again.
    Store,
}

impl FailureCode {
    /// The code as stored and printed: `PICTURE_NOT_IMAGE`, …
    pub fn as_str(self) -> &'static str {
        match self {
            FailureCode::AddressRefused => "PICTURE_ADDRESS_REFUSED",
            FailureCode::Redirects => "PICTURE_REDIRECTS",
            FailureCode::Timeout => "PICTURE_TIMEOUT",
            FailureCode::Connect => "PICTURE_CONNECT",
            FailureCode::HttpStatus(_) => "PICTURE_HTTP_STATUS",
            FailureCode::TooLarge => "PICTURE_TOO_LARGE",
            FailureCode::NotImage => "PICTURE_NOT_IMAGE",
            FailureCode::TooManyPixels => "PICTURE_TOO_MANY_PIXELS",
            FailureCode::Undecodable => "PICTURE_UNDECODABLE",
            FailureCode::Missing => "PICTURE_MISSING",
            FailureCode::Store => "PICTURE_STORE",
        }
    }

    /// Whether a later attempt may succeed: a time-out, no connection, a 5xx, 408 or 429 answer, or the store that
    /// could not be written. The rest (a 404, a body that is not a picture, a refused address) fail at once.
    pub fn retryable(self) -> bool {
        match self {
            FailureCode::Timeout | FailureCode::Connect | FailureCode::Store => true,
            FailureCode::HttpStatus(status) => status >= 500 || status == 408 || status == 429,
            _ => false,
        }
    }
}

impl Failure {
    pub fn new(code: FailureCode, detail: impl Into<String>) -> Self {
        Self { code, detail: detail.into() }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.detail)
    }
}
