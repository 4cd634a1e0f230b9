import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOffer } from '@/test/fixtures';
import { mockApi, requestedUrls } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { CollectionTabs } from './collection-tabs';

function mockCollections() {
  return mockApi({
    '/api/collections/new': { items: [makeOffer({ id: 'n1', name: 'Новый робот' })] },
    '/api/collections/hits': { items: [makeOffer({ id: 'h1', name: 'Хитовый пазл' })] },
    '/api/collections/sale': { items: [] },
  });
}

describe('CollectionTabs (spec §2 main tabs)', () => {
  it('starts with only the first tab active and shows its collection', async () => {
    const fetchMock = mockCollections();
    renderWithApp(<CollectionTabs />);

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.dataset.tab)).toEqual(['new', 'hits', 'sale']);
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.filter((tab) => tab.dataset.state === 'active')).toHaveLength(1);

    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('data-tab', 'new');
    expect(await within(panel).findByRole('link', { name: 'Новый робот' })).toBeInTheDocument();
    // Only the visible tab's collection is fetched.
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual(['/api/collections/new']);
  });

  it('switches the content by the tab value', async () => {
    const user = userEvent.setup();
    mockCollections();
    renderWithApp(<CollectionTabs />);
    await screen.findByRole('link', { name: 'Новый робот' });

    await user.click(screen.getByRole('tab', { name: 'Хиты' }));

    const active = screen.getByRole('tab', { selected: true });
    expect(active).toHaveAttribute('data-tab', 'hits');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('data-tab', 'hits');
    expect(await within(panel).findByRole('link', { name: 'Хитовый пазл' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Новый робот' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Скидки' }));
    expect(await screen.findByText('Здесь пока пусто.')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    mockCollections();
    renderWithApp(<CollectionTabs />);
    await screen.findByRole('link', { name: 'Новый робот' });

    screen.getByRole('tab', { name: 'Новинки' }).focus();
    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('tab', { name: 'Хиты' })).toHaveAttribute('aria-selected', 'true');
  });
});
