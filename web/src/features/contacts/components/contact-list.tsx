import { useTranslation } from '@/i18n/use-translation';
import { CONTACT_KINDS } from '../utils/contact-links';
import type { Store } from '@/lib/api/types';
import { contactHref } from '../utils/contact-links';
import styles from './contact-list.module.css';

/**
 * A store's phones, WhatsApp, Viber, Telegram, Instagram, e-mail and Skype (spec §2, §3), each value a link
 * ({@link contactHref}) with its description. Kinds without values are left out.
 */
export function ContactList({ store }: { store: Store }) {
  const { t } = useTranslation();
  const kinds = CONTACT_KINDS.filter((kind) => Array.isArray(store[kind]) && store[kind].length > 0);
  if (kinds.length === 0) return null;
  return (
    <dl className={styles.contacts} data-testid="contact-list">
      {kinds.map((kind) => (
        <div key={kind} className={styles.contactGroup} data-kind={kind}>
          <dt>{t(`contacts.kinds.${kind}`)}</dt>
          {store[kind].map((contact, index) => {
            const href = contactHref(kind, contact.value);
            const external = href?.startsWith('https://');
            return (
              <dd key={`${index}-${contact.value}`}>
                {href ? (
                  <a
                    href={href}
                    className={styles.contactLink}
                    {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                  >
                    {contact.value}
                  </a>
                ) : (
                  contact.value
                )}
                {contact.description && <span className={styles.description}>{contact.description}</span>}
              </dd>
            );
          })}
        </div>
      ))}
    </dl>
  );
}
