import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ListingFacets } from '@/lib/api/types';
import { FacetPanel, type FacetPanelProps } from './facet-panel';

/** A vendor facet of `n` values, the last of which would leave nothing. */
function facets(n: number): ListingFacets {
  return {
    currencyId: 'RUB',
    price: { min: 100, max: 900 },
    items: [
      {
        field: 'vendor',
        name: 'Производитель',
        unit: null,
        range: null,
        values: Array.from({ length: n }, (_, i) => ({ value: `Вендор ${i + 1}`, count: n - i - 1, chosen: false })),
      },
      { field: 'p.Ресурс', name: 'Ресурс', unit: 'стр.', range: { min: 250, max: 2000 }, values: [] },
    ],
  };
}

function renderPanel(props: Partial<FacetPanelProps> = {}) {
  const onFilters = vi.fn();
  render(
    <FacetPanel
      facets={facets(20)}
      total={42}
      filters={[]}
      available={false}
      action="/catalog/"
      onFilters={onFilters}
      hrefFor={(pairs) => `/catalog/?${new URLSearchParams(pairs.map(([k, v]) => [k, v])).toString()}`}
      {...props}
    />,
  );
  return onFilters;
}

describe('FacetPanel (issue 35)', () => {
  it('shows ten values, the rest behind "Показать все", and a search over them from 15', async () => {
    renderPanel();
    const group = screen.getByRole('group', { name: 'Производитель' });
    // Hidden by the style of `.extra` (no style sheets here).
    const visible = () => [...group.querySelectorAll('li')].filter((li) => !/extra/.test(li.className));
    expect(visible()).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Показать все (20)' }));
    expect(visible()).toHaveLength(20);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Найти: Производитель' }), 'ВЕНДОР 1');
    // "Вендор 1" and "Вендор 10" … "Вендор 19".
    expect(screen.getAllByRole('checkbox')).toHaveLength(11);
  });

  it('each value is a link acting as a checkbox with its count in its name; one leaving nothing is disabled', async () => {
    const onFilters = renderPanel({ facets: facets(3) });
    const first = screen.getByRole('checkbox', { name: 'Вендор 1, 2' });
    expect(first).toHaveAttribute('href', '/catalog/?vendor=%D0%92%D0%B5%D0%BD%D0%B4%D0%BE%D1%80+1');
    expect(first).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(first);
    expect(onFilters).toHaveBeenLastCalledWith([['vendor', 'Вендор 1']]);
    first.focus();
    await userEvent.keyboard(' ');
    expect(onFilters).toHaveBeenCalledTimes(2);
    const none = screen.getByRole('checkbox', { name: 'Вендор 3, 0' });
    expect(none).toHaveAttribute('aria-disabled', 'true');
    expect(none).not.toHaveAttribute('href');
  });

  it('an estimated count (a search of many matches) shows as "≈N" and is named "около N"', () => {
    const estimated = facets(2);
    estimated.items[0]!.values = [
      { value: 'Вендор 1', count: 12000, estimate: true, chosen: false },
      { value: 'Вендор 2', count: 37, chosen: false },
    ];
    renderPanel({ facets: estimated });
    const first = screen.getByRole('checkbox', { name: 'Вендор 1, около 12000' });
    expect(first).toHaveTextContent('≈12000');
    expect(screen.getByRole('checkbox', { name: 'Вендор 2, 37' })).toHaveTextContent(/37$/);
  });

  it('a typed range applies on leaving the field or on "Показать (N)", a number or nothing', async () => {
    const onShow = vi.fn();
    const onFilters = renderPanel({ onShow, filters: [['vendor', 'Вендор 2']] });
    const from = screen.getByRole('textbox', { name: 'Ресурс, стр. от' });
    expect(from).toHaveAttribute('placeholder', '250');
    await userEvent.type(from, '1 000,5');
    fireEvent.blur(from);
    expect(onFilters).toHaveBeenLastCalledWith([
      ['vendor', 'Вендор 2'],
      ['p.Ресурс.min', '1000.5'],
    ]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Цена, ₽ до' }), 'дорого');
    await userEvent.click(screen.getByRole('button', { name: 'Показать (42)' }));
    expect(onShow).toHaveBeenCalled();
    // The count is announced politely in the slide panel.
    expect(screen.getByText('Найдено 42 товара')).toHaveAttribute('aria-live', 'polite');
  });
});
