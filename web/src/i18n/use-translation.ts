import { useSyncExternalStore } from 'react';
import { TRANSLATION_CACHE_MAX_ENTRIES } from '@/config/constants';
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

type Translate = Translation['t'];

/**
 * The cache key of `t(key, options)`: the key, and the options when they hold only plain values (a count, a name to
 * put in); `undefined` for what is not cached (several keys, a default text, options holding objects).
 */
function cacheKey(key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null) return undefined;
  for (const value of Object.values(options)) {
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') return undefined;
  }
  return `${key}\u0000${JSON.stringify(options)}`;
}

/**
 * `translate` remembering its texts: i18next resolves each call anew (namespaces, fallbacks, interpolation,
 * plurals), a fifth of a server render when every product card asks for the same labels (issue 22, a CPU profile).
 * Forgotten when texts are added (a language loaded), and past {@link TRANSLATION_CACHE_MAX_ENTRIES} entries.
 */
function remembering(translate: Translate): Translate {
  const texts = new Map<string, string>();
  i18n.store.on('added', () => texts.clear());
  const t = (key: unknown, options?: unknown) => {
    const id = cacheKey(key, options);
    const call = translate as unknown as (key: unknown, options?: unknown) => unknown;
    if (id === undefined) return call(key, options);
    const known = texts.get(id);
    if (known !== undefined) return known;
    const text = call(key, options);
    if (typeof text === 'string') {
      if (texts.size >= TRANSLATION_CACHE_MAX_ENTRIES) texts.clear();
      texts.set(id, text);
    }
    return text;
  };
  return t as unknown as Translate;
}

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
    translation = { t: remembering(i18n.getFixedT(language)), i18n };
    byLanguage.set(language, translation);
  }
  return translation;
}
