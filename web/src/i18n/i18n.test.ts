import { describe, expect, it } from 'vitest';
import i18n, { applyStoredLanguage, setLanguage } from '.';
import { LANGUAGE_COOKIE_NAME } from '@/config/constants';
import { getCookie, setCookie } from '@/lib/cookies';
import en from './en.json';
import ru from './ru.json';

/** Flattens nested messages to dotted keys, dropping i18next plural suffixes (their set differs per language). */
function keys(messages: object, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('i18n', () => {
  it('has the same message codes in every language', () => {
    expect(new Set(keys(en))).toEqual(new Set(keys(ru)));
  });

  it('declines Russian counts with the plural rules (one / few / many)', () => {
    const t = i18n.getFixedT('ru');
    expect(t('counts.offers', { count: 1 })).toBe('1 товар');
    expect(t('counts.offers', { count: 21 })).toBe('21 товар');
    expect(t('counts.offers', { count: 3 })).toBe('3 товара');
    expect(t('counts.offers', { count: 5 })).toBe('5 товаров');
    expect(t('counts.offers', { count: 11 })).toBe('11 товаров');
    expect(t('counts.sections', { count: 22 })).toBe('22 раздела');
  });

  it('bundles Russian only; a stored English is loaded and applied before the app renders', async () => {
    // Runs before any test switches to English.
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    setCookie(LANGUAGE_COOKIE_NAME, 'en');
    await applyStoredLanguage();
    expect(i18n.language).toBe('en');
    expect(i18n.t('nav.catalog')).toBe('Catalogue');
    await setLanguage('ru');
  });

  it('switches the language, stores the choice and updates <html lang>', async () => {
    await setLanguage('en');
    expect(i18n.t('nav.catalog')).toBe('Catalogue');
    expect(getCookie(LANGUAGE_COOKIE_NAME)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await setLanguage('ru');
    expect(i18n.t('nav.catalog')).toBe('Каталог');
  });
});
