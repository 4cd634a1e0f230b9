import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCsrfToken } from '@/lib/api-client';
import { makeOffer } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { resetBasketSignals } from '../hooks/basket-signals';
import { mockBasketApi } from '../test/basket-api';
import { MiniCart } from './header-widgets';
import { BasketButton, WishlistButton } from './offer-basket-actions';

const elka = makeOffer({ id: 'a', name: 'Ёлка', price: 1480 });
const gone = makeOffer({ id: 'c', name: 'Кубики', available: false });

function renderButtons(offer = elka, place: 'card' | 'page' = 'page') {
  const user = userEvent.setup();
  renderWithApp(
    <>
      <MiniCart />
      <BasketButton offer={offer} place={place} />
      <WishlistButton offer={offer} place={place} />
    </>,
  );
  return user;
}

afterEach(() => {
  resetCsrfToken();
  resetBasketSignals();
});

describe('BasketButton', () => {
  it('adds the offer with the CSRF token, then links to the cart as "В корзине" (with the focus) and announces it', async () => {
    const api = mockBasketApi();
    api.know(elka);
    const user = renderButtons();
    await user.click(await screen.findByRole('button', { name: 'В корзину' }));
    const link = await screen.findByRole('link', { name: 'В корзине' });
    expect(link).toHaveAttribute('href', '/personal/cart/');
    await waitFor(() => expect(link).toHaveFocus());
    const [, init] = api.calls('/api/basket/items', 'POST')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ offerId: 'a', quantity: 1, delay: false });
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe('token');
    expect(screen.getByTestId('basket-announcer')).toHaveTextContent('Товар добавлен в корзину');
    // The mini cart reloads its summary after the change.
    await waitFor(() => expect(screen.getByTestId('mini-cart-count')).toHaveTextContent('1'));
    expect(api.calls('/api/basket/summary').length).toBeGreaterThanOrEqual(2);
  });

  it('is disabled for an out-of-stock offer', async () => {
    mockBasketApi();
    renderButtons(gone);
    expect(await screen.findByRole('button', { name: 'Нет в наличии' })).toBeDisabled();
  });

  it('asks for the price of an offer priced on request instead of adding it', async () => {
    mockBasketApi();
    renderButtons(makeOffer({ id: 'ask', name: 'Станок', price: 0 }));
    expect(await screen.findByRole('link', { name: 'Узнать цену' })).toHaveAttribute('href', '/feedback/');
    expect(screen.queryByTestId('add-to-basket')).not.toBeInTheDocument();
  });

  it('says why the server refused the add', async () => {
    const api = mockBasketApi();
    api.know(elka);
    api.refuseNext(409, 'OFFER_UNAVAILABLE');
    const user = renderButtons();
    await user.click(await screen.findByRole('button', { name: 'В корзину' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Товара нет в наличии.');
    expect(screen.getByRole('button', { name: 'В корзину' })).toBeEnabled();
  });
});

describe('WishlistButton', () => {
  it('toggles the offer in and out of the wishlist (aria-pressed)', async () => {
    const api = mockBasketApi();
    api.know(elka);
    const user = renderButtons();
    const toggle = await screen.findByRole('button', { name: 'В избранное' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(toggle).toHaveAccessibleName('В избранное');
    expect(api.lines()[0]).toMatchObject({ delay: true });
    await user.click(toggle);
    await waitFor(() => expect(screen.getByRole('button', { name: 'В избранное' })).toHaveAttribute('aria-pressed', 'false'));
    expect(api.lines()).toHaveLength(0);
  });

  it('moves a basket line into the wishlist instead of adding a second piece', async () => {
    const api = mockBasketApi([{ offer: elka, quantity: 2 }]);
    const user = renderButtons(elka, 'card');
    const toggle = await screen.findByRole('button', { name: 'В избранное: Ёлка' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'В корзине' })).toBeInTheDocument());
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    expect(api.lines()[0]).toMatchObject({ quantity: 2, delay: true });
    expect(api.calls('/api/basket/items/1', 'PATCH')).toHaveLength(1);
  });
});
