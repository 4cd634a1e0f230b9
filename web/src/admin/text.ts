import i18n from '@/i18n';
import { useTranslation } from '@/i18n/use-translation';
import en from './i18n/en.json';
import ru from './i18n/ru.json';

/** The back office's own texts (issue 37), namespace `admin`: in its chunk only, so no shop page loads them. */
const NAMESPACE = 'admin';
i18n.addResourceBundle('ru', NAMESPACE, ru);
i18n.addResourceBundle('en', NAMESPACE, en);

/** `"a.b.c"` for every leaf of the Russian texts: the keys {@link useAdminText}'s function takes. */
type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

/** A key of the back office's texts. */
export type AdminKey = Leaves<typeof ru>;

/** The back office's translate function, in the interface language, and that language. */
export function useAdminText() {
  const { i18n: instance } = useTranslation();
  const t = (key: AdminKey, options?: Record<string, string | number>): string =>
    instance.t(key as never, { ns: NAMESPACE, ...options }) as unknown as string;
  return { t, language: instance.language };
}
