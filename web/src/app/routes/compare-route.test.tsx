import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { OfferActionsProvider } from '@/components/offer/offer-actions-slot';
import { CompareButton } from '@/features/compare/components/compare-button';
import { conflict, mockCompareApi } from '@/features/compare/test/compare-api-mock';
import { resetCsrfToken } from '@/lib/api-client';
import { makeOffer } from '@/test/fixtures';
import { renderWithApp } from '@/test/render';
import { CompareRoute } from './compare-route';

afterEach(() => resetCsrfToken());

const red = { name: 'Цвет', value: 'красный', unit: null };
const blue = { name: 'Цвет', value: 'синий', unit: null };
const age = { name: 'Возраст', value: '6+', unit: null };
const weight = (value: string) => ({ name: 'Вес', value, unit: 'кг' });

const offers = [
  makeOffer({ id: '1', name: 'Конструктор А', price: 1480, params: [red, age, weight('2')] }),
  makeOffer({ id: '2', name: 'Конструктор Б', price: 990, oldPrice: 1200, available: false, params: [blue, age] }),
  makeOffer({ id: '3', name: 'Конструктор В', price: 500, params: [red, age, { name: 'Материал', value: 'дерево', unit: null }] }),
];

/** Renders the page inside an offer-actions provider like the app's (a stand-in "В корзину" plus the compare toggle). */
function renderPage() {
  return renderWithApp(
    <OfferActionsProvider
      render={(offer, place) => (
        <>
          <button type="button" data-place={place}>
            В корзину
          </button>
          <CompareButton offer={offer} place={place} />
        </>
      )}
    >
      <CompareRoute />
    </OfferActionsProvider>,
    { url: '/catalog/compare/' },
  );
}

const table = () => screen.getByTestId('compare-table');
/** Each characteristic row as its cells' texts: name, then one value per offer. */
const paramRows = () =>
  screen.getAllByTestId('compare-param-row').map((row) =>
    Array.from(row.children, (cell) => (cell.textContent ?? '').replace('—нет', '—')),
  );

