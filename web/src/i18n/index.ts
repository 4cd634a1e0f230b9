import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGE_COOKIE_NAME,
  LANGUAGES,
  type Language,
} from '@/config/constants';
import { getCookie, setCookie } from '@/lib/cookies';
import ru from './ru.json';

/**
 * Translation resources bundled with the app: Russian, the default. Other languages are loaded when chosen
 * ({@link loadLanguage}), so a Russian page does not download the English texts (issue 9, initial JavaScript).
 * Keys are message codes (HOUSE_STYLE "Texts come from i18n/").
 */
const resources = { ru: { translation: ru } };

/** The texts of the languages not bundled, each its own chunk. */
const LOADERS: Partial<Record<Language, () => Promise<{ default: object }>>> = {
  en: () => import('./en.json'),
};

/** Makes `language`'s texts available (a no-op for the bundled Russian or once loaded). Rejects when its chunk cannot load. */
export async function loadLanguage(language: Language): Promise<void> {
  const loader = LOADERS[language];
  if (!loader || i18n.hasResourceBundle(language, 'translation')) return;
  const messages = await loader();
  i18n.addResourceBundle(language, 'translation', messages.default);
}

/**
 * Switches to the stored language when it is not Russian (the app starts in Russian and renders once this
 * settles, so a shopper who chose English sees no Russian first). A failed load keeps Russian.
 */
export async function applyStoredLanguage(): Promise<void> {
  const language = storedLanguage();
  if (language === DEFAULT_LANGUAGE) return;
  try {
    await setLanguage(language);
  } catch {
    // The texts could not load (offline): the page stays in Russian.
  }
}

/** True when `value` names a supported interface language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language stored by the footer's switch (its cookie), or the default (Russian) when none. */
export function storedLanguage(): Language {
  const value = getCookie(LANGUAGE_COOKIE_NAME);
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/**
 * Switches the interface language, remembers it in its cookie (which the server renders pages in) and updates
 * `<html lang>`.
 */
export async function setLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  setCookie(LANGUAGE_COOKIE_NAME, language, { maxAgeS: LANGUAGE_COOKIE_MAX_AGE_S });
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  react: { useSuspense: false },
});

/** The app's i18next instance, initialised synchronously in Russian; see {@link applyStoredLanguage}. */
export default i18n;
