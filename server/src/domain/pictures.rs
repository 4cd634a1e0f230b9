//! Picture addresses from outside (issue 19): a feed's `<picture>` is hostile until checked. Only an absolute
//! `http` or `https` URL with a host is kept; anything else (`javascript:`, `data:`, a relative path, a
//! protocol-relative `//host/x.jpg`) would be emitted in `og:image`, the JSON-LD `image` and the picture preload.
//! The one exception is the shop's own: the demo catalogue's pictures, embedded in the binary and served under
//! [`DEMO_PICTURES_PATH`], which the demo and generated feeds name by path (docs/decisions.md).

use crate::limits::PICTURE_URL_MAX_BYTES;
use std::fmt;

/// Where the binary serves the demo catalogue's pictures (`web::demo_image`); the demo and generated feeds name
/// them as `/demo/images/{file}`.
pub const DEMO_PICTURES_PATH: &str = "/demo/images/";

/// Whether `raw` names one of the shop's own demo pictures: [`DEMO_PICTURES_PATH`] and a plain file name.
fn is_demo_picture(raw: &str) -> bool {
    raw.strip_prefix(DEMO_PICTURES_PATH).is_some_and(|file| {
        let (stem, extension) = file.rsplit_once('.').unwrap_or((file, ""));
        !stem.is_empty()
            && stem.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            && matches!(extension, "svg" | "png" | "jpg" | "webp")
    })
}

/// A picture's address as the shop may emit it: absolute, `http(s)`, with a host, at most
/// [`PICTURE_URL_MAX_BYTES`] bytes, serialised by the `url` crate (WHATWG URL rules: spaces and other unsafe
/// characters percent-encoded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PictureUrl(String);

/// Why a picture address was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PictureUrlError {
    #[error("the picture address is empty")]
    Empty,
    #[error("the picture address is longer than {PICTURE_URL_MAX_BYTES} bytes")]
    TooLong,
    #[error("the picture address is not an absolute URL")]
    NotAbsolute,
    #[error("the picture address is not http or https")]
    NotHttp,
    #[error("the picture address carries a user name or password")]
    Credentials,
}

impl PictureUrl {
    /// Checks a feed's picture address (surrounding white space is dropped).
    ///
    /// # Errors
    /// [`PictureUrlError`] says why the address cannot be used.
    pub fn parse(raw: &str) -> Result<Self, PictureUrlError> {
        let raw = raw.trim();
        if raw.is_empty() {
            return Err(PictureUrlError::Empty);
        }
        if raw.len() > PICTURE_URL_MAX_BYTES {
            return Err(PictureUrlError::TooLong);
        }
        if is_demo_picture(raw) {
            return Ok(Self(raw.to_owned()));
        }
        let url = url::Url::parse(raw).map_err(|_| PictureUrlError::NotAbsolute)?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(PictureUrlError::NotHttp);
        }
        if url.host_str().is_none_or(str::is_empty) {
            return Err(PictureUrlError::NotAbsolute);
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(PictureUrlError::Credentials);
        }
        let serialised: String = url.into();
        if serialised.len() > PICTURE_URL_MAX_BYTES {
            return Err(PictureUrlError::TooLong);
        }
        Ok(Self(serialised))
    }

    /// The address.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The address, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for PictureUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_absolute_http_and_https_addresses() {
        assert_eq!(PictureUrl::parse(" https://shop.example/a.jpg ").unwrap().as_str(), "https://shop.example/a.jpg");
        assert_eq!(PictureUrl::parse("http://shop.example/a b.jpg").unwrap().as_str(), "http://shop.example/a%20b.jpg");
        assert_eq!(
            PictureUrl::parse("HTTPS://Shop.Example/Пазл.jpg").unwrap().as_str(),
            "https://shop.example/%D0%9F%D0%B0%D0%B7%D0%BB.jpg"
        );
    }

    #[test]
    fn keeps_the_shops_own_demo_pictures() {
        assert_eq!(PictureUrl::parse("/demo/images/blocks.svg").unwrap().as_str(), "/demo/images/blocks.svg");
    }

    #[test]
    fn refuses_scripts_data_relative_and_other_schemes() {
        for (raw, error) in [
            ("javascript:alert(1)", PictureUrlError::NotHttp),
            ("JavaScript:alert(1)", PictureUrlError::NotHttp),
            ("data:image/png;base64,AAAA", PictureUrlError::NotHttp),
            ("ftp://shop.example/a.jpg", PictureUrlError::NotHttp),
            ("/images/a.jpg", PictureUrlError::NotAbsolute),
            ("/demo/images/../../api/x.svg", PictureUrlError::NotAbsolute),
            ("/demo/images/a.svg?x=1", PictureUrlError::NotAbsolute),
            ("a.jpg", PictureUrlError::NotAbsolute),
            ("//evil.example/a.jpg", PictureUrlError::NotAbsolute),
            ("https://", PictureUrlError::NotAbsolute),
            ("https://user:pw@shop.example/a.jpg", PictureUrlError::Credentials),
            ("   ", PictureUrlError::Empty),
        ] {
            assert_eq!(PictureUrl::parse(raw), Err(error), "{raw}");
        }
        let long = format!("https://shop.example/{}.jpg", "a".repeat(PICTURE_URL_MAX_BYTES));
        assert_eq!(PictureUrl::parse(&long), Err(PictureUrlError::TooLong));
    }
}
