import { useEffect, useId, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { Picture } from '@/components/ui/picture';
import { CARD_IMAGE_SIZE_PX, RECENTLY_VIEWED_FADE_MS } from '@/config/constants';
import { formatMoney } from '@/lib/format';
import { usePrefersReducedMotion } from '@/lib/use-media-query';
import { useViewed } from '../api/get-viewed';
import styles from './recently-viewed.module.css';

/** Props of {@link RecentlyViewed}. */
export interface RecentlyViewedProps {
  /** Leave this offer out (the product page's own offer). */
  exclude?: string;
}

/** The header's state (spec §4 "Recently viewed header: hidden, then fades in and is marked as shown"). */
type HeaderPhase = 'hidden' | 'fading' | 'shown';

/**
 * The "Вы смотрели" block of the home and product pages (issue 6; spec §2 "Recently viewed header is hidden until
 * shown, then fades in"): the session's recently viewed offers (`GET /api/viewed?exclude=ID`, newest first) as a
 * sideways-scrolling row of small cards (picture, name link, price).
 *
 * Its header (the `<h2>`) starts hidden (opacity 0). Once the list has loaded with items it fades in over
 * `RECENTLY_VIEWED_FADE_MS` (2000 ms, spec §9; `data-fading`, CSS `--duration-viewed-fade`) and is then marked as
 * shown (`data-shown`). Under `prefers-reduced-motion` it is shown at once. Nothing at all renders while the list
 * loads, when it failed, or when it is empty.
 */
export function RecentlyViewed({ exclude }: RecentlyViewedProps) {
  const { t } = useTranslation();
  const viewed = useViewed(exclude ?? null);
  const reducedMotion = usePrefersReducedMotion();
  const titleId = useId();
  const [phase, setPhase] = useState<HeaderPhase>('hidden');
  const items = viewed.data?.items ?? [];
  const hasItems = items.length > 0;

  useEffect(() => {
    if (!hasItems || phase === 'shown') return;
    if (reducedMotion) {
      setPhase('shown');
      return;
    }
    if (phase === 'hidden') {
      setPhase('fading');
      return;
    }
    const timer = window.setTimeout(() => setPhase('shown'), RECENTLY_VIEWED_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [hasItems, phase, reducedMotion]);

  if (!hasItems) return null;
  return (
    <section className={styles.block} aria-labelledby={titleId} data-testid="recently-viewed">
      <h2
        id={titleId}
        className={styles.title}
        data-fading={phase === 'fading' ? '' : undefined}
        data-shown={phase === 'shown' ? '' : undefined}
      >
        {t('viewed.title')}
      </h2>
      <ul className={styles.row}>
        {items.map((offer) => (
          <li key={offer.id} className={styles.card} data-offer-id={offer.id}>
            <Picture
              picture={offer.pictures[0]}
              slot="thumbnail"
              alt=""
              width={CARD_IMAGE_SIZE_PX}
              height={CARD_IMAGE_SIZE_PX}
              className={styles.picture}
            />
            <Link to={offer.url} className={styles.name}>
              {offer.name}
            </Link>
            <span className={styles.price}>
              {offer.price > 0 ? (
                <>
                  <span className="visually-hidden">{t('offer.price')}: </span>
                  {formatMoney(offer.price, offer.currencyId)}
                </>
              ) : (
                t('offer.priceOnRequest')
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
