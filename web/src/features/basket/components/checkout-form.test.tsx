import { useQueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCsrfToken, type Location, type SessionAnswer } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/session';
import { makeOffer } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { resetBasketSignals } from '../hooks/basket-signals';
import { mockBasketApi } from '../test/basket-api';
import { CheckoutForm } from './checkout-form';

const elka = makeOffer({ id: 'a', name: 'Ёлка', price: 1480 });
const GOOD_PHONE = '+7 912 345-67-89';

function city(id: number, name: string): Location {
  return { id, name, region: '', country: 'RU', lat: 0, lon: 0, population: 0 };
}

/**
 * Stands in for the location feature's choice, which writes the answered city into the session query (the basket
 * feature reads it from there and imports nothing of the location feature).
 */
function ChooseCity({ location }: { location: Location }) {
  const queryClient = useQueryClient();
  return (
    <button
      type="button"
      onClick={() =>
        queryClient.setQueryData<SessionAnswer>(sessionQueryOptions.queryKey, (session) => session && { ...session, location })
      }
    >
      {`Выбрать ${location.name}`}
    </button>
  );
}

function renderCheckout(orders: Parameters<typeof mockBasketApi>[1] = {}, { choosers = [] }: { choosers?: Location[] } = {}) {
  const api = mockBasketApi([{ offer: elka, quantity: 2 }], orders);
  const user = userEvent.setup();
  renderWithApp(
    <>
      {choosers.map((location) => (
        <ChooseCity key={location.id} location={location} />
      ))}
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
      />
    </>,
    { url: '/personal/order/make/' },
  );
  return { api, user };
}

/** The basket server with a session whose `location` is `location`. */
function withSessionLocation(location: Location | null, extra: Record<string, unknown> = {}) {
  return { extra: { '/api/session': { sessid: 'token', user: null, location, settings: { basketView: 'RIGHT' } }, ...extra } };
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
      // Each message names its field, and none is an alert of its own: one announcement, through the focus.
      expect(field(name)).toHaveAccessibleDescription(`${name}: Заполните поле`);
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
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
    expect(field('Телефон')).toHaveAccessibleDescription('Телефон: Неправильный номер');
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

  it('asks to wait when the shop refuses more orders for now', async () => {
    const { user } = renderCheckout({
      extra: {
        '/api/orders': {
          status: 429,
          body: { errors: [{ code: 'RATE_LIMITED', field: null, detail: 'too many requests; retry after 600 s' }] },
        },
      },
    });
    await screen.findByRole('complementary', { name: 'Ваш заказ' });
    await user.type(field('Имя'), 'Иван');
    await user.type(field('Телефон'), GOOD_PHONE);
    await user.type(field('Город'), 'Пермь');
    await user.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много заказов подряд');
  });

  it("prefills an empty city with the session's delivery location and sends it", async () => {
    const { api, user } = renderCheckout(withSessionLocation(city(7, 'Пермь'), { '/api/orders': { status: 201, body: { number: '7' } } }));
    await screen.findByRole('complementary', { name: 'Ваш заказ' });
    await waitFor(() => expect(field('Город')).toHaveValue('Пермь'));
    await user.type(field('Имя'), 'Иван');
    await user.type(field('Телефон'), GOOD_PHONE);
    await user.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    await waitFor(() => expect(api.calls('/api/orders', 'POST')).toHaveLength(1));
    const [, init] = api.calls('/api/orders', 'POST')[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ city: 'Пермь' });
  });

  it('leaves the city empty without a delivery location', async () => {
    const { api } = renderCheckout(withSessionLocation(null));
    await screen.findByRole('complementary', { name: 'Ваш заказ' });
    await waitFor(() => expect(api.calls('/api/session')).toHaveLength(1));
    expect(field('Город')).toHaveValue('');
  });

  it('takes the name of a city chosen while the checkout is open, replacing what was typed and its message', async () => {
    const { user } = renderCheckout(withSessionLocation(null), { choosers: [city(3, 'Казань'), city(7, 'Пермь')] });
    await screen.findByRole('complementary', { name: 'Ваш заказ' });
    await user.click(screen.getByRole('button', { name: 'Подтвердить заказ' }));
    expect(field('Город')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Выбрать Казань' }));
    expect(field('Город')).toHaveValue('Казань');
    expect(field('Город')).toHaveAttribute('aria-invalid', 'false');
    // The shopper may still correct it by hand…
    await user.clear(field('Город'));
    await user.type(field('Город'), 'Москва');
    expect(field('Город')).toHaveValue('Москва');
    // …and a city chosen afterwards replaces the typed one.
    await user.click(screen.getByRole('button', { name: 'Выбрать Пермь' }));
    expect(field('Город')).toHaveValue('Пермь');
  });

  it('a later choice replaces a prefilled city', async () => {
    const { user } = renderCheckout(withSessionLocation(city(7, 'Пермь')), { choosers: [city(3, 'Казань')] });
    await screen.findByRole('complementary', { name: 'Ваш заказ' });
    await waitFor(() => expect(field('Город')).toHaveValue('Пермь'));
    await user.click(screen.getByRole('button', { name: 'Выбрать Казань' }));
    expect(field('Город')).toHaveValue('Казань');
  });
});
