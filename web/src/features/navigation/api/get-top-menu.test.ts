import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { mockApi } from '@/test/mock-api';
import { getTopMenu, MalformedMenuError, sanitizeMenuItems, topMenuRetry } from './get-top-menu';

describe('getTopMenu', () => {
  it('returns the items of GET /api/menus/top', async () => {
    mockApi({ '/api/menus/top': { items: [{ id: 1, title: 'Каталог', url: '/catalog/', children: [] }] } });
    expect(await getTopMenu()).toEqual([{ id: 1, title: 'Каталог', url: '/catalog/', children: [] }]);
  });

  it('rejects an answer without items as malformed, and such an answer is not retried', async () => {
    mockApi({ '/api/menus/top': {} });
    const error = await getTopMenu().then(
      () => new Error('resolved'),
      (caught: Error) => caught,
    );
    expect(error).toBeInstanceOf(MalformedMenuError);
    expect(topMenuRetry(0, error)).toBe(false);
    expect(topMenuRetry(0, new ApiError(503, []))).toBe(true);
    expect(topMenuRetry(0, new ApiError(404, []))).toBe(false);
  });

  it('throws the API error of a failed request', async () => {
    mockApi({ '/api/menus/top': { status: 500, body: { errors: [] } } });
    await expect(getTopMenu()).rejects.toBeInstanceOf(ApiError);
  });
});

describe('sanitizeMenuItems', () => {
  it('drops items without a title or url, treats bad children as none and fills missing ids', () => {
    const items = sanitizeMenuItems([
      { id: 1, title: 'Каталог', url: '/catalog/', children: [{ title: 'Куклы', url: '/catalog/kukly/' }, { title: '', url: '/x/' }] },
      { id: 2, title: 'Без адреса' },
      { id: 3, title: 'Скидки', url: '/catalog/?sort=discount', children: 'нет' },
      null,
    ]);
    expect(items).toEqual([
      { id: 1, title: 'Каталог', url: '/catalog/', children: [{ id: -1, title: 'Куклы', url: '/catalog/kukly/', children: [] }] },
      { id: 3, title: 'Скидки', url: '/catalog/?sort=discount', children: [] },
    ]);
  });
});
