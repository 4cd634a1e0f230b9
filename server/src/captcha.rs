//! Captcha images (issue 5; spec §3 `CAPTCHA_SID`/`CAPTCHA_WORD`, §5): a fresh word of [`CAPTCHA_LENGTH`]
//! characters drawn as a PNG by the `captcha` crate (MIT). The word is stored with its sid (`db::forms`); the
//! check is case-insensitive, so the alphabet leaves out characters that look alike in either case.

use crate::limits::CAPTCHA_LENGTH;
use captcha::Captcha;
use captcha::filters::{Noise, Wave};

/// Width of a captcha image, px.
pub const CAPTCHA_WIDTH_PX: u32 = 220;
/// Height of a captcha image, px.
pub const CAPTCHA_HEIGHT_PX: u32 = 90;

/// The characters a captcha word is made of: digits 2–9 and capitals without I, L, O (the font has no 0, 1).
const ALPHABET: &[char] = &[
    '2', '3', '4', '5', '6', '7', '8', '9', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'J', 'K', 'M', 'N', 'P', 'Q', 'R',
    'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z',
];

/// Draws a new captcha: `(word, PNG bytes)`. CPU-bound (a few ms): call it from a blocking task. `None` only if
/// the image could not be encoded.
pub fn draw() -> Option<(String, Vec<u8>)> {
    let mut captcha = Captcha::new();
    captcha
        .set_chars(ALPHABET)
        .add_chars(CAPTCHA_LENGTH)
        .apply_filter(Noise::new(0.1))
        .apply_filter(Wave::new(2.0, 16.0))
        .view(CAPTCHA_WIDTH_PX, CAPTCHA_HEIGHT_PX);
    captcha.as_tuple()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_a_png_of_a_five_character_word() {
        let (word, png) = draw().unwrap();
        assert_eq!(word.chars().count(), CAPTCHA_LENGTH as usize);
        assert!(word.chars().all(|c| ALPHABET.contains(&c)));
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
        let (other, _) = draw().unwrap();
        assert_ne!(word, other, "each drawing has a fresh word (31^5 to 1 against a repeat)");
    }
}
