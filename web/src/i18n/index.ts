import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, LANGUAGES, type Language } from '@/config/constants';
import en from './en.json';
import ru from './ru.json';

/** Translation resources by language; keys are message codes (HOUSE_STYLE "Texts come from i18n/"). */
export const resources = {
  ru: { translation: ru },
  en: { translation: en },
} as const;

/** True when `value` names a supported interface language. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language stored by the footer's switch, or the default (Russian) when none or storage is blocked. */
export function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/**
 * Switches the interface language, remembers it in `localStorage` and updates `<html lang>`.
 * Storage failures (private mode) are ignored: the switch still works for the visit.
 */
export async function setLanguage(language: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage unavailable: keep the choice for this visit only.
  }
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  react: { useSuspense: false },
});

/** The app's i18next instance, initialised synchronously with both languages (Russian by default). */
export default i18n;
