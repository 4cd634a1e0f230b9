import { useTranslation } from '@/i18n/use-translation';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { RatingStars } from '@/components/ui/rating-stars';
import { useHashTarget } from '@/components/ui/use-hash-target';
import { ErrorState, LoadingState } from '@/components/ui/status-states';
import { REVIEW_RATING_MAX } from '@/config/constants';
import { ADD_REVIEW_ID, paths, reviewsPagePath, reviewsParams } from '@/config/paths';
import { formatDateTime, formatDateUtc, formatRating } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import { useReviews } from '../api/get-reviews';
import type { Review, ReviewPage } from '@/lib/api/types';
import { AddReviewForm } from './add-review-form';
import styles from './reviews-page.module.css';

/** The page number of `?page=N`: a positive integer, 1 for anything else. */
export function reviewsPageNumber(value: string | null): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/**
 * The reviews page `/reviews/` (issue 8; spec §2 "a link to the reviews page (or an add-review button when there are
 * no reviews)"): the heading "Отзывы", the mean rating with the count ("4,6 · 21 отзыв"), the published reviews of
 * page `?page=N` newest first (stars, name, date, text as plain text), the pages, and the add-review form. With
 * `#add-review` in the address the form is scrolled to and focused once the list above it has loaded.
 */
export function ReviewsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = reviewsPageNumber(params.get(reviewsParams.page));
  const query = useReviews(page);
  const { search } = useLocation();
  // `/reviews/#add-review`: the form, once the list above it has its height (else the form moves).
  useHashTarget(!query.isPending);

  const data = query.data;
  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <h1 className={styles.title}>{t('reviews.title')}</h1>
        {data && <ReviewsSummary data={data} />}
        <Link to={{ search, hash: ADD_REVIEW_ID }} className={styles.writeLink}>
          {t('reviews.write')}
        </Link>
      </div>
      <div className={styles.layout}>
        <div className={styles.main}>
          {query.isPending ? (
            <LoadingState />
          ) : query.isError || !Array.isArray(query.data.items) ? (
            <ErrorState onRetry={() => void query.refetch()} />
          ) : (
            <ReviewsList data={query.data} page={page} />
          )}
        </div>
        <div className={styles.aside}>
          <AddReviewForm />
        </div>
      </div>
    </div>
  );
}

/** The mean rating (stars and `4,6`) and the count ("21 отзыв"), when there are reviews. */
function ReviewsSummary({ data }: { data: ReviewPage }) {
  const { t, i18n } = useTranslation();
  if (!(data.total > 0) || typeof data.ratingValue !== 'number') return null;
  const rating = formatRating(data.ratingValue, i18n.language);
  return (
    <p className={styles.summary} data-testid="reviews-summary">
      <RatingStars
        value={data.ratingValue}
        label={t('reviews.meanRating', { rating, max: REVIEW_RATING_MAX })}
        className={styles.summaryStars}
      />
      <span className={styles.mean} aria-hidden="true">
        {rating}
      </span>
      <span className={styles.count}>{t('reviews.count', { count: data.total })}</span>
    </p>
  );
}

/** The page's reviews and the page links; the empty state without reviews; a way back past the last page. */
function ReviewsList({ data, page }: { data: ReviewPage; page: number }) {
  const { t } = useTranslation();
  if (data.items.length === 0) {
    if (!(data.total > 0)) return <p className={styles.empty}>{t('reviews.empty')}</p>;
    return (
      <div className={styles.empty}>
        <p>{t('listing.pageOutOfRange')}</p>
        <Link to={paths.reviews}>{t('listing.firstPage')}</Link>
      </div>
    );
  }
  const pages = data.perPage > 0 ? Math.ceil(data.total / data.perPage) : 1;
  return (
    <>
      <ul className={styles.list} aria-label={t('reviews.list')}>
        {data.items.map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      <Pagination page={page} pages={pages} hrefFor={reviewsPagePath} />
    </>
  );
}

/**
 * One review: stars, name, date and the text, always as text (never HTML), its line breaks kept. The date and time
 * are the shopper's time zone's, which the server does not know: until hydration the page shows the UTC date.
 */
function ReviewItem({ review }: { review: Review }) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  return (
    <li className={styles.item}>
      <article className={styles.review} data-testid="review">
        <div className={styles.reviewHead}>
          <p className={styles.name}>{review.name}</p>
          <RatingStars value={review.rating} label={t('reviews.rating', { rating: review.rating, max: REVIEW_RATING_MAX })} />
          <time className={styles.date} dateTime={review.createdAt}>
            {hydrated ? formatDateTime(review.createdAt, i18n.language) : formatDateUtc(review.createdAt, i18n.language)}
          </time>
        </div>
        <p className={styles.text}>{review.text}</p>
      </article>
    </li>
  );
}
