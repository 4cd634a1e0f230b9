//! Reads a downloaded picture and makes its derivatives (issue 24) with the `image` crate and its encoders: AVIF by
//! ravif (rav1e), lossy WebP by libwebp (the `webp` crate), JPEG by `image`'s own encoder.
//!
//! A body is judged by its bytes, never by the `Content-Type` it came with: [`inspect`] sniffs the format and reads
//! the size from the header, so a decompression bomb is refused before a pixel is decoded, and [`decode`] runs
//! under [`image::Limits`] besides. Transparency is laid on white: JPEG has none, and the storefront shows pictures
//! on white.

use super::failure::{Failure, FailureCode};
use crate::domain::pictures::{PictureFormat, derivative_size};
#[cfg(doc)]
use crate::limits::PICTURE_AVIF_SPEED;
use crate::limits::{
    PICTURE_AVIF_QUALITY, PICTURE_DECODE_MEMORY_MAX, PICTURE_JPEG_QUALITY, PICTURE_PIXELS_MAX, PICTURE_WEBP_QUALITY,
    PICTURE_WIDTHS,
};
use image::{DynamicImage, ImageFormat, ImageReader, RgbImage};
use std::io::Cursor;

/// What [`inspect`] read from a picture's header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Inspected {
    pub format: ImageFormat,
    /// px
    pub width: u32,
    /// px
    pub height: u32,
}

/// The formats the shop reads: what feeds carry. Anything else (SVG, TIFF, an HTML error page) is not a picture.
const READABLE: [ImageFormat; 4] = [ImageFormat::Jpeg, ImageFormat::Png, ImageFormat::Gif, ImageFormat::WebP];

/// Sniffs `bytes` and reads the picture's size from its header.
///
/// # Errors
/// `PICTURE_NOT_IMAGE` for bytes of no readable format; `PICTURE_TOO_MANY_PIXELS` past [`PICTURE_PIXELS_MAX`] (or
/// an empty picture); `PICTURE_UNDECODABLE` for a broken header.
pub fn inspect(bytes: &[u8]) -> Result<Inspected, Failure> {
    let format = image::guess_format(bytes)
        .ok()
        .filter(|f| READABLE.contains(f))
        .ok_or_else(|| Failure::new(FailureCode::NotImage, "the body is not a JPEG, PNG, GIF or WebP picture"))?;
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|e| Failure::new(FailureCode::Undecodable, e.to_string()))?;
    let pixels = u64::from(width) * u64::from(height);
    if pixels == 0 || pixels > PICTURE_PIXELS_MAX {
        return Err(Failure::new(
            FailureCode::TooManyPixels,
            format!("{width}×{height} px: more than {PICTURE_PIXELS_MAX} pixels, or none"),
        ));
    }
    Ok(Inspected { format, width, height })
}

/// Decodes an [`inspect`]ed picture into 8-bit RGB, transparency laid on white.
///
/// Only non-generic `image` calls are made here and below (on [`DynamicImage`], `write_image`): their code is
/// compiled, and optimised, in the `image` crate, so debug builds (the tests) scale and encode at release speed.
///
/// # Errors
/// `PICTURE_UNDECODABLE` when the data is broken, or would take more than [`PICTURE_DECODE_MEMORY_MAX`] bytes.
pub fn decode(bytes: &[u8], inspected: Inspected) -> Result<DynamicImage, Failure> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), inspected.format);
    let mut limits = image::Limits::default();
    limits.max_alloc = Some(PICTURE_DECODE_MEMORY_MAX);
    limits.max_image_width = Some(inspected.width);
    limits.max_image_height = Some(inspected.height);
    reader.limits(limits);
    let image = reader.decode().map_err(|e| Failure::new(FailureCode::Undecodable, e.to_string()))?;
    Ok(DynamicImage::ImageRgb8(on_white(image)))
}

fn on_white(image: DynamicImage) -> RgbImage {
    if !image.color().has_alpha() {
        return image.into_rgb8();
    }
    let rgba = image.into_rgba8();
    let mut rgb = RgbImage::new(rgba.width(), rgba.height());
    for (out, px) in rgb.as_mut().chunks_exact_mut(3).zip(rgba.as_raw().chunks_exact(4)) {
        let a = u16::from(px[3]);
        for (o, &c) in out.iter_mut().zip(&px[..3]) {
            *o = ((u16::from(c) * a + 255 * (255 - a) + 127) / 255) as u8;
        }
    }
    rgb
}

/// The picture scaled down for every width of [`PICTURE_WIDTHS`], widest first, each paired with its slot width.
/// Each is made from the next wider one, which costs a fraction of scaling the original each time; a slot wider than
/// the picture gets the picture itself. Scaling averages the source pixels each target pixel covers
/// (`thumbnail_exact`): for shrinking, about as sharp as Lanczos3 and without its ringing. Measured on 2000 px
/// photographs (`scripts/bench/pictures.mjs`), a picture's download, WebP and JPEG derivatives took 0.45 s instead of
/// 2 s with Lanczos3, whose resampling alone was 40 % of the time.
pub fn scale_all(original: &DynamicImage) -> Vec<(u32, DynamicImage)> {
    let mut out: Vec<(u32, DynamicImage)> = Vec::with_capacity(PICTURE_WIDTHS.len());
    for &slot in PICTURE_WIDTHS.iter().rev() {
        let (w, h) = derivative_size(original.width(), original.height(), slot);
        let source = out.last().map_or(original, |(_, wider)| wider);
        let scaled =
            if (w, h) == (source.width(), source.height()) { source.clone() } else { source.thumbnail_exact(w, h) };
        out.push((slot, scaled));
    }
    out
}

