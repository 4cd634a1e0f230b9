//! A rendered page as the page cache keys, keeps and gives it (issue 22, issue 39): shared by the memory
//! ([`super::cache`]) and the folder ([`super::disk`]).

use axum::http::StatusCode;
use bytes::Bytes;

/// What a rendered page depends on beside the content it read: its URL (path and query) and its language. Nothing
/// else of the request reaches a render (a visitor's own data is asked for after hydration).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey {
    pub url: String,
    pub language: &'static str,
}

impl PageKey {
    /// The key of the page at `url` in `language`.
    pub fn new(url: &str, language: &'static str) -> Self {
        PageKey { url: url.to_owned(), language }
    }
}

/// A rendered page as it goes out: its HTTP status (200, or 404 for a "not found" page) and its HTML document.
#[derive(Debug, Clone)]
pub struct Page {
    pub status: StatusCode,
    pub document: Bytes,
}

/// A page as the cache keeps and gives it: its status and its document compressed with brotli (issue 39: some six
/// times as many pages in the same bytes, and sent as kept to every client that takes `br`).
#[derive(Debug, Clone)]
pub struct Stored {
    pub status: StatusCode,
    pub brotli: Bytes,
}

impl Stored {
    /// `page` compressed ([`PAGE_CACHE_BROTLI_QUALITY`](crate::limits::PAGE_CACHE_BROTLI_QUALITY)).
    pub fn of(page: &Page) -> Self {
        let mut out = Vec::with_capacity(page.document.len() / 4);
        {
            let params = brotli::enc::BrotliEncoderParams {
                quality: crate::limits::PAGE_CACHE_BROTLI_QUALITY,
                ..Default::default()
            };
            let mut input = &page.document[..];
            // Writing to a Vec cannot fail.
            let _ = brotli::BrotliCompress(&mut input, &mut out, &params);
        }
        Stored { status: page.status, brotli: Bytes::from(out) }
    }

    /// The document itself, for a client that does not take `br`; `None` if it does not decompress (never, unless
    /// memory was corrupted).
    pub fn document(&self) -> Option<Bytes> {
        let mut out = Vec::with_capacity(self.brotli.len() * 6);
        brotli::BrotliDecompress(&mut &self.brotli[..], &mut out).ok()?;
        Some(Bytes::from(out))
    }
}
