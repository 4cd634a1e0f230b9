import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECENTLY_VIEWED_FADE_MS } from '@/config/constants';
import { resetCsrfToken } from '@/lib/api-client';
import { makeOffer } from '@/test/fixtures';
import { setMatchingQueries } from '@/test/media';
import { mockApi, requestedUrls } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { RecentlyViewed } from './recently-viewed';

/** Lets the mocked fetch answer and TanStack Query deliver it (its notifications go through `setTimeout(0)`). */
async function flush() {
  for (let round = 0; round < 3; round += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  resetCsrfToken();
});

const viewed = [
  makeOffer({ id: '2', name: 'Конструктор 2', price: 990 }),
  makeOffer({ id: '1', name: 'Конструктор 1', price: 1480, pictures: [] }),
];

describe('RecentlyViewed (spec §2, §4, §9)', () => {
  it('shows the cards at once; the header starts hidden, fades in over 2000 ms, then is marked as shown', async () => {
    mockApi({ '/api/viewed': { items: viewed } });
    renderWithApp(<RecentlyViewed />);
    await flush();

    const block = screen.getByTestId('recently-viewed');
    const title = screen.getByRole('heading', { level: 2, name: 'Вы смотрели' });
    expect(block).toHaveAccessibleName('Вы смотрели');
    expect(title).not.toHaveAttribute('data-shown');
    expect(title).toHaveAttribute('data-fading');

    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('data-offer-id'))).toEqual(['2', '1']);
    expect(screen.getByRole('link', { name: 'Конструктор 2' })).toHaveAttribute('href', '/catalog/konstruktory/konstruktor-2/');
    expect(cards[0]).toHaveTextContent(/Цена: 990\s₽/);
    expect(cards[1]!.querySelector('[data-placeholder]')).toHaveAttribute('data-placeholder', 'true');

    await act(() => vi.advanceTimersByTimeAsync(RECENTLY_VIEWED_FADE_MS - 1));
    expect(title).not.toHaveAttribute('data-shown');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(title).toHaveAttribute('data-shown');
    expect(title).not.toHaveAttribute('data-fading');
  });

  it('renders nothing at all when the list is empty, and nothing while it loads', async () => {
    mockApi({ '/api/viewed': { items: [] } });
    const { container } = renderWithApp(<RecentlyViewed />);
    expect(screen.queryByTestId('recently-viewed')).not.toBeInTheDocument();
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(RECENTLY_VIEWED_FADE_MS));
    expect(screen.queryByTestId('recently-viewed')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(container.querySelectorAll('section, h2, ul, li')).toHaveLength(0);
  });

  it('renders nothing when the list fails to load', async () => {
    mockApi({ '/api/viewed': { status: 500, body: {} } });
    renderWithApp(<RecentlyViewed />);
    await flush();
    expect(screen.queryByTestId('recently-viewed')).not.toBeInTheDocument();
  });

  it('asks without the shown offer (exclude)', async () => {
    const fetchMock = mockApi({ '/api/viewed': { items: viewed } });
    renderWithApp(<RecentlyViewed exclude="7" />);
    await flush();
    const url = requestedUrls(fetchMock).find((u) => u.pathname === '/api/viewed');
    expect(url?.searchParams.get('exclude')).toBe('7');
  });

  it('under prefers-reduced-motion the header is shown at once, without the fade', async () => {
    setMatchingQueries(['(prefers-reduced-motion: reduce)']);
    mockApi({ '/api/viewed': { items: viewed } });
    renderWithApp(<RecentlyViewed />);
    await flush();
    const title = screen.getByRole('heading', { level: 2 });
    expect(title).toHaveAttribute('data-shown');
    expect(title).not.toHaveAttribute('data-fading');
  });
});