/// Encodes a scaled picture (8-bit RGB, as [`decode`] gives); `avif_speed` is rav1e's 1–10
/// ([`PICTURE_AVIF_SPEED`] by default, `--pictures-avif-speed`).
///
/// # Errors
/// An encoder's failure (not expected for a valid RGB picture): the picture is recorded `PICTURE_UNDECODABLE`.
pub fn encode(image: &DynamicImage, format: PictureFormat, avif_speed: u8) -> Result<Vec<u8>, Failure> {
    use image::ImageEncoder;
    let failed = |e: &dyn std::fmt::Display| Failure::new(FailureCode::Undecodable, format!("encoding: {e}"));
    let rgb = image.as_rgb8().ok_or_else(|| failed(&"not 8-bit RGB"))?;
    let (width, height) = rgb.dimensions();
    let mut out = Vec::new();
    match format {
        PictureFormat::Jpeg => {
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, PICTURE_JPEG_QUALITY)
                .write_image(rgb.as_raw(), width, height, image::ExtendedColorType::Rgb8)
                .map_err(|e| failed(&e))?;
        }
        PictureFormat::Webp => {
            let encoded = webp::Encoder::from_rgb(rgb.as_raw(), width, height)
                .encode_simple(false, PICTURE_WEBP_QUALITY)
                .map_err(|e| failed(&format!("{e:?}")))?;
            out.extend_from_slice(&encoded);
        }
        PictureFormat::Avif => {
            // ravif's own `encode_rgb`, not `image`'s AVIF encoder: that one is generic over its writer and hands
            // ravif an `impl Iterator`, so the whole AV1 encoder would be compiled, unoptimised, into a debug binary.
            let pixels: Vec<ravif::RGB8> =
                rgb.as_raw().chunks_exact(3).map(|c| ravif::RGB8::new(c[0], c[1], c[2])).collect();
            let encoded = ravif::Encoder::new()
                .with_quality(PICTURE_AVIF_QUALITY)
                .with_speed(avif_speed.clamp(1, 10))
                .encode_rgb(ravif::Img::new(&pixels[..], width as usize, height as usize))
                .map_err(|e| failed(&e))?;
            out = encoded.avif_file;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::limits::PICTURE_AVIF_SPEED;

    fn png(width: u32, height: u32, alpha: bool) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        let image: DynamicImage = if alpha {
            DynamicImage::ImageRgba8(image::RgbaImage::from_pixel(width, height, image::Rgba([0, 0, 0, 0])))
        } else {
            DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| image::Rgb([x as u8, y as u8, 99])))
        };
        image.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    #[test]
    fn sniffs_the_bytes_not_the_name() {
        let inspected = inspect(&png(300, 200, false)).unwrap();
        assert_eq!((inspected.format, inspected.width, inspected.height), (ImageFormat::Png, 300, 200));
        for body in
            [&b"<!doctype html><title>404</title>"[..], b"", b"GIF8", b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"]
        {
            let code = inspect(body).map(|_| ()).unwrap_err().code;
            assert!(matches!(code, FailureCode::NotImage | FailureCode::Undecodable), "{body:?}: {code:?}");
        }
    }

    #[test]
    fn refuses_a_decompression_bomb_from_its_header() {
        // A PNG header claiming 10,000 × 10,000 px (100 MP) over a few bytes of data.
        let mut bomb = png(1, 1, false);
        bomb[16..20].copy_from_slice(&10_000u32.to_be_bytes());
        bomb[20..24].copy_from_slice(&10_000u32.to_be_bytes());
        // The IHDR chunk's CRC-32 (over its type and data, bytes 12..29), so the header reads as valid.
        let crc = crc32fast::hash(&bomb[12..29]);
        bomb[29..33].copy_from_slice(&crc.to_be_bytes());
        assert_eq!(inspect(&bomb).unwrap_err().code, FailureCode::TooManyPixels);
    }

    #[test]
    fn transparency_is_laid_on_white() {
        let bytes = png(4, 4, true);
        let rgb = decode(&bytes, inspect(&bytes).unwrap()).unwrap();
        assert!(rgb.as_bytes().iter().all(|&b| b == 255));
    }

    #[test]
    fn scales_to_every_slot_without_enlarging_and_encodes_each_format() {
        let bytes = png(500, 250, false);
        let rgb = decode(&bytes, inspect(&bytes).unwrap()).unwrap();
        let scaled = scale_all(&rgb);
        let sizes: Vec<(u32, (u32, u32))> =
            scaled.iter().map(|(slot, img)| (*slot, (img.width(), img.height()))).collect();
        assert_eq!(sizes, vec![(1280, (500, 250)), (640, (500, 250)), (320, (320, 160)), (160, (160, 80))]);
        let thumbnail = &scaled.last().unwrap().1;
        for format in PictureFormat::ALL {
            let encoded = encode(thumbnail, format, PICTURE_AVIF_SPEED).unwrap();
            let sniffed = image::guess_format(&encoded).ok();
            let expected = match format {
                PictureFormat::Avif => ImageFormat::Avif,
                PictureFormat::Webp => ImageFormat::WebP,
                PictureFormat::Jpeg => ImageFormat::Jpeg,
            };
            assert_eq!(sniffed, Some(expected), "{format:?}");
        }
    }
}
