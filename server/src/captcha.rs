//! Captcha images (issue 5; spec §3 `CAPTCHA_SID`/`CAPTCHA_WORD`, §5): a fresh word of [`CAPTCHA_LENGTH`]
//! characters drawn as a PNG by the `captcha` crate (MIT). The word is stored with its sid (`db::forms`); the
//! check is case-insensitive, so the alphabet leaves out characters that look alike in either case. The same word
//! is also spoken ([`speak`], issue 19), for shoppers who cannot see the picture.

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

/// The spoken characters of the audio captcha (issue 19, WCAG 1.1.1): one 8 kHz, 16-bit mono WAV clip per character
/// of [`ALPHABET`] and language, made by `scripts/captcha-audio/generate.py` (espeak-ng) and embedded.
#[derive(rust_embed::RustEmbed)]
#[folder = "assets/captcha-audio"]
struct Voice;

/// Sample rate of the clips and of the spoken captcha, Hz.
pub const CAPTCHA_AUDIO_RATE_HZ: u32 = 8000;

/// The languages the captcha is spoken in; the first is the default.
pub const CAPTCHA_AUDIO_LANGUAGES: [&str; 2] = ["ru", "en"];

/// Pause before, between and after the characters, ms: each a random length in this range, so the characters
/// do not fall at fixed offsets.
const PAUSE_MS: std::ops::RangeInclusive<u32> = 350..=750;

/// Peak of the noise laid under the whole recording (of 32,767): audible, well under the voice.
const NOISE_PEAK: i32 = 900;

/// The word spoken as a WAV file (8 kHz, 16-bit mono, about 0.5 s per character): "the same word" as the picture
/// (issue 19), an alternative that does not need sight. `language` is `ru` (Russian names of the characters, the
/// default) or `en`; each character is spoken at a random loudness between random pauses over a noise floor, so
/// two recordings of one word differ. CPU-bound (well under a millisecond); `None` only when the word holds a
/// character outside [`ALPHABET`].
pub fn speak(word: &str, language: &str) -> Option<Vec<u8>> {
    use rand::RngExt;
    let language = if CAPTCHA_AUDIO_LANGUAGES.contains(&language) { language } else { CAPTCHA_AUDIO_LANGUAGES[0] };
    let mut rng = rand::rng();
    let pause = |rng: &mut rand::rngs::ThreadRng| {
        vec![0i16; (rng.random_range(PAUSE_MS) * CAPTCHA_AUDIO_RATE_HZ / 1000) as usize]
    };
    let mut samples: Vec<i16> = pause(&mut rng);
    for c in word.chars() {
        let clip = Voice::get(&format!("{language}/{c}.wav"))?;
        let mut reader = hound::WavReader::new(std::io::Cursor::new(clip.data)).ok()?;
        let gain = rng.random_range(0.75..=1.0f32);
        for sample in reader.samples::<i16>() {
            samples.push((f32::from(sample.ok()?) * gain) as i16);
        }
        samples.extend(pause(&mut rng));
    }
    for sample in &mut samples {
        *sample = (i32::from(*sample) + rng.random_range(-NOISE_PEAK..=NOISE_PEAK)).clamp(-32_767, 32_767) as i16;
    }
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: CAPTCHA_AUDIO_RATE_HZ,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut out = std::io::Cursor::new(Vec::with_capacity(44 + samples.len() * 2));
    let mut writer = hound::WavWriter::new(&mut out, spec).ok()?;
    for sample in samples {
        writer.write_sample(sample).ok()?;
    }
    writer.finalize().ok()?;
    Some(out.into_inner())
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

    #[test]
    fn speaks_every_character_in_both_languages_as_a_wav() {
        let word: String = ALPHABET.iter().collect();
        for language in CAPTCHA_AUDIO_LANGUAGES {
            let wav = speak(&word, language).unwrap();
            let reader = hound::WavReader::new(std::io::Cursor::new(&wav)).unwrap();
            assert_eq!(reader.spec().sample_rate, CAPTCHA_AUDIO_RATE_HZ);
            let seconds = reader.duration() as f32 / CAPTCHA_AUDIO_RATE_HZ as f32;
            assert!(seconds > ALPHABET.len() as f32 * 0.5, "{language}: {seconds} s for {} characters", ALPHABET.len());
        }
        assert_ne!(speak("AB", "ru"), speak("AB", "ru"), "two recordings of one word differ");
        assert!(speak("A1", "ru").is_none(), "1 is not in the alphabet");
        assert!(speak("AB", "xx").is_some(), "an unknown language falls back to Russian");
    }
}
