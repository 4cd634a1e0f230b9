import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { CARD_IMAGE_SIZE_PX } from '@/config/constants';
import { Picture } from '@/components/ui/picture';
import { OfferActionsSlot } from '@/components/offer/offer-actions-slot';
import type { Offer } from '@/lib/api/types';
import { Availability } from './availability';
import { OfferPrice } from './offer-price';
import styles from './product-card.module.css';

/** Props of {@link ProductCard}. */
export interface ProductCardProps {
  offer: Offer;
  /** Load the picture eagerly (the first cards of a page, above the fold). */
  eager?: boolean;
  /**
   * Opens the product quick view; the card shows a "Быстрый просмотр" button only when given.
   * `opener` is that button (focus returns to it when the pop-up closes).
   */
  onQuickView?: (offer: Offer, opener: HTMLElement) => void;
  /**
   * Level of the name's heading: 3 (default) under a titled block of the page, 2 in a listing that sits right
   * under the page's `h1`, so headings never skip a level (axe `heading-order`, issue 9).
   */
  headingLevel?: 2 | 3;
}

/**
 * A product card of a grid: picture (placeholder when missing or broken), name linking to the
 * product page, price with the struck-through old price and discount, availability.
 * The whole card is clickable through the name link (its box covers the card); only the name is
 * a link, so screen readers hear each product once. With `onQuickView`, a "Быстрый просмотр"
 * button (named "Быстрый просмотр: {product}") lies over the picture: on hover or keyboard focus
 * with a fine pointer, always on touch screens; icon only on narrow cards. A product of several variants (issue 35)
 * shows the range of their prices, how many there are, and "В наличии" when any is. Below the price, the offer actions the
 * app supplies (`OfferActionsSlot`: basket, wishlist, compare; issue 6).
 */
export function ProductCard({ offer, eager = false, onQuickView, headingLevel = 3 }: ProductCardProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // A product of several variants (issue 35): the span of their prices, and in stock when any is.
  const variants = offer.variants && offer.variants.count > 1 ? offer.variants : null;
  return (
    <article className={styles.card} data-testid="product-card" data-offer-id={offer.id}>
      <div className={styles.media}>
        <Picture
          picture={offer.pictures[0]}
          slot="card"
          alt={offer.name}
          width={CARD_IMAGE_SIZE_PX}
          height={CARD_IMAGE_SIZE_PX}
          loading={eager ? 'eager' : 'lazy'}
          className={styles.picture}
        />
        {onQuickView && (
          <button
            type="button"
            className={styles.quickView}
            aria-label={t('quickView.buttonLabel', { name: offer.name })}
            onClick={(event) => onQuickView(offer, event.currentTarget)}
          >
            <svg className={styles.quickViewIcon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
            <span className={styles.quickViewText}>{t('quickView.button')}</span>
          </button>
        )}
      </div>
      <div className={styles.body}>
        <Heading className={styles.name}>
          <Link to={offer.url} className={styles.link}>
            {offer.name}
          </Link>
        </Heading>
        <div className={styles.footer}>
          {variants ? (
            <>
              <OfferPrice
                price={variants.minPrice}
                maxPrice={variants.maxPrice}
                oldPrice={variants.minPrice === variants.maxPrice ? offer.oldPrice : null}
                currencyId={offer.currencyId}
              />
              <p className={styles.variants}>{t('offer.variantsCount', { count: variants.count })}</p>
              <Availability available={variants.available > 0} />
            </>
          ) : (
            <>
              <OfferPrice price={offer.price} oldPrice={offer.oldPrice} currencyId={offer.currencyId} />
              <Availability available={offer.available} />
            </>
          )}
        </div>
        <div className={styles.actions}>
          <OfferActionsSlot offer={offer} place="card" />
        </div>
      </div>
    </article>
  );
}
