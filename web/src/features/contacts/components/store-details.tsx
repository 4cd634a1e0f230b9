import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import type { Store } from '@/lib/api/types';
import { ContactList } from './contact-list';
import { WorkingHours } from './working-hours';
import styles from './store-details.module.css';

/** Props of {@link StoreDetails}. */
export interface StoreDetailsProps {
  store: Store;
  /** Headings inside: the panel's store name is an `h3` under the panel title, the page's an `h2`. */
  headingLevel: 2 | 3;
  /** Shown after the contacts (the rating, the callback button). */
  children?: ReactNode;
}

/** A store's picture, name, address, hours and contacts: the contacts panel's body and a contacts page card. */
export function StoreDetails({ store, headingLevel, children }: StoreDetailsProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.details}>
      <div className={styles.head}>
        {store.previewPicture && (
          <img
            className={styles.picture}
            src={store.previewPicture}
            alt={t('contacts.picture', { name: store.name })}
            width={120}
            height={78}
            loading="lazy"
            decoding="async"
          />
        )}
        <div>
          <Heading className={styles.name}>{store.name}</Heading>
          <p className={styles.address} data-testid="store-address">
            <span className="visually-hidden">{t('contacts.address')}: </span>
            {store.address}
          </p>
        </div>
      </div>
      <WorkingHours today={store.today} week={store.workingHours} />
      <ContactList store={store} />
      {children}
    </div>
  );
}
