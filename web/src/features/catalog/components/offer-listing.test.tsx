import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOffer, makePage } from '@/test/fixtures';
import { mockApi, requestedUrls } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { OfferListing } from './offer-listing';

const OFFERS_PATH = '/api/sections/12/offers';

/** Answers every listing request with a 3-page result whose single item names the asked page. */
function mockSectionOffers() {
  return mockApi({
    [OFFERS_PATH]: (url: URL) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      return makePage([makeOffer({ id: `p${page}`, name: `Товар страницы ${page}` })], {
        page,
        pages: 3,
        total: 41,
        perPage: 20,
      });
    },
  });
}

const location = () => screen.getByTestId('location').textContent;
const lastRequest = (fetchMock: ReturnType<typeof mockApi>) => requestedUrls(fetchMock).at(-1)!;

describe('OfferListing URL state (sort, available, page)', () => {
  it('reads sort, available and page from the URL and asks the API for them', async () => {
    const fetchMock = mockSectionOffers();
    renderWithApp(<OfferListing sectionId="12" label="Товары" />, {
      url: '/catalog/konstruktory/?sort=-price&available=Y&page=2',
    });

    expect(await screen.findByRole('link', { name: 'Товар страницы 2' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('-price');
    expect(screen.getByRole('checkbox', { name: 'Только в наличии' })).toBeChecked();
    const request = lastRequest(fetchMock);
    expect(request.pathname).toBe(OFFERS_PATH);
    expect(Object.fromEntries(request.searchParams)).toEqual({
      page: '2',
      perPage: '20',
      sort: '-price',
      available: 'Y',
    });
    expect(screen.getByTestId('listing-range')).toHaveTextContent('21–21 из 41');
  });

  it('writes the sort to the URL and goes back to page 1', async () => {
    const user = userEvent.setup();
    const fetchMock = mockSectionOffers();
    renderWithApp(<OfferListing sectionId="12" label="Товары" />, { url: '/catalog/konstruktory/?page=3' });
    await screen.findByRole('link', { name: 'Товар страницы 3' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'price');

    expect(location()).toBe('/catalog/konstruktory/?sort=price');
    await screen.findByRole('link', { name: 'Товар страницы 1' });
    expect(Object.fromEntries(lastRequest(fetchMock).searchParams)).toMatchObject({ sort: 'price', page: '1' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Сортировка' }), 'default');
    expect(location()).toBe('/catalog/konstruktory/');
  });

  it('writes the availability filter to the URL, keeping the sort, and resets the page', async () => {
    const user = userEvent.setup();
    const fetchMock = mockSectionOffers();
    renderWithApp(<OfferListing sectionId="12" label="Товары" />, { url: '/catalog/konstruktory/?sort=name&page=2' });
    await screen.findByRole('link', { name: 'Товар страницы 2' });

    await user.click(screen.getByRole('checkbox', { name: 'Только в наличии' }));

    expect(location()).toBe('/catalog/konstruktory/?sort=name&available=Y');
    await waitFor(() =>
      expect(Object.fromEntries(lastRequest(fetchMock).searchParams)).toMatchObject({ available: 'Y', page: '1' }),
    );

    await user.click(screen.getByRole('checkbox', { name: 'Только в наличии' }));
    expect(location()).toBe('/catalog/konstruktory/?sort=name');
  });

  it('pages through links that keep sort and filter in the URL', async () => {
    const user = userEvent.setup();
    mockSectionOffers();
    renderWithApp(<OfferListing sectionId="12" label="Товары" />, {
      url: '/catalog/konstruktory/?sort=price&available=Y',
    });
    await screen.findByRole('link', { name: 'Товар страницы 1' });

    const pages = screen.getByRole('navigation', { name: 'Страницы' });
    expect(screen.getByRole('link', { name: 'Страница 1' })).toHaveAttribute('aria-current', 'page');
    expect(pages).not.toHaveTextContent('Назад');

    await user.click(screen.getByRole('link', { name: 'Страница 2' }));

    expect(location()).toBe('/catalog/konstruktory/?sort=price&available=Y&page=2');
    expect(await screen.findByRole('link', { name: 'Товар страницы 2' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Страница 1' })).toHaveAttribute(
      'href',
      '/catalog/konstruktory/?sort=price&available=Y',
    );
  });

  it('ignores an unknown sort value in a hand-edited URL', async () => {
    const fetchMock = mockSectionOffers();
    renderWithApp(<OfferListing sectionId="12" label="Товары" />, { url: '/catalog/konstruktory/?sort=bogus&page=-4' });
    await screen.findByRole('link', { name: 'Товар страницы 1' });
    expect(screen.getByRole('combobox', { name: 'Сортировка' })).toHaveValue('default');
    expect(lastRequest(fetchMock).searchParams.has('sort')).toBe(false);
  });

  it('lists the whole catalogue without a section', async () => {
    const fetchMock = mockApi({ '/api/offers': makePage([makeOffer({ name: 'Без раздела' })]) });
    renderWithApp(<OfferListing label="Все товары" />, { url: '/catalog/' });
    expect(await screen.findByRole('link', { name: 'Без раздела' })).toBeInTheDocument();
    expect(lastRequest(fetchMock).pathname).toBe('/api/offers');
  });
});
