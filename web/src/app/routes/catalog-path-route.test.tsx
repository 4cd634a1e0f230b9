import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeOffer, makePage, makeSection } from '@/test/fixtures';
import { mockApi, requestedUrls } from '@/test/mock-api';
import { createQueryClient } from '@/lib/query-client';
import { renderWithApp } from '@/test/render';
import { CatalogPathRoute, prefetchCatalogPath } from './catalog-path-route';

const sections = [
  makeSection({ id: '1', name: 'Игрушки', url: '/catalog/igrushki/', offerCount: 5 }),
  makeSection({ id: '2', name: 'Конструкторы', url: '/catalog/konstruktory/', parentId: '1', depth: 1, offerCount: 3 }),
];
const robot = makeOffer({
  id: '9',
  name: 'Робот',
  url: '/catalog/konstruktory/robot/',
  sectionId: '2',
  params: [{ name: 'Возраст', value: '7', unit: 'лет' }],
  description: '<p>Описание <b>робота</b></p>',
});

function mockCatalog() {
  return mockApi({
    '/api/shop': { name: 'Тестовый магазин', company: null, url: null, currencyId: 'RUB', offerCount: 5, sectionCount: 2 },
    '/api/sections': { sections },
    '/api/sections/2/offers': makePage([robot], { total: 3 }),
    '/api/offers/by-slug/robot': robot,
  });
}

const render = (url: string) =>
  renderWithApp(<></>, { routes: [{ path: 'catalog/*', Component: CatalogPathRoute }, { path: '*', element: <p>other</p> }], url });

describe('CatalogPathRoute', () => {
  it('shows a section page matched by its url, with breadcrumbs and count', async () => {
    mockCatalog();
    render('/catalog/konstruktory/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Конструкторы' })).toBeInTheDocument();
    expect(screen.getByTestId('section-count')).toHaveTextContent('3 товара');
    const crumbs = screen.getByRole('navigation', { name: 'Навигационная цепочка' });
    expect(crumbs).toHaveTextContent('Главная');
    expect(screen.getByRole('link', { name: 'Игрушки' })).toHaveAttribute('href', '/catalog/igrushki/');
    expect(await screen.findByRole('link', { name: 'Робот' })).toBeInTheDocument();
  });

  it('lists the subsections of a section', async () => {
    mockApi({ '/api/sections': { sections }, '/api/sections/1/offers': makePage([]) });
    render('/catalog/igrushki/');
    const subsections = await screen.findByRole('navigation', { name: 'Подразделы' });
    expect(subsections).toHaveTextContent('Конструкторы');
  });

  it('sends the folder of the products without a section to the catalogue root', async () => {
    mockCatalog();
    renderWithApp(<></>, {
      routes: [
        { path: 'catalog', element: <p>catalogue root</p> },
        { path: 'catalog/*', Component: CatalogPathRoute },
      ],
      url: '/catalog/products/',
    });
    expect(await screen.findByText('catalogue root')).toBeInTheDocument();
  });

  it('shows a product page by the last path segment', async () => {
    mockCatalog();
    render('/catalog/konstruktory/robot/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Робот' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /^Возраст\s7\sлет$/ })).toBeInTheDocument();
    expect(screen.getByText('робота').tagName).toBe('B');
    expect(screen.getByRole('link', { name: 'Конструкторы' })).toHaveAttribute('href', '/catalog/konstruktory/');
    expect(screen.getByRole('button', { name: 'Поделиться' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the 404 page for an unknown offer or section', async () => {
    mockCatalog();
    render('/catalog/konstruktory/no-such-offer/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
  });

  it('shows the 404 page for a one-segment path that is no section', async () => {
    mockCatalog();
    render('/catalog/nope/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Страница не найдена' })).toBeInTheDocument();
  });
});

describe('prefetchCatalogPath (the server render)', () => {
  it("fetches the section tree and a product page's offer before the first pass", async () => {
    const fetchMock = mockCatalog();
    const client = createQueryClient({ retry: false });
    await prefetchCatalogPath('/catalog/konstruktory/robot/', client);
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual(['/api/sections', '/api/offers/by-slug/robot']);
    expect(client.getQueryData(['offer', 'by-slug', 'robot'])).toMatchObject({ name: 'Робот' });
  });

  it('fetches only the section tree for a section page', async () => {
    const fetchMock = mockCatalog();
    await prefetchCatalogPath('/catalog/konstruktory/', createQueryClient({ retry: false }));
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual(['/api/sections']);
  });
});
