import 'i18next';
import type ru from './ru.json';

/** Types `t()` keys against the Russian messages (the reference language), so a typo fails `tsc`. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ru };
  }
}
