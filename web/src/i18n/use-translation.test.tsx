import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from './index';
import { useTranslation } from './use-translation';

describe('useTranslation: the remembered texts (issue 22)', () => {
  it('gives the same text again, with values put in, and forgets it when texts are added', () => {
    const { result } = renderHook(() => useTranslation());
    const { t } = result.current;
    expect(t('listing.sort')).toBe('Сортировка');
    expect(t('listing.range', { from: 1, to: 20, total: 62 })).toBe('1–20 из 62');
    expect(t('listing.range', { from: 21, to: 40, total: 62 })).toBe('21–40 из 62');
    i18n.addResource('ru', 'translation', 'listing.sort', 'Порядок');
    expect(t('listing.sort')).toBe('Порядок');
    i18n.addResource('ru', 'translation', 'listing.sort', 'Сортировка');
    expect(t('listing.sort')).toBe('Сортировка');
  });
});
