import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost } from '@/lib/api-client';
import { panelQueryRetry } from '@/lib/query-client';
import type {
  CaptchaCheckAnswer,
  FieldError,
  FormAnswer,
  FormCaptcha,
  SubmissionAnswer,
} from '@/lib/api/types';

export type { FieldMask, FormAnswer, FormCaptcha, FormField, FormFieldType } from '@/lib/api/types';

/** A form ready to show: the server's {@link FormAnswer} with the captcha {@link getForm} asked for, `null` without. */
export interface ReadyForm extends FormAnswer {
  /** The form's captcha (`POST /api/forms/{code}/captcha`), `null` for a form without one. */
  captcha: FormCaptcha | null;
}

/**
 * PHONE as sent with the phone mask on (spec §3): the selected country, what the input shows and
 * the international number.
 */
export interface PhoneValue {
  COUNTRY: { iso2: string; dialCode: string; name: string };
  /** What the input shows: the national part, masked ("912 345-67-89"). */
  VALUE: string;
  /** International format from intl-tel-input ("+7 912 345-67-89"); empty while nothing is typed. */
  FULL_VALUE: string;
}

/**
 * The form `code` ready to show (issue 5; spec §7 getData): `GET /api/forms/{code}` (the definition, this visitor's
 * prefill, the initial phone country), then for a form with `useCaptcha` a new captcha from
 * `POST /api/forms/{code}/captcha`. The server makes captchas only when asked (issue 20: reading a form stored one).
 *
 * @throws {ApiError} 404 `FORM_NOT_FOUND`, 429 `RATE_LIMITED` (captchas), network/time-out failures.
 */
export async function getForm(code: string, signal?: AbortSignal): Promise<ReadyForm> {
  const path = `/api/forms/${encodeURIComponent(code)}`;
  const form = await apiGet<FormAnswer>(path, { signal });
  const captcha = form.useCaptcha ? await apiPost<FormCaptcha>(`${path}/captcha`, {}, { signal }) : null;
  return { ...form, captcha };
}

/**
 * The query of form `code`. Every opening of a form loads it anew (`gcTime` 0): each answer carries a captcha that
 * one submission uses up. While a form is shown it is never refetched behind the shopper's back (that would swap
 * the captcha under their typing).
 */
export function formQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['form', code] as const,
    queryFn: ({ signal }) => getForm(code, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: panelQueryRetry,
  });
}

/**
 * Whether a form answer can be shown (a title and at least one field): a panel shows SLIDE_PANEL_UNDEFINED_ERROR
 * otherwise (spec §8 "response lacking content").
 */
export function isShowableForm(form: ReadyForm): boolean {
  return typeof form.title === 'string' && Array.isArray(form.fields) && form.fields.length > 0;
}

/**
 * `POST /api/forms/{code}/captcha-check` (spec §5, §7 checkCaptcha): whether `word` is the captcha's word
 * (case-insensitive). Does not use the captcha up.
 *
 * @throws {ApiError} 429 `RATE_LIMITED`, 404, network failures.
 */
export async function checkCaptcha(code: string, sid: string, word: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await apiPost<CaptchaCheckAnswer>(
    `/api/forms/${encodeURIComponent(code)}/captcha-check`,
    { sid, word },
    { signal },
  );
  return answer.valid === true;
}

/** One field error of a refused submission: a message code and the field code (what the form uses of it). */
export type SubmissionError = Pick<FieldError, 'code' | 'field'>;

/** What a submission came to (spec §7 sendForm, §8). */
export type SubmissionResult =
  | { status: true }
  | {
      status: false;
      /** Field errors of a 422 answer (empty for other failures). */
      errors: SubmissionError[];
      /** The new captcha of a 422 answer, which replaces the used one (spec §8). */
      captcha: FormCaptcha | null;
      /** The message code of a failure that is not about fields (`RATE_LIMITED`, `NETWORK`, `HTTP_500`, …). */
      reason?: string;
    };

/** The values a form sends: strings by field code; `PHONE` as the spec's object with the phone mask on. */
export type SubmissionValues = Record<string, string | PhoneValue>;

/**
 * `POST /api/forms/{code}/submissions` (spec §7 sendForm): every field by code plus `SOURCE_URL`, `USER_CONSENT`,
 * `CAPTCHA_SID`, `CAPTCHA_WORD`. Never throws for an answer: a 422's errors and new captcha, and any other failure
 * (429, 5xx, network, time-out), come back as `status: false`, so the form shows the error alert (spec §8).
 */
export async function submitForm(code: string, values: SubmissionValues): Promise<SubmissionResult> {
  try {
    await apiPost<SubmissionAnswer>(`/api/forms/${encodeURIComponent(code)}/submissions`, values);
    return { status: true };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422 && error.body && typeof error.body === 'object') {
      const body = error.body as Partial<SubmissionAnswer>;
      return { status: false, errors: body.errors ?? [], captcha: body.captcha ?? null };
    }
    const reason = error instanceof ApiError ? error.code : 'NETWORK';
    return { status: false, errors: [], captcha: null, reason };
  }
}
