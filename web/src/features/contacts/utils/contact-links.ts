import type { ContactKind } from '../api/store-types';

/** The digits of a phone number (`+7 (495) 000-00-00` → `74950000000`). */
function digits(value: string): string {
  return value.replace(/\D/g, '');
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
 * - phone: `tel:` with digits and `+` only;
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
      const number = text.replace(/[^\d+]/g, '');
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
    case 'email':
      return `mailto:${encodeURI(text)}`;
    case 'skype': {
      const name = text.replace(/^skype:/i, '').replace(/\?.*$/, '');
      return name ? `skype:${encodeURIComponent(name)}?chat` : null;
    }
  }
}
