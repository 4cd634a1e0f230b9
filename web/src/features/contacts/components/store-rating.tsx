import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router';
import { RatingStars } from '@/components/ui/rating-stars';
import { addReviewPath } from '@/config/paths';
import { formatRating } from '@/lib/format';
import type { Store } from '@/lib/api/types';
import styles from './store-rating.module.css';

/**
 * The shop's rating (spec §2 "a rating with reviews count and a link to the reviews page (or an add-review button
 * when there are no reviews)"): the stars (with `data-rate` at or below 4.4, spec §9), the mean and "N отзывов"
 * linking to the reviews page; without reviews a "Оставить первый отзыв" link to the reviews page's form.
 */
export function StoreRating({ store }: { store: Pick<Store, 'ratingValue' | 'reviewsCount' | 'reviewsPageLink'> }) {
  const { t, i18n } = useTranslation();
  if (!store.reviewsCount || store.ratingValue === null) {
    return (
      <p className={styles.rating}>
        <Link to={addReviewPath} className="button button--secondary" data-testid="first-review">
          {t('contacts.firstReview')}
        </Link>
      </p>
    );
  }
  const value = formatRating(store.ratingValue, i18n.language);
  return (
    <p className={styles.rating} data-testid="store-rating">
      <RatingStars value={store.ratingValue} label={t('contacts.ratingLabel', { value })} />
      <span className={styles.ratingValue} aria-hidden="true">
        {value}
      </span>
      <Link to={store.reviewsPageLink} className={styles.reviewsLink}>
        {t('contacts.reviews', { count: store.reviewsCount })}
      </Link>
    </p>
  );
}
