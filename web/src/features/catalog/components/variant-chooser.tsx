import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { offerSlugFromPath, SAME_PAGE_STATE, samePageKey } from '@/config/paths';
import type { VariantChoice, VariantOption } from '@/lib/api/types';
import styles from './variant-chooser.module.css';

/** Props of {@link VariantChooser}. */
export interface VariantChooserProps {
  choice: VariantChoice;
}

/**
 * The chooser of a product's variants on a variant's page (issue 35): for each parameter the variants differ in
 * (`Цвет`, `Размер`), its values as links to the variant each leads to. Each variant has its own page, so the chosen
 * one is in the URL and its price, stock, pictures and basket line follow; without scripts the links are plain
 * links. The value shown is marked `aria-current`; a value whose variant is out of stock is crossed out and says so,
 * never hidden. A press keeps the page where it is: no scroll to the top, focus stays on the pressed value, and the
 * history entry is replaced (Back leaves the product, as on the big marketplaces).
 */
export function VariantChooser({ choice }: VariantChooserProps) {
  const { t } = useTranslation();
  const location = useLocation();
  // The page's key (`SAME_PAGE_STATE`): the slug of the variant the shopper came to first.
  const pageKey = samePageKey(location.state) ?? offerSlugFromPath(location.pathname) ?? '';
  return (
    <div className={styles.chooser} data-testid="variant-chooser">
      {choice.options.map((option) => (
        <ChooserOption
          key={option.name}
          option={option}
          label={option.name || t('variants.variant')}
          pageKey={pageKey}
        />
      ))}
    </div>
  );
}

function ChooserOption({ option, label, pageKey }: { option: VariantOption; label: string; pageKey: string }) {
  const { t } = useTranslation();
  const id = useId();
  const current = option.values.find((value) => value.chosen);
  return (
    <div role="group" aria-labelledby={id} className={styles.option}>
      <p id={id} className={styles.name}>
        {label}
        {current && <span className={styles.current}>: {current.value}</span>}
      </p>
      <ul className={styles.values}>
        {option.values.map((value) => (
          <li key={value.value}>
            <Link
              to={value.url}
              replace
              preventScrollReset
              state={{ [SAME_PAGE_STATE]: pageKey }}
              className={styles.value}
              aria-current={value.chosen ? 'true' : undefined}
              data-available={value.available ? 'true' : 'false'}
              aria-label={value.available ? undefined : `${value.value}, ${t('variants.unavailable')}`}
            >
              {value.available ? value.value : <s>{value.value}</s>}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
