import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/api-client';
import { refreshSessionQueries } from '@/lib/session';
import type { FormCaptcha, UserAnswer } from '@/lib/api/types';

/** Body of {@link logIn}. */
export interface LogInInput {
  email: string;
  password: string;
  /** Keep the session for 30 days; otherwise it ends with the browser. */
  remember: boolean;
  /** The captcha asked for past the account's failed log-ins ({@link newLoginCaptcha}), and its word. */
  captchaSid?: string;
  captchaWord?: string;
}

/**
 * `POST /api/auth/login`. A new session id and CSRF token come with it; the guest's basket, wishlist, compare list
 * and recently viewed are merged into the account's.
 * @throws {ApiError} 401 `AUTH_INVALID_CREDENTIALS` (wrong e-mail or password, the same answer), 429 `RATE_LIMITED`
 *   (with `Retry-After`), 422 `AUTH_CAPTCHA_REQUIRED` / `FORMS_CAPTCHA_WRONG` (field `captchaWord`: the account saw
 *   many failed log-ins, from anywhere; issue 34).
 */
export function logIn(input: LogInInput): Promise<UserAnswer> {
  return apiSend<UserAnswer>('POST', '/api/auth/login', input);
}

/** `POST /api/auth/captcha`: a captcha for a log-in that asked for one (issue 34), bound to this session. */
export function newLoginCaptcha(): Promise<FormCaptcha> {
  return apiSend<FormCaptcha>('POST', '/api/auth/captcha');
}

/** Body of {@link register}. */
export interface RegisterInput {
  email: string;
  password: string;
  name: string;
}

/**
 * `POST /api/auth/register`: makes the account and logs it in.
 * @throws {ApiError} 422 with field errors (`FORMS_NOT_EMPTY_INVALID`, `FORMS_EMAIL_INVALID`,
 *   `AUTH_PASSWORD_TOO_SHORT`, …), 409 `AUTH_EMAIL_TAKEN`.
 */
export function register(input: RegisterInput): Promise<UserAnswer> {
  return apiSend<UserAnswer>('POST', '/api/auth/register', input);
}

/** `POST /api/auth/logout` (204). */
export function logOut(): Promise<void> {
  return apiSend<void>('POST', '/api/auth/logout');
}

/** `POST /api/auth/password-reset`: mails a one-time link when the e-mail has an account (204 either way). */
export function requestPasswordReset(email: string): Promise<void> {
  return apiSend<void>('POST', '/api/auth/password-reset', { email });
}

/**
 * `POST /api/auth/password-reset/confirm`: sets a new password with the link's token.
 * @throws {ApiError} 400 `RESET_TOKEN_INVALID` (unknown, used or expired), 422 `AUTH_PASSWORD_TOO_SHORT`.
 */
export function confirmPasswordReset(token: string, password: string): Promise<void> {
  return apiSend<void>('POST', '/api/auth/password-reset/confirm', { token, password });
}

/** A mutation that changes who is logged in: `refreshSessionQueries` after it succeeds. */
export function useSessionMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => refreshSessionQueries(queryClient),
  });
}
