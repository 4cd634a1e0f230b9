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

/// The address under which a picture 1C sent with its exchange (issue 38) is named: this prefix and the content id
/// of the original the exchange put into the picture store. Never emitted: the storefront shows only pictures the
/// worker has made derivatives of, under `/pictures/`.
pub const EXCHANGE_PICTURES_PATH: &str = "/1c/pictures/";

/// Whether `raw` names a picture of 1C's exchange: [`EXCHANGE_PICTURES_PATH`] and a content id.
pub fn exchange_picture_id(raw: &str) -> Option<&str> {
    raw.strip_prefix(EXCHANGE_PICTURES_PATH).filter(|id| is_picture_id(id))
}

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
        if is_demo_picture(raw) || exchange_picture_id(raw).is_some() {
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

/// A picture as the shop serves it (issue 24): its own copy in the picture store, made from a feed's picture. The
/// derivatives are at [`Picture::path`]: `/pictures/{id}/{width}.{avif|webp|jpg}`, for each of
/// [`PICTURE_WIDTHS`](crate::limits::PICTURE_WIDTHS); a derivative is never wider than the picture. A picture not
/// fetched yet, or whose download failed, is not listed at all: the storefront shows its placeholder.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct Picture {
    /// The content address: 32 hex digits of the original's SHA-256.
    #[schema(example = "3f2a9c0d1b7e4f6a8c5d2e1f0a9b8c7d")]
    pub id: String,
    /// The original's width, px.
    pub width: u32,
    /// The original's height, px.
    pub height: u32,
    /// Whether the AVIF derivatives are made (they follow the WebP and JPEG ones, which always exist).
    pub avif: bool,
}

impl Picture {
    /// The derivative's path: `/pictures/{id}/{width}.{extension}`.
    pub fn path(&self, width: u32, format: PictureFormat) -> String {
        format!("/pictures/{}/{width}.{}", self.id, format.extension())
    }

    /// The `srcset` of `format`: each slot width's derivative with the width it really has, up to the first slot
    /// as wide as the picture (wider ones would repeat it), e.g. `/pictures/{id}/160.webp 160w, /pictures/{id}/320.webp
    /// 300w` for a 300 px picture. The front-end builds the same string (`pictureSrcSet` in `components/ui/picture`),
    /// so a preload names what the page's `<picture>` then picks.
    pub fn srcset(&self, format: PictureFormat) -> String {
        let mut out = String::new();
        for slot in crate::limits::PICTURE_WIDTHS {
            let (width, _) = derivative_size(self.width, self.height, slot);
            if !out.is_empty() {
                out.push_str(", ");
            }
            out.push_str(&format!("{} {width}w", self.path(slot, format)));
            if width < slot {
                break;
            }
        }
        out
    }

    /// The best format every browser offered this picture reads first: AVIF once made, else WebP.
    pub fn best_format(&self) -> PictureFormat {
        if self.avif { PictureFormat::Avif } else { PictureFormat::Webp }
    }
}

/// The size of a `width` derivative of a `w` × `h` picture, px: scaled to `width` keeping the aspect ratio (at least
/// 1 px), or the picture's own size when it is not wider.
pub fn derivative_size(w: u32, h: u32, width: u32) -> (u32, u32) {
    if w <= width {
        return (w, h);
    }
    let height = (u64::from(h) * u64::from(width) + u64::from(w) / 2) / u64::from(w);
    (width, u32::try_from(height).unwrap_or(u32::MAX).max(1))
}

/// Whether `id` has the shape of a [`Picture::id`]: 32 lowercase hex digits (the route checks it before touching the
/// store, so no path can be named).
pub fn is_picture_id(id: &str) -> bool {
    id.len() == 32 && id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A derivative's encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PictureFormat {
    Avif,
    Webp,
    Jpeg,
}

impl PictureFormat {
    /// Every format, in the order a `<picture>` offers them (the browser takes the first it reads).
    pub const ALL: [PictureFormat; 3] = [PictureFormat::Avif, PictureFormat::Webp, PictureFormat::Jpeg];

    /// The file extension: `avif`, `webp`, `jpg`.
    pub fn extension(self) -> &'static str {
        match self {
            PictureFormat::Avif => "avif",
            PictureFormat::Webp => "webp",
            PictureFormat::Jpeg => "jpg",
        }
    }

    /// The media type: `image/avif`, `image/webp`, `image/jpeg`.
    pub fn media_type(self) -> &'static str {
        match self {
            PictureFormat::Avif => "image/avif",
            PictureFormat::Webp => "image/webp",
            PictureFormat::Jpeg => "image/jpeg",
        }
    }

    /// The format of an extension ([`PictureFormat::extension`]), `None` for any other.
    pub fn from_extension(extension: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.extension() == extension)
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
    fn derivatives_keep_the_aspect_ratio_and_never_enlarge() {
        assert_eq!(derivative_size(2000, 1000, 320), (320, 160));
        assert_eq!(derivative_size(1000, 3000, 160), (160, 480));
        assert_eq!(derivative_size(300, 200, 640), (300, 200));
        assert_eq!(derivative_size(5000, 1, 160), (160, 1));
    }

    #[test]
    fn srcsets_stop_at_the_first_slot_as_wide_as_the_picture() {
        let id = "0123456789abcdef0123456789abcdef".to_owned();
        let small = Picture { id: id.clone(), width: 300, height: 200, avif: false };
        assert_eq!(
            small.srcset(PictureFormat::Webp),
            format!("/pictures/{id}/160.webp 160w, /pictures/{id}/320.webp 300w")
        );
        let large = Picture { id: id.clone(), width: 2000, height: 2000, avif: true };
        assert_eq!(
            large.srcset(PictureFormat::Avif),
            format!(
                "/pictures/{id}/160.avif 160w, /pictures/{id}/320.avif 320w, /pictures/{id}/640.avif 640w, \
                 /pictures/{id}/1280.avif 1280w"
            )
        );
        assert_eq!(large.best_format(), PictureFormat::Avif);
        assert_eq!(small.best_format(), PictureFormat::Webp);
    }

    #[test]
    fn picture_ids_are_32_lowercase_hex_digits() {
        assert!(is_picture_id("0123456789abcdef0123456789abcdef"));
        for bad in ["0123456789ABCDEF0123456789abcdef", "../../etc/passwd", "", "0123456789abcdef0123456789abcde"] {
            assert!(!is_picture_id(bad), "{bad}");
        }
    }

    #[test]
    fn formats_round_trip_through_their_extensions() {
        for format in PictureFormat::ALL {
            assert_eq!(PictureFormat::from_extension(format.extension()), Some(format));
        }
        assert_eq!(PictureFormat::from_extension("png"), None);
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
