import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { PRODUCT_IMAGE_SIZE_PX, QUICK_VIEW_PARAMS_LIMIT } from '@/config/constants';
import { PanelQueryContent, Popup, panelQueryRetry } from '@/components/ui/overlay';
import { Picture } from '@/components/ui/picture';
import { useOffer } from '../api/get-offer';
import type { Offer } from '@/lib/api/types';
import { OfferActionsSlot } from '@/components/offer/offer-actions-slot';
import { Availability } from './availability';
import { OfferFacts } from './offer-facts';
import { OfferPrice } from './offer-price';
import styles from './quick-view.module.css';

/**
 * Whether an answer of `GET /api/offers/{id}` holds what the quick view shows: name, page `url`,
 * numeric price, currency, lists of pictures and params. Anything less (`{}`, a proxy's page)
 * gets the `SLIDE_PANEL_UNDEFINED_ERROR` alert (spec §8).
 */
export function isCompleteOffer(data: unknown): data is Offer {
  if (!data || typeof data !== 'object') return false;
  const offer = data as Partial<Offer>;
  return (
    typeof offer.id === 'string' &&
    typeof offer.name === 'string' &&
    typeof offer.url === 'string' &&
    offer.url.startsWith('/') &&
    typeof offer.price === 'number' &&
    typeof offer.currencyId === 'string' &&
    Array.isArray(offer.pictures) &&
    Array.isArray(offer.params)
  );
}

/** Plain text of server-sanitised description HTML (parsed inertly, nothing runs or loads). */
function descriptionText(html: string | null): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Props of {@link QuickViewDetails}. */
interface QuickViewDetailsProps {
  offer: Offer;
  /** Called when the shopper follows the link to the product page. */
  onFollowLink: () => void;
}

function QuickViewDetails({ offer, onFollowLink }: QuickViewDetailsProps) {
  const { t } = useTranslation();
  const params = offer.params.slice(0, QUICK_VIEW_PARAMS_LIMIT);
  const description = descriptionText(offer.description);
  return (
    <div className={styles.layout} data-testid="quick-view" data-offer-id={offer.id}>
      <div className={styles.media}>
        <Picture
          picture={offer.pictures[0]}
          slot="page"
          alt={offer.name}
          width={PRODUCT_IMAGE_SIZE_PX}
          height={PRODUCT_IMAGE_SIZE_PX}
          loading="eager"
          className={styles.picture}
        />
      </div>
      <div className={styles.summary}>
        <OfferFacts offer={offer} className={styles.facts} />
        <div className={styles.buy}>
          <OfferPrice price={offer.price} oldPrice={offer.oldPrice} currencyId={offer.currencyId} size="lg" />
          <Availability available={offer.available} />
        </div>
        <OfferActionsSlot offer={offer} place="page" />
        {params.length > 0 && (
          <dl className={styles.params} aria-label={t('offer.params')}>
            {params.map((param, index) => (
              <div key={`${index}-${param.name}`} className={styles.param}>
                <dt>{param.name}</dt>
                <dd>{param.unit ? `${param.value}\u00a0${param.unit}` : param.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {description && <p className={styles.description}>{description}</p>}
        {/* `replace`: the page takes over the quick view's history entry (same address), so Back
            from the product page returns to the page the pop-up was opened on. */}
        <Link to={offer.url} replace className={`button button--secondary ${styles.more}`} onClick={onFollowLink}>
          {t('quickView.more')}
        </Link>
      </div>
    </div>
  );
}

function QuickViewBody({ id, onFollowLink }: { id: string; onFollowLink: () => void }) {
  const query = useOffer(id, { retry: panelQueryRetry });
  return (
    <PanelQueryContent query={query} hasContent={isCompleteOffer}>
      {(data) => <QuickViewDetails offer={data} onFollowLink={onFollowLink} />}
    </PanelQueryContent>
  );
}

/** Props of {@link QuickViewPopup}. */
export interface QuickViewPopupProps {
  /** The offer of the card the pop-up was opened from (its name titles the pop-up); `null` when closed. */
  offer: Offer | null;
  /** Close button, Escape, outside press. */
  onClose: () => void;
  /** The link to the product page was followed (close without touching the history). */
  onFollowLink: () => void;
  /** The card button that opened the pop-up; focus returns to it on close. */
  opener?: HTMLElement | null;
  /** Id of the pop-up in the overlay stack (`useQuickView().overlayId`). */
  overlayId?: string;
}

/**
 * The product quick view (issue 3 "Product popup panel"): a {@link Popup} titled with the product
 * name showing the offer loaded by id (`GET /api/offers/{id}`) — picture, vendor, price with old
 * price, availability, the app's offer actions (basket, wishlist, compare; issue 6), the first
 * `QUICK_VIEW_PARAMS_LIMIT` characteristics, the description as
 * plain text (clamped), and a link "Подробнее о товаре" to the product page. A failed or
 * incomplete answer shows the `SLIDE_PANEL_UNDEFINED_ERROR` alert. The address handling lives in
 * `useQuickView`.
 */
export function QuickViewPopup({ offer, onClose, onFollowLink, opener, overlayId }: QuickViewPopupProps) {
  // Keep showing the last offer while the pop-up plays its closing animation.
  const [last, setLast] = useState(offer);
  if (offer && offer !== last) setLast(offer);
  const shown = offer ?? last;
  return (
    <Popup
      open={offer !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={shown?.name ?? ''}
      overlayId={overlayId}
      returnFocusTo={opener}
    >
      {shown && <QuickViewBody key={shown.id} id={shown.id} onFollowLink={onFollowLink} />}
    </Popup>
  );
}
