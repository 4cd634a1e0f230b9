import * as Tabs from '@radix-ui/react-tabs';
import { useTranslation } from '@/i18n/use-translation';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { useCollection } from '../api/get-collection';
import { COLLECTION_CODES, type CollectionCode } from '../api/listing-params';
import { ProductGrid } from './product-grid';
import styles from './collection-tabs.module.css';

function CollectionPanel({ code }: { code: CollectionCode }) {
  const { t } = useTranslation();
  const collection = useCollection(code);
  // A screen's height while loading: the grid arrives taller than that, so what follows the tabs is out of view
  // until then and nothing in view moves (cumulative layout shift, issue 9).
  if (collection.isPending)
    return (
      <div className={styles.pending}>
        <LoadingState compact />
      </div>
    );
  if (collection.isError) return <ErrorState onRetry={() => void collection.refetch()} />;
  if (collection.data.length === 0) return <p className={styles.empty}>{t('home.emptyTab')}</p>;
  return <ProductGrid offers={collection.data} />;
}

/**
 * The home page's main tabs "Новинки", "Хиты", "Скидки" (spec §2: "Main tabs switch content by a
 * data value; only the first tab starts active").
 *
 * Built on Radix Tabs (roving focus, arrow keys, `role="tab"`/`"tabpanel"`). Each tab and panel
 * carries its collection code in `data-tab`; the tab's `value` is the same code. Only the active
 * panel is mounted, so a collection is fetched the first time its tab is shown (`GET /api/collections/{code}`).
 */
export function CollectionTabs({ codes = COLLECTION_CODES }: { codes?: readonly CollectionCode[] }) {
  const { t } = useTranslation();
  const [first] = codes;
  return (
    <Tabs.Root defaultValue={first} className={styles.tabs}>
      <Tabs.List className={styles.list} aria-label={t('home.collections')}>
        {codes.map((code) => (
          <Tabs.Trigger key={code} value={code} data-tab={code} className={styles.trigger}>
            {t(`home.tabs.${code}`)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {codes.map((code) => (
        <Tabs.Content key={code} value={code} data-tab={code} className={styles.panel}>
          <CollectionPanel code={code} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
