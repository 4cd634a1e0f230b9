-- Issue 20: a captcha counts only for the visitor whose form drew it, so solved captchas cannot be handed on.
-- Captchas drawn before this migration have no visitor and no longer verify (they live ten minutes).
ALTER TABLE captchas ADD COLUMN visitor_id TEXT;
