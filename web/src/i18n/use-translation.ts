import { useSyncExternalStore } from 'react';
import i18n from './index';

/** What {@link useTranslation} gives: the translate function of the current language, and the i18next instance. */
export interface Translation {
  t: ReturnType<typeof i18n.getFixedT<'translation'>>;
  i18n: typeof i18n;
}

const subscribe = (onChange: () => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};
const currentLanguage = () => i18n.language;

/** One {@link Translation} per language, made once: every component of a page shares it. */
const byLanguage = new Map<string, Translation>();

/**
 * The app's translation hook: `const { t } = useTranslation()`, re-rendering when the language changes. It stands
 * for react-i18next's hook of the same name, which builds a translate function, an options object and a copy of
 * the i18next instance for every component that mounts: on the server, where every render mounts every component,
 * that was a quarter of a page's render time (issue 22, a CPU profile of the server bundle). Here a component
 * reads the language (`useSyncExternalStore` on i18next's `languageChanged`; on the server the language the page is
 * rendered in) and gets that language's shared {@link Translation}.
 */
export function useTranslation(): Translation {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  let translation = byLanguage.get(language);
  if (!translation) {
    translation = { t: i18n.getFixedT(language), i18n };
    byLanguage.set(language, translation);
  }
  return translation;
}
