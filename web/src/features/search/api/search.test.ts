import { describe, expect, it } from 'vitest';
import { SEARCH_PAGE_SIZE } from '@/config/constants';
import { mockApi, requestedUrls } from '@/test/mock-api';
import { getSearch, searchQueryKey } from './search';

const EMPTY = { total: 0, sections: [{ id: '0', value: 'Все результаты', found: 0 }], items: [] };

describe('getSearch', () => {
  it('asks GET /api/search with the text, the flag as Y/N and the spec page size, no section for "all"', async () => {
    const fetchMock = mockApi({ '/api/search': EMPTY });
    await expect(getSearch({ text: 'конструктор', available: true, section: '0' })).resolves.toEqual(EMPTY);
    const [url] = requestedUrls(fetchMock);
    expect(url!.pathname).toBe('/api/search');
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      q: 'конструктор',
      available: 'Y',
      perPage: String(SEARCH_PAGE_SIZE),
    });
  });

  it("passes a section id with subsections=N (the section's own offers) and N for all offers", async () => {
    const fetchMock = mockApi({ '/api/search': EMPTY });
    await getSearch({ text: 'пазл', available: false, section: '12', perPage: 5 });
    expect(Object.fromEntries(requestedUrls(fetchMock)[0]!.searchParams)).toEqual({
      q: 'пазл',
      available: 'N',
      section: '12',
      subsections: 'N',
      perPage: '5',
    });
  });

  it('keys the cache by field name, text, flag and section (spec §5)', () => {
    expect(searchQueryKey('header', 'лего', false)).toEqual(['search', 'header', 'лего', 'N', '0']);
    expect(searchQueryKey('page', 'лего', true, '3')).toEqual(['search', 'page', 'лего', 'Y', '3']);
  });
});
