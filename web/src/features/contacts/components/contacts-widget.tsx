import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { PanelQueryContent, SlidePanel, usePanelOpener } from '@/components/ui/overlay';
import { linkButtonProps } from '@/components/ui/link-button';
import { paths, storePath } from '@/config/paths';
import { storeQueryOptions, useStores } from '../api/get-stores';
import { isShowableStore } from '../api/get-stores';
import type { Store } from '@/lib/api/types';
import { LazyStoreMap } from './lazy-store-map';
import { StoreDetails } from './store-details';
import { StoreRating } from './store-rating';
import { StatusText } from './working-hours';
import styles from './contacts-widget.module.css';

/** The internal error code of a contacts module that cannot start (spec §8: "sets internal error code -1"). */
export const CONTACTS_ERROR_CODE = -1;

/** Props of {@link ContactsWidget}. */
export interface ContactsWidgetProps {
  /** The callback control the panel offers (the app passes the forms feature's `CallbackButton`). */
  callback?: ReactNode;
}

/**
 * The header's contacts block (issue 8; spec §2 "Contacts panel", §4 "opens, loads working hours, builds contents,
 * then loads map content", §8): the main store's first phone and today's status at 1043 px and wider, a phone icon
 * below. A click opens the right-hand slide panel "Контакты", which loads the store anew (today's hours as of now),
 * shows address, hours with the weekly toggle, contacts, the rating, the callback button, then the map.
 *
 * Without stores to show (the request failed, the answer is unusable or empty) the block stays out of the header
 * and logs error code {@link CONTACTS_ERROR_CODE}; nothing else is affected.
 *
 * The block is a link to the contacts page acting as a button (issue 33): without scripts it opens the page, with
 * them the panel (the event contract holds a press made before the app is ready, `data-hold-press`). Space presses
 * it as it does a button.
 */
export function ContactsWidget({ callback }: ContactsWidgetProps) {
  const { t } = useTranslation();
  const stores = useStores();
  const { open, setOpen, openerRef: buttonRef } = usePanelOpener<HTMLAnchorElement>();
  // The content stays while the panel slides closed (300 ms), then leaves with it.
  const [shown, setShown] = useState(false);
  const queryClient = useQueryClient();
  const main: Store | undefined = Array.isArray(stores.data) ? stores.data.find(isShowableStore) : undefined;
  const failed = stores.isError || (stores.isSuccess && !main);

  useEffect(() => {
    if (failed) {
      console.error(`contacts: error code ${CONTACTS_ERROR_CODE}: no store to show`, stores.error ?? stores.data);
    }
    // Logged once per failure, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failed]);

  if (!main) return null;
  const phone = main.phone?.[0]?.value;
  return (
    <>
      <a
        ref={buttonRef}
        href={paths.contacts}
        className={`icon-button ${styles.widget}`}
        data-testid="contacts-widget"
        aria-haspopup="dialog"
        aria-expanded={open}
        {...linkButtonProps(() => {
          // Each opening loads the store anew: its today is the moment's (spec §4).
          void queryClient.resetQueries({ queryKey: storeQueryOptions(main.id).queryKey, exact: true });
          setShown(true);
          setOpen(true);
        })}
      >
        <svg className={`icon-button__icon ${styles.icon}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2" />
        </svg>
        <span className="visually-hidden">{t('contacts.open')}</span>
        <span className={styles.text}>
          {phone && <span className={styles.phone}>{phone}</span>}
          {main.today && (
            <span className={styles.status} data-status={main.today.status}>
              <StatusText today={main.today} />
            </span>
          )}
        </span>
      </a>
      <SlidePanel open={open} onOpenChange={setOpen} title={t('contacts.title')} returnFocusTo={buttonRef}>
        {shown && <ContactsPanelContent id={main.id} callback={callback} />}
      </SlidePanel>
    </>
  );
}

/** The panel's body: the store as the server answers now, then its map. */
function ContactsPanelContent({ id, callback }: { id: number; callback?: ReactNode }) {
  const { t } = useTranslation();
  const query = useQuery(storeQueryOptions(id));
  return (
    <PanelQueryContent query={query} hasContent={isShowableStore}>
      {(store) => (
        <div className={styles.panel} data-testid="contacts-panel">
          <StoreDetails store={store} headingLevel={3}>
            <StoreRating store={store} />
            {callback && <div className={styles.callback}>{callback}</div>}
          </StoreDetails>
          <LazyStoreMap stores={[store]} label={t('contacts.map', { name: store.name })} moreHref={storePath} />
          <Link to={paths.contacts} className={styles.allStores}>
            {t('contacts.allStores')}
          </Link>
        </div>
      )}
    </PanelQueryContent>
  );
}
