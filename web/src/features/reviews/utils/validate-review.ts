import { REVIEW_NAME_MAX_CHARS, REVIEW_RATING_MAX, REVIEW_TEXT_MAX_CHARS } from '@/config/constants';

/** The fields of the add-review form, in its order. */
export const REVIEW_FIELDS = ['rating', 'name', 'text'] as const;

/** A field of the add-review form. */
export type ReviewField = (typeof REVIEW_FIELDS)[number];

/** The messages a field may show (the server's codes; `FORMS_VALUE_INVALID` for a code the form does not know). */
export const REVIEW_FIELD_CODES = [
  'REVIEW_RATING_INVALID',
  'FORMS_NOT_EMPTY_INVALID',
  'FORMS_VALUE_TOO_LONG',
  'FORMS_VALUE_INVALID',
] as const;

/** A field message code. */
export type ReviewFieldCode = (typeof REVIEW_FIELD_CODES)[number];

/** Field messages by field. */
export type ReviewErrors = Partial<Record<ReviewField, ReviewFieldCode>>;

/** What the form holds: the stars (`null` until chosen) and the texts as typed. */
export interface ReviewDraft {
  rating: number | null;
  name: string;
  text: string;
}

/** Longest value of each text field, characters. */
export const REVIEW_MAX_CHARS = { name: REVIEW_NAME_MAX_CHARS, text: REVIEW_TEXT_MAX_CHARS } as const;

/** Characters of `value` as the server counts them (Unicode scalar values, Rust's `chars()`), not UTF-16 units. */
export function charCount(value: string): number {
  return [...value].length;
}

/**
 * The add-review form's own check, with the server's codes (it checks everything again): the rating an integer
 * 1..5 (`REVIEW_RATING_INVALID`); name and text not blank (`FORMS_NOT_EMPTY_INVALID`) and at most 100 and 2000
 * characters once trimmed (`FORMS_VALUE_TOO_LONG`).
 */
export function validateReview(draft: ReviewDraft): ReviewErrors {
  const errors: ReviewErrors = {};
  const { rating } = draft;
  if (rating === null || !Number.isInteger(rating) || rating < 1 || rating > REVIEW_RATING_MAX) {
    errors.rating = 'REVIEW_RATING_INVALID';
  }
  for (const field of ['name', 'text'] as const) {
    const value = draft[field].trim();
    if (!value) errors[field] = 'FORMS_NOT_EMPTY_INVALID';
    else if (charCount(value) > REVIEW_MAX_CHARS[field]) errors[field] = 'FORMS_VALUE_TOO_LONG';
  }
  return errors;
}

/** The form's message for a server code (`FORMS_VALUE_INVALID` for one it does not know). */
export function reviewFieldCode(code: string): ReviewFieldCode {
  return REVIEW_FIELD_CODES.find((known) => known === code) ?? 'FORMS_VALUE_INVALID';
}
