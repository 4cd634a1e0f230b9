import { RATING_RATE_ATTRIBUTE_MAX, REVIEW_RATING_MAX } from '@/config/constants';
import styles from './rating-stars.module.css';

/** A five-pointed star in a 24 × 24 box. */
export const STAR_PATH = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z';
/** The left half of {@link STAR_PATH}: a half star. */
const HALF_STAR_PATH = 'M12 2L8.91 8.26 2 9.27l5 4.87-1.18 6.88L12 17.77z';

/** How much of one star is filled. */
export type StarFill = 'full' | 'half' | 'empty';

/**
 * One decorative star (`aria-hidden`): the outline, filled wholly or on its left half. Colours and size come from
 * `rating-stars.module.css`; the star-rating input of the reviews form draws its stars with it too.
 */
export function StarShape({ fill, className }: { fill: StarFill; className?: string }) {
  return (
    <svg
      className={[styles.star, className].filter(Boolean).join(' ')}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      data-fill={fill}
    >
      <path className={styles.outline} d={STAR_PATH} />
      {fill !== 'empty' && <path className={styles.fill} d={fill === 'full' ? STAR_PATH : HALF_STAR_PATH} />}
    </svg>
  );
}

/** How star `n` (1-based) of a `value`-star rating is filled, the value rounded to the nearest half. */
export function starFill(value: number, n: number): StarFill {
  const halves = Math.round(Math.min(Math.max(value, 0), REVIEW_RATING_MAX) * 2);
  if (halves >= n * 2) return 'full';
  return halves === n * 2 - 1 ? 'half' : 'empty';
}

/** Props of {@link RatingStars}. */
export interface RatingStarsProps {
  /** The rating, 0..5; a mean may be fractional (`4.6` draws four and a half stars). */
  value: number;
  /** The accessible name, already translated ("Оценка 4 из 5"). */
  label: string;
  className?: string;
}

/**
 * A star rating for display (issue 8: reviews, the contacts panel's rating): five stars filled to `value` to the
 * nearest half, one image to assistive technology (`role="img"` named by `label`). A rating at or below
 * `RATING_RATE_ATTRIBUTE_MAX` (4.4) carries `data-rate` equal to its integer part (spec §9).
 */
export function RatingStars({ value, label, className }: RatingStarsProps) {
  const stars = Array.from({ length: REVIEW_RATING_MAX }, (_, index) => index + 1);
  return (
    <span
      role="img"
      aria-label={label}
      className={[styles.stars, className].filter(Boolean).join(' ')}
      data-rate={value <= RATING_RATE_ATTRIBUTE_MAX ? Math.trunc(value) : undefined}
    >
      {stars.map((n) => (
        <StarShape key={n} fill={starFill(value, n)} />
      ))}
    </span>
  );
}
