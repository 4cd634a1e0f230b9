import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { SlidePanel } from '@/components/ui/overlay';
import { useHashTarget } from '@/components/ui/use-hash-target';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { storeAnchor, storePath } from '@/config/paths';
import { useStores } from '../api/get-stores';
import { isShowableStore } from '../api/get-stores';
import type { Store } from '@/lib/api/types';
import { LazyStoreMap } from './lazy-store-map';
import { StoreDetails } from './store-details';
import { StoreRating } from './store-rating';
import styles from './contacts-page.module.css';

/** Props of {@link ContactsPage}. */
export interface ContactsPageProps {
  /** The callback control (the app passes the forms feature's `CallbackButton`). */
  callback?: ReactNode;
}

/**
 * The contacts page `/contacts/` (issue 8): the shop's rating, a map with every store, and a card per store
 * (`#store-{id}`: picture, address, hours with the weekly toggle, contacts) with "Показать на карте", which opens the
 * store's map in a slide panel (spec §2 "map slide panel"). `/contacts/#store-{id}` scrolls to that card.
 */
export function ContactsPage({ callback }: ContactsPageProps) {
  const { t } = useTranslation();
  const stores = useStores();
  const [mapStore, setMapStore] = useState<Store | null>(null);
  const mapOpener = useRef<HTMLButtonElement | null>(null);
  const list = Array.isArray(stores.data) ? stores.data.filter(isShowableStore) : [];

  // `#store-{id}`: that card, once the cards are there.
  useHashTarget(list.length > 0);

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('contacts.title')}</h1>
      <p className={styles.lead}>{t('contacts.pageLead')}</p>
      {stores.isPending ? (
        <LoadingState />
      ) : stores.isError ? (
        <ErrorState onRetry={() => void stores.refetch()} />
      ) : list.length === 0 ? (
        <p>{t('contacts.storesEmpty')}</p>
      ) : (
        <>
          <div className={styles.summary}>
            <StoreRating store={list[0]!} />
            {callback}
          </div>
          <div className={styles.layout}>
            <div className={`${styles.pageMap} ${styles.tallMap}`}>
              <LazyStoreMap stores={list} label={t('contacts.map', { name: t('contacts.title') })} moreHref={storePath} />
            </div>
            <ul className={styles.cards}>
            {list.map((store) => (
              <li key={store.id}>
                <section id={storeAnchor(store.id)} className={styles.card} tabIndex={-1} aria-label={store.name}>
                  <StoreDetails store={store} headingLevel={2}>
                    {store.map && (
                      <p className={styles.actions}>
                        <button
                          type="button"
                          className="button button--secondary"
                          aria-haspopup="dialog"
                          onClick={(event) => {
                            mapOpener.current = event.currentTarget;
                            setMapStore(store);
                          }}
                        >
                          {t('contacts.showOnMap')}
                        </button>
                      </p>
                    )}
                  </StoreDetails>
                </section>
              </li>
            ))}
            </ul>
          </div>
        </>
      )}
      <SlidePanel
        open={mapStore !== null}
        onOpenChange={(open) => !open && setMapStore(null)}
        title={mapStore?.name ?? ''}
        returnFocusTo={mapOpener}
      >
        {mapStore && (
          <div className={styles.mapPanel}>
            <p className={styles.panelAddress}>{mapStore.address}</p>
            <div className={styles.tallMap}>
              <LazyStoreMap stores={[mapStore]} label={t('contacts.map', { name: mapStore.name })} moreHref={storePath} />
            </div>
          </div>
        )}
      </SlidePanel>
    </div>
  );
}
