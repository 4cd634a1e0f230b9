import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCsrfToken } from '@/lib/api-client';
import { makeOffer } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { resetBasketSignals } from '../hooks/basket-signals';
import { mockBasketApi } from '../test/basket-api';
import { CheckoutForm } from './checkout-form';

const elka = makeOffer({ id: 'a', name: 'Ёлка', price: 1480 });
const GOOD_PHONE = '+7 912 345-67-89';

function renderCheckout(orders: Parameters<typeof mockBasketApi>[1] = {}) {
  const api = mockBasketApi([{ offer: elka, quantity: 2 }], orders);
  const user = userEvent.setup();
  renderWithApp(
    <CheckoutForm
      isValidPhone={(full, iso2) => full === GOOD_PHONE && iso2 === 'ru'}
      renderPhoneField={({ id, invalid, describedBy, onChange }) => (
        <input
          id={id}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => onChange({ fullValue: event.target.value, iso2: 'ru' })}
        />
      )}
    />,
    { url: '/personal/order/make/' },
  );
  return { api, user };
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

afterEach(() => {
  resetCsrfToken();
  resetBasketSignals();
});

describe('CheckoutForm', () => {
  it('shows the order summary and names every missing field on submit, sending nothing', async () => {
    const { api, user } = renderCheckout();
    const summary = await screen.findByRole('complementary', { name: 'Ваш заказ' });
    expect(summary).toHaveTextContent('Ёлка × 2');
    expect(within(summary).getByTestId('basket-total')).toHaveTextContent('2 960 ₽');
    await user.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    for (const name of ['Имя', 'Телефон', 'Город']) {
      expect(field(name)).toHaveAttribute('aria-invalid', 'true');
      expect(field(name)).toHaveAccessibleDescription('Заполните поле');
    }
    expect(field('Имя')).toHaveFocus();
    expect(api.calls('/api/orders', 'POST')).toHaveLength(0);
    // Typing into a field takes its message away; the others keep theirs until the next submit.
    await user.type(field('Имя'), 'И');
    expect(field('Имя')).toHaveAttribute('aria-invalid', 'false');
    expect(field('Город')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks the phone with the forms rule and asks for the address only for courier delivery', async () => {
    const { user } = renderCheckout();
    await screen.findByRole('complementary', { name: 'Ваш заказ' });
    expect(screen.queryByRole('textbox', { name: /Адрес доставки/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Курьером' }));
    await user.type(field('Телефон'), '+7 912');
    await user.type(field('E-mail'), 'a@b');
    await user.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    expect(field('Телефон')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Телефон')).not.toHaveAccessibleDescription('Заполните поле');
    expect(field('Адрес доставки')).toHaveAttribute('aria-invalid', 'true');
    expect(field('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('places the order and opens its confirmation; server field errors land under their fields', async () => {
    let answer: unknown = {
      status: 422,
      body: { errors: [{ code: 'FORMS_PHONE_WRONG', field: 'phone', detail: 'not valid' }] },
    };
    const { api, user } = renderCheckout({ extra: { '/api/orders': () => answer } });
    await screen.findByRole('complementary', { name: 'Ваш заказ' });
    await user.type(field('Имя'), 'Иван');
    await user.type(field('Телефон'), GOOD_PHONE);
    await user.type(field('Город'), 'Пермь');
    await user.type(field('Комментарий к заказу'), 'Позвоните заранее');
    await user.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    await waitFor(() => expect(field('Телефон')).toHaveAttribute('aria-invalid', 'true'));

    answer = { status: 201, body: { number: '42' } };
    await user.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/personal/order/make/?ORDER_ID=42'));
    const [, init] = api.calls('/api/orders', 'POST')[1]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Иван',
      phone: GOOD_PHONE,
      phoneCountry: 'ru',
      email: '',
      city: 'Пермь',
      address: '',
      deliveryMethod: 'pickup',
      paymentMethod: 'cash',
      comment: 'Позвоните заранее',
    });
  });

  it('says so when an offer is no longer available', async () => {
    const { user } = renderCheckout({
      extra: {
        '/api/orders': {
          status: 409,
          body: { errors: [{ code: 'OFFER_UNAVAILABLE', field: 'offerId', detail: 'Ёлка (a)' }] },
        },
      },
    });
    await screen.findByRole('complementary', { name: 'Ваш заказ' });
    await user.type(field('Имя'), 'Иван');
    await user.type(field('Телефон'), GOOD_PHONE);
    await user.type(field('Город'), 'Пермь');
    await user.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Некоторых товаров уже нет в наличии');
  });
});
