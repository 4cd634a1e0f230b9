import { useTranslation } from '@/i18n/use-translation';
import { Alert } from '../alert';
import { SLIDE_PANEL_UNDEFINED_ERROR } from './panel-query-content';
import styles from './panel-load-error.module.css';

/**
 * What a panel shows when its own code could not be loaded or failed (issue 19): the `SLIDE_PANEL_UNDEFINED_ERROR`
 * alert of spec §8 with a "Повторить" button that loads the code again.
 */
export function PanelLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.error}>
      <Alert variant="error">{t(SLIDE_PANEL_UNDEFINED_ERROR)}</Alert>
      <button type="button" className="button" onClick={onRetry}>
        {t('error.retry')}
      </button>
    </div>
  );
}
