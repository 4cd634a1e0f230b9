import type { Store } from '@/lib/api/types';

/** The kinds of contact a store lists, in the panel's order (spec §2); each a list in the store's answer. */
export const CONTACT_KINDS = [
  'phone',
  'whatsapp',
  'viber',
  'telegram',
  'instagram',
  'email',
  'skype',
] as const satisfies readonly (keyof Store)[];

/** One of {@link CONTACT_KINDS}. */
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** A phone number without its extension ("8 800 000-00-00 доб. 12", "… ext. 12", "…, 12"): the part that dials. */
function dialled(value: string): string {
  return value.split(/доб|ext|вн\.|[,;#]/i)[0] ?? '';
}

/**
 * The international digits of a phone number (`+7 (495) 000-00-00` → `74950000000`); a Russian or Kazakh national
 * `8 9xx …` (11 digits from 8) becomes `7 9xx …`, as messengers need the country code.
 */
function digits(value: string): string {
  const number = dialled(value).replace(/\D/g, '');
  return number.length === 11 && number.startsWith('8') && !dialled(value).trim().startsWith('+') ? `7${number.slice(1)}` : number;
}

/**
 * A messenger or social account name: the value without a leading `@` or the service's own address
 * (`https://t.me/vitrina` → `vitrina`), so owners may write either.
 */
function accountName(value: string, hosts: readonly string[]): string {
  let name = value.trim();
  for (const host of hosts) {
    const at = name.toLowerCase().indexOf(host);
    if (at >= 0) name = name.slice(at + host.length);
  }
  return name.replace(/^@/, '').replace(/[/?#].*$/, '');
}

/**
 * The link of a store's contact (issue 8):
 * - phone: `tel:` with digits and `+` only, without an extension ("доб. 12");
 * - WhatsApp: `https://wa.me/<digits>`;
 * - Viber: `viber://chat?number=%2B<digits>`;
 * - Telegram: `https://t.me/<name>`; Instagram: `https://www.instagram.com/<name>`;
 * - e-mail: `mailto:<address>`; Skype: `skype:<name>?chat`.
 * Names and addresses are URI-encoded; an empty value gives `null` (no link).
 */
export function contactHref(kind: ContactKind, value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  switch (kind) {
    case 'phone': {
      const number = dialled(text).replace(/[^\d+]/g, '');
      return number ? `tel:${number}` : null;
    }
    case 'whatsapp':
      return digits(text) ? `https://wa.me/${digits(text)}` : null;
    case 'viber':
      return digits(text) ? `viber://chat?number=%2B${digits(text)}` : null;
    case 'telegram': {
      const name = accountName(text, ['t.me/', 'telegram.me/']);
      return name ? `https://t.me/${encodeURIComponent(name)}` : null;
    }
    case 'instagram': {
      const name = accountName(text, ['instagram.com/']);
      return name ? `https://www.instagram.com/${encodeURIComponent(name)}` : null;
    }
    case 'email': {
      // The address only: a `?cc=` or `&body=` written into the value is not passed on.
      const address = text.split(/[?&\s]/)[0] ?? '';
      return address ? `mailto:${encodeURI(address)}` : null;
    }
    case 'skype': {
      const name = text.replace(/^skype:/i, '').replace(/\?.*$/, '');
      return name ? `skype:${encodeURIComponent(name)}?chat` : null;
    }
  }
}
