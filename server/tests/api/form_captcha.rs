//! The forms' captcha (issue 5, issue 19, issue 20): checked case-insensitively, used once, expiring; spoken as
//! well as drawn, listening keeping the word; solved in one session, void in another.

use crate::forms::{callback, captcha, error_codes, solve, submit};
use crate::helpers::{Visitor, spawn_app};
use serde_json::{Value, json};

#[tokio::test]
async fn the_captcha_is_checked_case_insensitively_used_once_and_expires() {
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let sid = captcha(&visitor, "callback").await;
    let check = |sid: String, word: String| {
        let visitor = &visitor;
        async move {
            let response = visitor.post("/api/forms/callback/captcha-check", &json!({"sid": sid, "word": word})).await;
            assert_eq!(response.status(), 200);
            response.json::<Value>().await.unwrap()["valid"].as_bool().unwrap()
        }
    };
    assert!(!check(sid.clone(), "ABCDE".into()).await, "no word before the image is drawn");
    let word = solve(&visitor, &sid).await;
    assert!(check(sid.clone(), word.to_lowercase()).await);
    assert!(check(sid.clone(), word.clone()).await, "checking does not use the captcha up");
    assert!(!check(sid.clone(), format!("{word}1")).await);
    // Another form's check does not accept this form's captcha.
    let response = visitor.post("/api/forms/feedback/captcha-check", &json!({"sid": sid, "word": word})).await;
    assert_eq!(response.json::<Value>().await.unwrap()["valid"], false);
    // Fetching the image again draws a new word, which replaces the old one.
    let redrawn = solve(&visitor, &sid).await;
    if redrawn != word {
        assert!(!check(sid.clone(), word.clone()).await);
    }

    // A submission uses it up, right or wrong.
    submit(&visitor, "callback", &callback(&sid, &redrawn), 200).await;
    assert!(!check(sid.clone(), redrawn.clone()).await);
    let answer = submit(&visitor, "callback", &callback(&sid, &redrawn), 422).await;
    assert_eq!(error_codes(&answer), [("CAPTCHA_WORD".into(), "FORMS_CAPTCHA_WRONG".into())]);
    assert_eq!(visitor.get(&format!("/api/captcha/{sid}")).await.status(), 404);

    // After ten minutes it is void.
    let sid = captcha(&visitor, "callback").await;
    let word = solve(&visitor, &sid).await;
    let pool = app.pool().await;
    pool.raw_execute("UPDATE captchas SET created_at = created_at - 601 WHERE sid = $1", &[(&sid).into()])
        .await
        .unwrap();
    assert!(!check(sid.clone(), word.clone()).await);
    let answer = submit(&visitor, "callback", &callback(&sid, &word), 422).await;
    assert_eq!(error_codes(&answer), [("CAPTCHA_WORD".into(), "FORMS_CAPTCHA_WRONG".into())]);
    let missing = visitor.get("/api/captcha/0123456789abcdef").await;
    assert_eq!(missing.status(), 404);
    assert_eq!(missing.json::<Value>().await.unwrap()["errors"][0]["code"], "CAPTCHA_NOT_FOUND");
}

#[tokio::test]
async fn the_captcha_word_is_also_spoken_and_listening_keeps_the_word() {
    // Issue 19 (WCAG 1.1.1): an alternative to the picture that does not need sight.
    let app = spawn_app().await;
    let visitor = app.visitor().await;
    let sid = captcha(&visitor, "callback").await;
    let word = solve(&visitor, &sid).await;
    for lang in ["ru", "en", "xx"] {
        let audio = visitor.get(&format!("/api/captcha/{sid}/audio?lang={lang}")).await;
        assert_eq!(audio.status(), 200, "{lang}");
        assert_eq!(audio.headers()["content-type"], "audio/wav");
        assert_eq!(audio.headers()["cache-control"], "no-store");
        let wav = audio.bytes().await.unwrap();
        assert!(wav.starts_with(b"RIFF") && &wav[8..12] == b"WAVE", "{lang}");
        // 8 kHz, 16-bit: at least 0.5 s a character.
        assert!(wav.len() > 5 * 8_000, "{lang}: {} bytes", wav.len());
    }
    let pool = app.pool().await;
    let stored: String = pool.raw_scalar("SELECT word FROM captchas WHERE sid = $1", &[(&sid).into()]).await.unwrap();
    assert_eq!(stored, word, "listening does not draw a new word");
    let missing = visitor.get("/api/captcha/0123456789abcdef/audio").await;
    assert_eq!(missing.status(), 404);
    assert_eq!(missing.json::<Value>().await.unwrap()["errors"][0]["code"], "CAPTCHA_NOT_FOUND");
}

#[tokio::test]
async fn a_captcha_solved_in_one_session_does_not_verify_in_another() {
    // Issue 20: solved captchas could be handed on.
    let app = spawn_app().await;
    let owner = app.visitor().await;
    let stranger = app.visitor().await;
    let sid = captcha(&owner, "callback").await;
    let word = solve(&owner, &sid).await;
    assert!(!captcha_valid(&stranger, &sid, &word).await);
    let answer = submit(&stranger, "callback", &callback(&sid, &word), 422).await;
    assert_eq!(error_codes(&answer), [("CAPTCHA_WORD".into(), "FORMS_CAPTCHA_WRONG".into())]);
    // The stranger's try neither used it up nor changed it: its owner still can.
    assert!(captcha_valid(&owner, &sid, &word).await);
    submit(&owner, "callback", &callback(&sid, &word), 200).await;
}

/// `POST /api/forms/callback/captcha-check` as `visitor`: whether the word is the captcha's.
async fn captcha_valid(visitor: &Visitor<'_>, sid: &str, word: &str) -> bool {
    let response = visitor.post("/api/forms/callback/captcha-check", &json!({"sid": sid, "word": word})).await;
    response.json::<Value>().await.unwrap()["valid"].as_bool().unwrap()
}
