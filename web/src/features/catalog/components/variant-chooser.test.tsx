import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VariantChoice } from '@/lib/api/types';
import { renderWithApp } from '@/test/render';
import { VariantChooser } from './variant-chooser';

const value = (value: string, offerId: string, available: boolean, chosen = false) => ({
  value,
  offerId,
  url: `/catalog/odezhda/${offerId}/`,
  available,
  chosen,
});

const choice: VariantChoice = {
  productUrl: '/catalog/odezhda/tee-r-m/',
  options: [
    { name: 'Цвет', values: [value('Красный', 'tee-r-l', false), value('Синий', 'tee-b-l', true, true)] },
    { name: 'Размер', values: [value('M', 'tee-b-m', false), value('L', 'tee-b-l', true, true)] },
  ],
};

describe('VariantChooser', () => {
  it('names each parameter as a group with the value shown, each value a link to its variant', () => {
    renderWithApp(<VariantChooser choice={choice} />);

    const colour = screen.getByRole('group', { name: 'Цвет: Синий' });
    const blue = within(colour).getByRole('link', { name: 'Синий' });
    expect(blue).toHaveAttribute('href', '/catalog/odezhda/tee-b-l/');
    expect(blue).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('group', { name: 'Размер: L' })).toBeInTheDocument();
  });

  it('crosses out a value whose variant is out of stock and says so, keeping it a link', () => {
    renderWithApp(<VariantChooser choice={choice} />);

    const red = screen.getByRole('link', { name: 'Красный, нет в наличии' });
    expect(red).toHaveAttribute('href', '/catalog/odezhda/tee-r-l/');
    expect(red).not.toHaveAttribute('aria-current');
    expect(red.querySelector('s')).toHaveTextContent('Красный');
  });

  it('lists variants alike in every parameter by name under "Вариант"', () => {
    const byName: VariantChoice = {
      productUrl: '/catalog/odezhda/a/',
      options: [{ name: '', values: [value('Набор А', 'a', true, true), value('Набор Б', 'b', true)] }],
    };
    renderWithApp(<VariantChooser choice={byName} />);

    expect(screen.getByRole('group', { name: 'Вариант: Набор А' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Набор Б' })).toHaveAttribute('href', '/catalog/odezhda/b/');
  });
});
