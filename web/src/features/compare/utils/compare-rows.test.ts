import { describe, expect, it } from 'vitest';
import { makeOffer } from '@/test/fixtures';
import { compareRows } from './compare-rows';

describe('compareRows', () => {
  it('takes the union of the param names in order of first appearance, null where an offer has none', () => {
    const a = makeOffer({ id: 'a', params: [{ name: 'Цвет', value: 'красный', unit: null }, { name: 'Вес', value: '2', unit: 'кг' }] });
    const b = makeOffer({ id: 'b', params: [{ name: 'Возраст', value: '6+', unit: null }, { name: 'Цвет', value: 'красный', unit: null }] });
    expect(compareRows([a, b])).toEqual([
      { name: 'Цвет', values: ['красный', 'красный'], allEqual: true },
      { name: 'Вес', values: ['2\u00a0кг', null], allEqual: false },
      { name: 'Возраст', values: [null, '6+'], allEqual: false },
    ]);
  });

  it('joins the values of a name an offer repeats', () => {
    const a = makeOffer({ params: [{ name: 'Цвет', value: 'красный', unit: null }, { name: 'Цвет', value: 'синий', unit: null }] });
    expect(compareRows([a])).toEqual([{ name: 'Цвет', values: ['красный, синий'], allEqual: true }]);
  });

  it('has no rows without params', () => {
    expect(compareRows([makeOffer(), makeOffer({ id: '2' })])).toEqual([]);
  });
});
