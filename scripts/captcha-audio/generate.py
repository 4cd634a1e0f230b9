#!/usr/bin/env python3
"""Regenerates the spoken characters of the audio captcha (issue 19, WCAG 1.1.1): one clip per character of the
captcha alphabet (server/src/captcha.rs ALPHABET) and language, spoken by espeak-ng (Debian's espeak-ng package),
trimmed of silence and stored as 8 kHz, 16-bit mono WAV in server/assets/captcha-audio/{ru,en}/{char}.wav, which
the binary embeds. Run it again after changing the alphabet:

    apt-get install espeak-ng && python3 scripts/captcha-audio/generate.py
"""
import audioop
import io
import pathlib
import subprocess
import wave

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "server" / "assets" / "captcha-audio"
RATE = 8000

# Digits 2-9 and capitals without I, L, O, as in server/src/captcha.rs.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"

# How a Russian speaker names each character: digits as numbers, Latin capitals by their usual Russian names.
RUSSIAN = {
    "2": "два", "3": "три", "4": "четыре", "5": "пять", "6": "шесть", "7": "семь", "8": "восемь", "9": "девять",
    "A": "эй", "B": "би", "C": "си", "D": "ди", "E": "е", "F": "эф", "G": "джи", "H": "эйч", "J": "джей",
    "K": "кей", "M": "эм", "N": "эн", "P": "пи", "Q": "кью", "R": "ар", "S": "эс", "T": "ти", "U": "ю",
    "V": "ви", "W": "дабл ю", "X": "экс", "Y": "уай", "Z": "зед",
}


def speak(voice: str, text: str) -> bytes:
    """espeak-ng's WAV of `text`, as 8 kHz 16-bit mono frames with the silence around it cut."""
    wav = subprocess.run(["espeak-ng", "-v", voice, "-s", "120", "--stdout", text], check=True, capture_output=True).stdout
    with wave.open(io.BytesIO(wav)) as source:
        assert source.getnchannels() == 1 and source.getsampwidth() == 2
        frames = source.readframes(source.getnframes())
        rate = source.getframerate()
    frames, _ = audioop.ratecv(frames, 2, 1, rate, RATE, None)
    # Trim leading and trailing samples quieter than ~1 % of full scale.
    samples = [int.from_bytes(frames[i : i + 2], "little", signed=True) for i in range(0, len(frames), 2)]
    loud = [i for i, s in enumerate(samples) if abs(s) > 300]
    start, end = (loud[0], loud[-1] + 1) if loud else (0, len(samples))
    return frames[start * 2 : end * 2]


def main() -> None:
    for language, voice, name in (("ru", "ru", RUSSIAN.get), ("en", "en-us", lambda c: c)):
        folder = OUT / language
        folder.mkdir(parents=True, exist_ok=True)
        for char in ALPHABET:
            with wave.open(str(folder / f"{char}.wav"), "wb") as clip:
                clip.setnchannels(1)
                clip.setsampwidth(2)
                clip.setframerate(RATE)
                clip.writeframes(speak(voice, name(char)))
    print(f"wrote {len(ALPHABET) * 2} clips under {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
