import { describe, expect, it } from 'vitest';
import { canonicalFilters, chosenFilters, filterQuery, readFilters, toggleValue, withoutPair } from './filters';

describe('a listing filters in the URL (issue 35)', () => {
  it('come in one order, as the server writes them, whatever order they were chosen in', () => {
    const search = new URLSearchParams(
      'p.Цвет=b&sort=price&p.Цвет=a&vendor=HP&priceMax=9&priceMin=1&priceMin=2&vendor=&p.Ресурс.min=5&vendor=Canon&p.Цвет=a&utm_source=x',
    );
    expect(readFilters(search).map(([k, v]) => `${k}=${v}`)).toEqual([
      'priceMin=1',
      'priceMax=9',
      'vendor=Canon',
      'vendor=HP',
      'p.Ресурс.min=5',
      'p.Цвет=a',
      'p.Цвет=b',
    ]);
  });

  it('toggle a value on and off, and a range leaves as one chip', () => {
    let pairs = toggleValue([], 'p.Цвет', 'Чёрный');
    pairs = toggleValue(pairs, 'vendor', 'HP');
    expect(pairs).toEqual([
      ['vendor', 'HP'],
      ['p.Цвет', 'Чёрный'],
    ]);
    expect(toggleValue(pairs, 'vendor', 'HP')).toEqual([['p.Цвет', 'Чёрный']]);
    const ranged = canonicalFilters([...pairs, ['p.Ресурс.max', '900'], ['p.Ресурс.min', '100']]);
    const chips = chosenFilters(ranged);
    expect(chips.map((c) => c.field)).toEqual(['vendor', 'p.Ресурс', 'p.Цвет']);
    expect(chips[1]!.range).toEqual({ min: '100', max: '900' });
    expect(withoutPair(ranged, chips[1]!.pair)).toEqual(pairs);
  });

  it('are sent with repeated keys for the values of one facet', () => {
    expect(filterQuery([['vendor', 'A'], ['vendor', 'B'], ['priceMin', '5']])).toEqual({ vendor: ['A', 'B'], priceMin: '5' });
  });
});
