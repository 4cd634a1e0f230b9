import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetCsrfToken } from '@/lib/api-client';
import { makeOffer } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { conflict, mockCompareApi } from '../test/compare-api-mock';
import { CompareButton } from './compare-button';
import { InsideCompareTable } from './compare-table-context';

afterEach(() => resetCsrfToken());

const offer = makeOffer({ id: '11143', name: 'Конструктор 11143' });

describe('CompareButton', () => {
  it('page: "Сравнить" adds the offer (POST with the CSRF token), pressed it removes it (DELETE); the name stays', async () => {
    const { mutations } = mockCompareApi({ catalogue: [offer] });
    renderWithApp(<CompareButton offer={offer} place="page" />);
    const button = await screen.findByRole('button', { name: 'Сравнить' });
    expect(button).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveAccessibleName('Сравнить');
    expect(mutations()).toEqual([{ method: 'POST', path: '/api/compare', body: { offerId: '11143' }, token: 'token-1' }]);

    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'false'));
    expect(button).toHaveAccessibleName('Сравнить');
    expect(mutations()[1]).toEqual({ method: 'DELETE', path: '/api/compare/11143', body: undefined, token: 'token-1' });
  });

  it('starts pressed for an offer already on the list', async () => {
    mockCompareApi({ initial: [offer] });
    renderWithApp(<CompareButton offer={offer} place="page" />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Сравнить' })).toHaveAttribute('aria-pressed', 'true'));
  });

  it('card: an icon button named "Сравнить: {name}" whose pressed state follows the list', async () => {
    mockCompareApi({ catalogue: [offer] });
    renderWithApp(<CompareButton offer={offer} place="card" />);
    const button = await screen.findByRole('button', { name: 'Сравнить: Конструктор 11143' });
    expect(button).not.toHaveTextContent(/\S/);
    expect(button).toHaveAttribute('title', 'Сравнить');
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(button).toHaveAccessibleName('Сравнить: Конструктор 11143');
    expect(button).toHaveAttribute('title', 'В сравнении');
  });

  it('shows the limit message (409 COMPARE_LIMIT) and springs back', async () => {
    mockCompareApi({ catalogue: [offer], refuseAdd: conflict('COMPARE_LIMIT') });
    renderWithApp(<CompareButton offer={offer} place="page" />);
    const button = await screen.findByRole('button', { name: 'Сравнить' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'В сравнении может быть не больше 20 товаров. Удалите какой-нибудь, чтобы добавить этот.',
    );
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAccessibleName('Сравнить');
  });

  it.each([
    ['OFFER_REMOVED', conflict('OFFER_REMOVED'), 'Этот товар больше не продаётся.'],
    [
      'OFFER_NOT_FOUND',
      { status: 404, body: { errors: [{ code: 'OFFER_NOT_FOUND', field: 'offerId', detail: '' }] } },
      'Этого товара нет в каталоге.',
    ],
    ['a server error', { status: 500, body: {} }, 'Не удалось изменить список сравнения. Попробуйте ещё раз.'],
  ])('shows the message of %s', async (_name, refusal, message) => {
    mockCompareApi({ catalogue: [offer], refuseAdd: refusal });
    renderWithApp(<CompareButton offer={offer} place="card" />);
    await userEvent.click(await screen.findByRole('button', { name: /^Сравнить/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('clears the message when the next click succeeds', async () => {
    mockCompareApi({ catalogue: [offer], refuseAdd: (n: number) => (n === 1 ? conflict('COMPARE_LIMIT') : undefined) });
    renderWithApp(<CompareButton offer={offer} place="page" />);
    const button = await screen.findByRole('button', { name: 'Сравнить' });
    await userEvent.click(button);
    await screen.findByRole('alert');
    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renders nothing inside the compare page’s table (it has its own "Удалить")', async () => {
    mockCompareApi({ initial: [offer] });
    renderWithApp(
      <InsideCompareTable.Provider value>
        <CompareButton offer={offer} place="card" />
      </InsideCompareTable.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('location')).toBeInTheDocument());
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