describe('the compare page', () => {
  it('shows the offers side by side with one row per param name (the union), "—" where one is missing', async () => {
    mockCompareApi({ initial: offers });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Сравнение товаров' })).toBeInTheDocument();
    expect(document.title).toBe('Сравнение товаров — Витрина');
    await screen.findByTestId('compare-table');

    const headers = within(table()).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Конструктор А', 'Конструктор Б', 'Конструктор В']);
    expect(within(headers[0]!).getByRole('link', { name: 'Конструктор А' })).toHaveAttribute(
      'href',
      '/catalog/konstruktory/konstruktor-1/',
    );
    const price = within(table()).getByRole('rowheader', { name: 'Цена' }).closest('tr')!;
    expect(price).toHaveTextContent(/1\s480\s₽.*990\s₽.*Старая цена: 1\s200\s₽.*500\s₽/);
    const availability = within(table()).getByRole('rowheader', { name: 'Наличие' }).closest('tr')!;
    expect(Array.from(availability.querySelectorAll('td'), (cell) => cell.textContent)).toEqual([
      'В наличии',
      'Нет в наличии',
      'В наличии',
    ]);
    expect(paramRows()).toEqual([
      ['Цвет', 'красный', 'синий', 'красный'],
      ['Возраст', '6+', '6+', '6+'],
      ['Вес', '2\u00a0кг', '—', '—'],
      ['Материал', '—', '—', 'дерево'],
    ]);
    // A missing value is read out as "нет".
    expect(within(table()).getAllByText('нет')).toHaveLength(4);
    expect(screen.getByText('3 товара')).toBeInTheDocument();
  });

  it('shows the app’s offer actions (place table) but not the compare toggle, and a remove button per offer', async () => {
    mockCompareApi({ initial: offers });
    renderPage();
    await screen.findByTestId('compare-table');
    const basketButtons = within(table()).getAllByRole('button', { name: 'В корзину' });
    expect(basketButtons).toHaveLength(3);
    expect(basketButtons[0]).toHaveAttribute('data-place', 'table');
    expect(within(table()).queryByRole('button', { name: /Сравн/ })).not.toBeInTheDocument();
    expect(within(table()).getByRole('button', { name: 'Удалить из сравнения: Конструктор Б' })).toBeVisible();
  });

  it('"Только различия" hides the rows whose values are all equal, and shows them again', async () => {
    mockCompareApi({ initial: offers });
    renderPage();
    await screen.findByTestId('compare-table');
    const onlyDifferences = screen.getByRole('switch', { name: 'Только различия' });
    expect(onlyDifferences).not.toBeChecked();

    await userEvent.click(onlyDifferences);
    expect(onlyDifferences).toBeChecked();
    expect(paramRows().map((row) => row[0])).toEqual(['Цвет', 'Вес', 'Материал']);

    await userEvent.click(onlyDifferences);
    expect(paramRows().map((row) => row[0])).toEqual(['Цвет', 'Возраст', 'Вес', 'Материал']);
  });

  it('says so when "Только различия" leaves no row', async () => {
    mockCompareApi({ initial: [offers[0]!] });
    renderPage();
    await screen.findByTestId('compare-table');
    await userEvent.click(screen.getByRole('switch', { name: 'Только различия' }));
    expect(screen.queryAllByTestId('compare-param-row')).toEqual([]);
    expect(screen.getByText('Характеристики этих товаров не различаются.')).toBeInTheDocument();
  });

  it('"Удалить" takes one offer off (DELETE /api/compare/{id}) and moves the focus to the heading', async () => {
    const { mutations } = mockCompareApi({ initial: offers });
    renderPage();
    await screen.findByTestId('compare-table');
    await userEvent.click(screen.getByRole('button', { name: 'Удалить из сравнения: Конструктор Б' }));

    await waitFor(() => expect(within(table()).getAllByRole('columnheader')).toHaveLength(2));
    expect(within(table()).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Конструктор А',
      'Конструктор В',
    ]);
    expect(mutations()).toEqual([{ method: 'DELETE', path: '/api/compare/2', body: undefined, token: 'token-1' }]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    // Its values went with it: "Цвет" is now the same for both.
    expect(paramRows()[0]).toEqual(['Цвет', 'красный', 'красный']);
    expect(screen.getByText('2 товара')).toBeInTheDocument();
  });

  it('"Очистить" empties the list (DELETE /api/compare) and shows the empty state', async () => {
    const { mutations } = mockCompareApi({ initial: offers });
    renderPage();
    await screen.findByTestId('compare-table');
    await userEvent.click(screen.getByRole('button', { name: 'Очистить список сравнения' }));

    expect(await screen.findByText('В списке сравнения пока нет товаров.')).toBeInTheDocument();
    expect(screen.queryByTestId('compare-table')).not.toBeInTheDocument();
    expect(mutations()).toEqual([{ method: 'DELETE', path: '/api/compare', body: undefined, token: 'token-1' }]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });

  it('an empty list shows the empty state with a link to the catalogue', async () => {
    mockCompareApi();
    renderPage();
    expect(await screen.findByTestId('compare-empty')).toHaveTextContent('В списке сравнения пока нет товаров.');
    expect(screen.getByRole('link', { name: 'Перейти в каталог' })).toHaveAttribute('href', '/catalog/');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('a failed load shows the error state with a retry', async () => {
    mockCompareApi({ routes: { '/api/compare': { status: 500, body: {} } } });
    renderPage();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
  });

  it('a refused removal keeps the offer and shows the message', async () => {
    mockCompareApi({ initial: offers, routes: { '/api/compare/2': conflict('SOMETHING') } });
    renderPage();
    await screen.findByTestId('compare-table');
    await userEvent.click(screen.getByRole('button', { name: 'Удалить из сравнения: Конструктор Б' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Не удалось изменить список сравнения');
    expect(within(table()).getAllByRole('columnheader')).toHaveLength(3);
  });
});
