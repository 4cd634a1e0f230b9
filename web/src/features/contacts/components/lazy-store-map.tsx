import { useTranslation } from '@/i18n/use-translation';
import { useNavigate } from 'react-router';
import { LazyWidget, retryableLazy } from '@/components/ui/widget-boundary';
import { useSession } from '@/lib/session';
import type { Store } from '@/lib/api/types';
import styles from './lazy-store-map.module.css';

const StoreMap = retryableLazy(() => import('./store-map'));

/** Props of {@link LazyStoreMap}. */
export interface LazyStoreMapProps {
  stores: Store[];
  /** The map's accessible name. */
  label: string;
  /** Where a marker's "Подробнее" leads for store `id`: its card on the contacts page. */
  moreHref: (id: number) => string;
}

/**
 * The store map, loaded when first shown: Leaflet and its stylesheet are one lazy chunk (spec §4 "then loads map
 * content", §7); our small map styles come with the page, as this placeholder uses them. A "Карта загружается…" box holds the place meanwhile; the tiles come from the session's
 * settings (`mapTiles`).
 *
 * The map is an extra: when its code or styles cannot be loaded, or Leaflet fails, it leaves quietly and the
 * contacts it accompanies stay (issue 19; spec §4 "then loads map content", after the panel's content is built).
 */
export function LazyStoreMap({ stores, label, moreHref }: LazyStoreMapProps) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  if (!stores.some((store) => store.map)) return null;
  const placeholder = (
    <div className={styles.placeholder} role="status">
      <span className={styles.loading}>{t('contacts.mapLoading')}</span>
      {/* Without JavaScript (issue 22) the map never comes: say so in one line, rather than "loading" for ever. */}
      <noscript>
        <style>{`.${styles.loading}{display:none}.${styles.placeholder}{height:auto;padding:var(--space-4)}`}</style>
        {t('contacts.mapNoScript')}
      </noscript>
    </div>
  );
  // Wait for the settings: a map built without tiles would be built again with them.
  if (session.isPending) return placeholder;
  return (
    <LazyWidget
      name="store map"
      widget={StoreMap}
      props={{
        stores,
        tiles: session.data?.settings.mapTiles ?? null,
        label,
        moreHref,
        onNavigate: (href: string) => void navigate(href),
      }}
      loading={placeholder}
      fallback={() => null}
    />
  );
}
