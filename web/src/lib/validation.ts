/** An e-mail address as the server accepts it (the `email_address` crate plus a dot in the domain): something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether `text` (trimmed by the caller) looks like an e-mail address the server accepts (`FORMS_EMAIL_INVALID`). */
export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}
