import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetOverlayStackForTests } from '@/components/ui/overlay/overlay-stack';
import { SHAKE_DURATION_MS } from '@/config/constants';
import { resetCsrfToken } from '@/lib/api-client';
import { makeOffer } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { resetBasketSignals, signalBasketChange } from '../hooks/basket-signals';
import { mockBasketApi } from '../test/basket-api';
import { MiniCart, WishlistWidget, slideCartAllowedOn } from './header-widgets';

const elka = makeOffer({ id: 'a', name: 'Ёлка', price: 1480 });
const puzzle = makeOffer({ id: 'b', name: 'Пазл', price: 3.54 });

function renderWidgets(url = '/catalog/') {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const view = renderWithApp(
    <>
      <WishlistWidget />
      <MiniCart />
    </>,
    { url },
  );
  return { user, ...view };
}

const miniCart = () => screen.getByTestId('mini-cart');
const cartIcon = () => miniCart().querySelector('svg')!;
const heartIcon = () => screen.getByTestId('wishlist-widget').querySelector('svg')!;

afterEach(() => {
  resetOverlayStackForTests();
  resetCsrfToken();
  resetBasketSignals();
  vi.useRealTimers();
});

describe('slideCartAllowedOn', () => {
  it('refuses the cart and checkout paths (spec §2) and allows the rest', () => {
    expect(slideCartAllowedOn('/personal/cart/')).toBe(false);
    expect(slideCartAllowedOn('/personal/order/make/')).toBe(false);
    expect(slideCartAllowedOn('/personal/cart')).toBe(false);
    expect(slideCartAllowedOn('/catalog/')).toBe(true);
    expect(slideCartAllowedOn('/personal/')).toBe(true);
  });
});

describe('MiniCart and WishlistWidget', () => {
  it('show the basket count and sum and the wishlist count, marked empty at 0', async () => {
    mockBasketApi([{ offer: elka, quantity: 2 }, { offer: puzzle, quantity: 1, delay: true }]);
    renderWidgets();
    await waitFor(() => expect(screen.getByTestId('mini-cart-count')).toHaveTextContent('1'));
    expect(screen.getByTestId('mini-cart-sum')).toHaveTextContent('2 960 ₽');
    expect(miniCart()).not.toHaveAttribute('data-empty');
    expect(miniCart()).toHaveAccessibleName(/^Корзина: 1 товар на 2\s960\s₽$/);
    expect(screen.getByTestId('wishlist-count')).toHaveTextContent('1');
    expect(screen.getByTestId('wishlist-widget')).toHaveAccessibleName('Избранное: 1 товар');
  });

  it('are marked empty when the basket is empty', async () => {
    const api = mockBasketApi();
    renderWidgets();
    await waitFor(() => expect(api.calls('/api/basket/summary')).toHaveLength(1));
    expect(miniCart()).toHaveAttribute('data-empty');
    expect(screen.getByTestId('wishlist-widget')).toHaveAttribute('data-empty');
    expect(screen.queryByTestId('mini-cart-sum')).not.toBeInTheDocument();
  });

  it('shake the cart icon for SHAKE_DURATION_MS after a basket change and the heart after a wishlist change', async () => {
    mockBasketApi();
    renderWidgets();
    await screen.findByTestId('mini-cart-count');
    vi.useFakeTimers();
    act(() => signalBasketChange('basket', 'Товар добавлен в корзину'));
    expect(cartIcon()).toHaveClass('is-shaking');
    expect(heartIcon()).not.toHaveClass('is-shaking');
    expect(screen.getByTestId('basket-announcer')).toHaveTextContent('Товар добавлен в корзину');
    act(() => vi.advanceTimersByTime(SHAKE_DURATION_MS - 1));
    expect(cartIcon()).toHaveClass('is-shaking');
    act(() => vi.advanceTimersByTime(1));
    expect(cartIcon()).not.toHaveClass('is-shaking');

    act(() => signalBasketChange('delay'));
    expect(heartIcon()).toHaveClass('is-shaking');
    expect(cartIcon()).not.toHaveClass('is-shaking');
    act(() => vi.advanceTimersByTime(SHAKE_DURATION_MS));
    expect(heartIcon()).not.toHaveClass('is-shaking');
  });

  it('opens the slide cart "Корзина" with the lines when the basket view is RIGHT', async () => {
    mockBasketApi([{ offer: elka, quantity: 2 }]);
    const { user } = renderWidgets();
    await waitFor(() => expect(miniCart().tagName).toBe('BUTTON'));
    await user.click(miniCart());
    const dialog = screen.getByRole('dialog', { name: 'Корзина' });
    const line = await within(dialog).findByTestId('basket-line');
    expect(line).toHaveTextContent('Ёлка');
    expect(within(dialog).getByTestId('basket-total')).toHaveTextContent('2 960 ₽');
    expect(within(dialog).getByRole('link', { name: 'Оформить заказ' })).toHaveAttribute('href', '/personal/order/make/');
    expect(within(dialog).getByRole('link', { name: 'Перейти в корзину' })).toHaveAttribute('href', '/personal/cart/');
  });

  it('changes quantities in the slide cart, optimistically, and rolls back with a message when refused', async () => {
    const api = mockBasketApi([{ offer: elka, quantity: 2 }]);
    const { user } = renderWidgets();
    await waitFor(() => expect(miniCart().tagName).toBe('BUTTON'));
    await user.click(miniCart());
    const dialog = screen.getByRole('dialog', { name: 'Корзина' });
    await within(dialog).findByTestId('basket-line');
    await user.click(within(dialog).getByRole('button', { name: 'Увеличить количество: Ёлка' }));
    await waitFor(() => expect(within(dialog).getByTestId('basket-line-quantity')).toHaveTextContent('3'));
    await waitFor(() => expect(within(dialog).getByTestId('basket-total')).toHaveTextContent('4 440 ₽'));
    expect(api.lines()[0]!.quantity).toBe(3);

    api.refuseNext(400, 'QUANTITY_INVALID');
    await user.click(within(dialog).getByRole('button', { name: 'Уменьшить количество: Ёлка' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Количество должно быть от 1 до 999.');
    expect(within(dialog).getByTestId('basket-line-quantity')).toHaveTextContent('3');

    await user.click(within(dialog).getByRole('button', { name: 'Удалить: Ёлка' }));
    expect(await within(dialog).findByText('Ваша корзина пуста')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('mini-cart', {}).getAttribute('data-empty')).not.toBeNull());
  });

  it('shows SLIDE_PANEL_UNDEFINED_ERROR when the basket answer cannot be shown', async () => {
    mockBasketApi([], { extra: { '/api/basket': { unexpected: true } } });
    const { user } = renderWidgets();
    await waitFor(() => expect(miniCart().tagName).toBe('BUTTON'));
    await user.click(miniCart());
    const dialog = screen.getByRole('dialog', { name: 'Корзина' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Возникла неопределенная ошибка');
  });

  it('links to the cart page on the cart and checkout pages and with the PAGE view', async () => {
    for (const [url, basketView] of [
      ['/personal/cart/', 'RIGHT'],
      ['/personal/order/make/', 'RIGHT'],
      ['/catalog/', 'PAGE'],
    ] as const) {
      const api = mockBasketApi([], { basketView });
      const view = renderWidgets(url);
      await waitFor(() => expect(api.calls('/api/session')).toHaveLength(1));
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
      expect(miniCart().tagName).toBe('A');
      expect(miniCart()).toHaveAttribute('href', '/personal/cart/');
      view.unmount();
      resetCsrfToken();
    }
  });
});
