import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RatingStars, starFill } from './rating-stars';

const fills = (value: number) => [1, 2, 3, 4, 5].map((n) => starFill(value, n));

describe('RatingStars', () => {
  it('fills the stars to the value rounded to the nearest half', () => {
    expect(fills(4)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(fills(4.6)).toEqual(['full', 'full', 'full', 'full', 'half']);
    expect(fills(4.2)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(fills(4.8)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(fills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(fills(7)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('is one image named by its label, its stars hidden', () => {
    render(<RatingStars value={3.5} label="Оценка 3,5 из 5" />);
    const image = screen.getByRole('img', { name: 'Оценка 3,5 из 5' });
    expect(Array.from(image.querySelectorAll('svg'), (svg) => svg.getAttribute('data-fill'))).toEqual([
      'full',
      'full',
      'full',
      'half',
      'empty',
    ]);
    for (const svg of image.querySelectorAll('svg')) expect(svg).toHaveAttribute('aria-hidden', 'true');
  });

  it('carries data-rate, the integer part, at or below 4.4 (spec §9) and none above', () => {
    const { rerender } = render(<RatingStars value={4.4} label="r" />);
    expect(screen.getByRole('img')).toHaveAttribute('data-rate', '4');
    rerender(<RatingStars value={3.9} label="r" />);
    expect(screen.getByRole('img')).toHaveAttribute('data-rate', '3');
    rerender(<RatingStars value={4.5} label="r" />);
    expect(screen.getByRole('img')).not.toHaveAttribute('data-rate');
  });
});
