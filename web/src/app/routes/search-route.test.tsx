import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AVAILABILITY_COOKIE_NAME, SEARCH_PAGE_SIZE } from '@/config/constants';
import { routePatterns, searchResultsPath } from '@/config/paths';
import type { SearchAnswer, SearchItem } from '@/features/search/api/search';
import { mockApi, requestedUrls } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { SearchRoute } from './search-route';
import { makeSearchItem } from '@/test/fixtures';

function item(id: string, categoryId: string): SearchItem {
  return makeSearchItem(id, { categoryId });
}

/**
 * The server's answer for `url`: 250 matches (150 in section 1, 100 in section 2), three items shown on each page
 * (enough to tell the pages apart); `section=2` answers that section's items only.
 */
function answerFor(url: URL): SearchAnswer {
  const page = url.searchParams.get('page') ?? '1';
  const section = url.searchParams.get('section');
  const sections = [
    { id: '0', value: 'Все результаты', found: 250 },
    { id: '1', value: 'Конструкторы', found: 150 },
    { id: '2', value: 'Пазлы', found: 100 },
  ];
  if (section === '2') {
    return { total: 250, sections, items: [item(`s2-p${page}-1`, '2')], itemsTotal: 100, partial: false, exact: 100, facets: null };
  }
  return {
    total: 250,
    sections,
    items: [1, 2, 3].map((n) => item(`p${page}-${n}`, n === 3 ? '2' : '1')),
    itemsTotal: 250,
    partial: false,
    exact: 250,
    facets: null,
  };
}

const shop = { name: 'Тестовый магазин', company: null, url: null, currencyId: 'RUB', offerCount: 250, sectionCount: 2 };

function mockSearch(search: unknown = answerFor) {
  return mockApi({ '/api/shop': shop, '/api/search': search });
}

function renderAt(url: string) {
  return renderWithApp(<></>, { routes: [{ path: routePatterns.search, Component: SearchRoute }], url });
}

const searchRequests = (fetchMock: ReturnType<typeof mockApi>) =>
  requestedUrls(fetchMock).filter((url) => url.pathname === '/api/search');

afterEach(() => {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
});

