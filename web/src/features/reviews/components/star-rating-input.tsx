import { useTranslation } from '@/i18n/use-translation';
import { STAR_PATH } from '@/components/ui/rating-stars';
import { REVIEW_RATING_MAX } from '@/config/constants';
import styles from './star-rating-input.module.css';

/** Props of {@link StarRatingInput}. */
export interface StarRatingInputProps {
  /** The chosen stars, `null` while none. */
  value: number | null;
  onChange: (stars: number) => void;
  /** `name` of the radios. */
  name: string;
}

/**
 * The add-review form's stars (issue 8): five native radios "1 звезда" … "5 звёзд" drawn as stars (the radios are
 * visually hidden, not removed, so Tab enters the group once and the arrow keys move the choice as in any radio
 * group). The stars up to the chosen one are filled; hovering previews a choice. The group around them, named
 * "Оценка", with its message, is a {@link Field} of the `radios` layout.
 */
export function StarRatingInput({ value, onChange, name }: StarRatingInputProps) {
  const { t } = useTranslation();
  const stars = Array.from({ length: REVIEW_RATING_MAX }, (_, index) => index + 1);
  return (
    <div className={styles.stars}>
      {stars.map((n) => (
        <label key={n} className={styles.star} data-filled={(value !== null && n <= value) || undefined}>
          <input
            type="radio"
            className="visually-hidden"
            name={name}
            value={n}
            checked={value === n}
            onChange={() => onChange(n)}
          />
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path className={styles.outline} d={STAR_PATH} />
            <path className={styles.fill} d={STAR_PATH} />
          </svg>
          <span className="visually-hidden">{t('reviews.stars', { count: n })}</span>
        </label>
      ))}
    </div>
  );
}
