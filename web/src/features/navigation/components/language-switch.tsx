import { useTranslation } from '@/i18n/use-translation';
import { LANGUAGES } from '@/config/constants';
import { isLanguage, setLanguage } from '@/i18n';
import styles from './language-switch.module.css';

/**
 * The interface language switch (ru/en) of the footer: a labelled group of toggle buttons,
 * the active language marked `aria-pressed="true"`. The choice is kept in `localStorage`.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : LANGUAGES[0];
  return (
    <div role="group" aria-label={t('footer.language')} className={styles.switch}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={styles.option}
          aria-pressed={language === current}
          onClick={() => void setLanguage(language)}
        >
          {t(`footer.languages.${language}`)}
        </button>
      ))}
    </div>
  );
}
