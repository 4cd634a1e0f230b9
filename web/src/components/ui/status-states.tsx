import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import styles from './status-states.module.css';

/**
 * A loading indicator for a page or block: a spinner (static under `prefers-reduced-motion`)
 * and the text "Загрузка…" announced through `role="status"`.
 */
export function LoadingState({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div role="status" className={compact ? `${styles.state} ${styles.compact}` : styles.state}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{t('a11y.loading')}</span>
    </div>
  );
}

/** Props of {@link ErrorState}. */
export interface ErrorStateProps {
  /** Re-runs the failed request; the retry button is only shown when given. */
  onRetry?: () => void;
  /** Extra content under the message (links). */
  children?: ReactNode;
}

/** A failed load: a message with `role="alert"` and a retry button (spec §8 leaves network errors unhandled; we do better). */
export function ErrorState({ onRetry, children }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={styles.state}>
      <p className={styles.title}>{t('error.title')}</p>
      <p>{t('error.text')}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('error.retry')}
        </button>
      )}
      {children}
    </div>
  );
}