describe('SearchRoute', () => {
  it('shows the heading, the count, the items and the page links of /search/?q=лего&available=N', async () => {
    const fetchMock = mockSearch();
    renderAt('/search/?q=лего&available=N');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Результаты поиска «лего»$/);
    expect(await screen.findByText('Товар p1-1')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Найденные товары' });
    expect(within(list).getAllByTestId('search-item')).toHaveLength(3);
    // On the results page the names are links to the products.
    expect(within(list).getByRole('link', { name: 'Товар p1-2' })).toHaveAttribute('href', '/catalog/konstruktory/item-p1-2/');
    expect(screen.getByRole('status')).toHaveTextContent('Найдено 250 товаров');
    expect(screen.queryByTestId('search-partial')).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Что ищем?' })).toHaveValue('лего');
    expect(screen.getByRole('checkbox', { name: 'Только в наличии' })).not.toBeChecked();

    const [request] = searchRequests(fetchMock);
    expect(Object.fromEntries(request!.searchParams)).toEqual({ q: 'лего', available: 'N', perPage: String(SEARCH_PAGE_SIZE) });

    // 250 matches at 100 a page: 3 pages.
    const pages = screen.getByRole('navigation', { name: 'Страницы' });
    const pageLinks = within(pages).getAllByRole('link', { name: /^Страница \d$/ });
    expect(pageLinks.map((link) => link.textContent)).toEqual(['1', '2', '3']);
    expect(within(pages).getByRole('link', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).getByRole('link', { name: 'Страница 2' })).toHaveAttribute(
      'href',
      searchResultsPath('лего', false, '0', 2),
    );
    expect(searchResultsPath('лего', false, '0', 2)).toBe('/search/?q=%D0%BB%D0%B5%D0%B3%D0%BE&available=N&page=2');
  });

  it('says when no offer has every word of the query, and how many have', async () => {
    mockSearch((url: URL) => ({ ...answerFor(url), partial: true, exact: 0 }));
    renderAt('/search/?q=настольная игра для семьи');
    expect(await screen.findByTestId('search-partial')).toHaveTextContent(
      'Товаров со всеми словами запроса нет — показаны товары с частью слов.',
    );
  });

  it('counts the offers with every word when a partial answer starts with them', async () => {
    mockSearch((url: URL) => ({ ...answerFor(url), partial: true, exact: 2 }));
    renderAt('/search/?q=настольная игра семья');
    expect(await screen.findByTestId('search-partial')).toHaveTextContent(
      'Все слова запроса есть у 2 товаров, за ними — товары с частью слов.',
    );
  });

  it('asks for the page of the URL and marks it current', async () => {
    const fetchMock = mockSearch();
    renderAt(searchResultsPath('лего', false, '0', 3));
    expect(await screen.findByText('Товар p3-1')).toBeInTheDocument();
    expect(searchRequests(fetchMock)[0]!.searchParams.get('page')).toBe('3');
    const pages = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(pages).getByRole('link', { name: 'Страница 3' })).toHaveAttribute('aria-current', 'page');
    expect(within(pages).queryByRole('link', { name: /Вперёд/ })).not.toBeInTheDocument();
  });

  it('shows no page links when everything fits on one page', async () => {
    mockSearch((url: URL) => ({ ...answerFor(url), itemsTotal: SEARCH_PAGE_SIZE }));
    renderAt('/search/?q=лего&available=N');
    expect(await screen.findByText('Товар p1-1')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
  });

  it('shows the prompt and sends no search request for an empty q', async () => {
    const fetchMock = mockSearch();
    renderAt('/search/?q=');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Результаты поиска$/);
    expect(screen.getByText('Введите запрос, чтобы найти товары.')).toBeInTheDocument();
    // The page's queries start together on mount: once the shop (for the title) was asked, a search would have been.
    await waitFor(() => expect(requestedUrls(fetchMock).some((url) => url.pathname === '/api/shop')).toBe(true));
    expect(searchRequests(fetchMock)).toHaveLength(0);
    expect(screen.queryByTestId('search-page-results')).not.toBeInTheDocument();
  });

  it('navigates to section=ID when a section is chosen, and asks for that section', async () => {
    const user = userEvent.setup();
    const fetchMock = mockSearch();
    const { router } = renderAt('/search/?q=лего&available=N');
    await screen.findByText('Товар p1-1');
    const sections = screen.getByRole('group', { name: 'Разделы' });
    expect(within(sections).getByRole('button', { name: /^Все результаты\s*250$/ })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(sections).getByRole('button', { name: /^Пазлы\s*100$/ }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(searchResultsPath('лего', false, '2'));
    expect(await screen.findByText('Товар s2-p1-1')).toBeInTheDocument();
    expect(searchRequests(fetchMock).at(-1)!.searchParams.get('section')).toBe('2');
    expect(screen.getByRole('button', { name: /^Пазлы\s*100$/ })).toHaveAttribute('aria-pressed', 'true');
    // 100 matches in the section: one page.
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).not.toBeInTheDocument();
  });

  it('goes to the new text on submit and to available=Y when the checkbox is ticked (stored in the cookie)', async () => {
    const user = userEvent.setup();
    mockSearch();
    const { router } = renderAt('/search/?q=лего&available=N');
    await screen.findByText('Товар p1-1');
    const here = () => `${router.state.location.pathname}${router.state.location.search}`;

    await user.click(screen.getByRole('checkbox', { name: 'Только в наличии' }));
    expect(here()).toBe(searchResultsPath('лего', true));
    expect(document.cookie).toContain(`${AVAILABILITY_COOKIE_NAME}=Y`);
    expect(screen.getByRole('checkbox', { name: 'Только в наличии' })).toBeChecked();

    const field = screen.getByRole('searchbox', { name: 'Что ищем?' });
    await user.clear(field);
    await user.type(field, ' пазл {Enter}');
    expect(here()).toBe(searchResultsPath('пазл', true));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Результаты поиска «пазл»');
  });
});
