import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PICTURE_SIZES } from '@/config/constants';
import { makeOffer, makePicture } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { ProductCard } from './product-card';

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('ProductCard', () => {
  it('links the name to the product page and shows price and availability', () => {
    renderWithApp(<ProductCard offer={makeOffer({ id: '7', name: 'Робот', url: '/catalog/roboty/robot/' })} />);

    expect(screen.getByRole('link', { name: 'Робот' })).toHaveAttribute('href', '/catalog/roboty/robot/');
    expect(plain(screen.getByTestId('price').textContent)).toContain('1 480 ₽');
    expect(screen.getByText('В наличии')).toBeInTheDocument();
    expect(screen.queryByTestId('old-price')).not.toBeInTheDocument();
    expect(screen.queryByTestId('discount')).not.toBeInTheDocument();
  });

  it('strikes through the old price and shows the discount percentage', () => {
    renderWithApp(<ProductCard offer={makeOffer({ price: 1480, oldPrice: 1990 })} />);

    const old = screen.getByTestId('old-price');
    expect(old.tagName).toBe('S');
    expect(plain(old.textContent)).toContain('1 990 ₽');
    expect(screen.getByTestId('discount')).toHaveTextContent('−26%');
  });

  it('shows a product of variants as the range of their prices, their count, and in stock when any is', () => {
    const variants = { count: 4, available: 1, minPrice: 1000, maxPrice: 1500, choice: null };
    renderWithApp(<ProductCard offer={makeOffer({ available: false, price: 1200, oldPrice: 1990, variants })} />);

    expect(plain(screen.getByTestId('price').textContent)).toBe('Цена: 1 000 ₽ – 1 500 ₽');
    expect(screen.queryByTestId('old-price')).not.toBeInTheDocument();
    expect(screen.getByText('4 варианта')).toBeInTheDocument();
    expect(screen.getByText('В наличии')).toBeInTheDocument();
  });

  it('reads a zero price as "Цена по запросу"', () => {
    renderWithApp(<ProductCard offer={makeOffer({ price: 0, oldPrice: 100 })} />);
    expect(screen.getByTestId('price')).toHaveTextContent('Цена по запросу');
    expect(screen.queryByTestId('old-price')).not.toBeInTheDocument();
  });

  it('says when the offer is out of stock', () => {
    renderWithApp(<ProductCard offer={makeOffer({ available: false })} />);
    expect(screen.getByText('Нет в наличии')).toBeInTheDocument();
    expect(screen.queryByText('В наличии')).not.toBeInTheDocument();
  });

  it('shows the picture lazily and sized, then the placeholder when it fails to load', () => {
    const picture = makePicture({ id: 'ffffffffffffffffffffffffffffffff' });
    renderWithApp(<ProductCard offer={makeOffer({ name: 'Робот', pictures: [picture] })} />);

    const img = screen.getByRole('img', { name: 'Робот' });
    expect(img).toHaveAttribute('src', '/pictures/ffffffffffffffffffffffffffffffff/320.jpg');
    expect(img).toHaveAttribute('sizes', PICTURE_SIZES.card);
    expect(img).toHaveAttribute('data-placeholder', 'false');
    expect(img).toHaveAttribute('decoding', 'async');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');

    fireEvent.error(img);

    const placeholder = screen.getByRole('img', { name: 'Робот' });
    expect(placeholder).toHaveAttribute('data-placeholder', 'true');
    // Drawn inline, not an image that loads: no largest paint after the failed picture (issue 22).
    expect(placeholder.tagName.toLowerCase()).toBe('svg');
  });

  it('shows the placeholder straight away when the offer has no picture', () => {
    renderWithApp(<ProductCard offer={makeOffer({ name: 'Без фото', pictures: [] })} />);
    expect(screen.getByRole('img', { name: 'Без фото' })).toHaveAttribute('data-placeholder', 'true');
  });

  it('has a quick view button named after the product only when the grid offers quick view', () => {
    const offer = makeOffer({ name: 'Робот' });
    const onQuickView = vi.fn();
    const { unmount } = renderWithApp(<ProductCard offer={offer} />);
    expect(screen.queryByRole('button', { name: /Быстрый просмотр/ })).not.toBeInTheDocument();
    unmount();

    renderWithApp(<ProductCard offer={offer} onQuickView={onQuickView} />);
    const button = screen.getByRole('button', { name: 'Быстрый просмотр: Робот' });
    expect(button).toHaveTextContent('Быстрый просмотр');
    fireEvent.click(button);
    expect(onQuickView).toHaveBeenCalledWith(offer, button);
  });
});
