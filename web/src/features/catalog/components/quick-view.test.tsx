import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerOverlay, resetOverlayStackForTests } from '@/components/ui/overlay/overlay-stack';
import { makeOffer } from '@/test/fixtures';
import { mockApi } from '@/test/mock-api';
import { renderWithApp } from '@/test/render';
import { QUICK_VIEW_HISTORY_KEY } from '../hooks/use-quick-view';
import { isCompleteOffer } from './quick-view';
import { ProductGrid } from './product-grid';

const robot = makeOffer({
  id: '7',
  name: 'Робот',
  url: '/catalog/roboty/robot/',
  params: [{ name: 'Возраст', value: '8+', unit: 'лет' }],
  description: '<p>Собирается <b>за вечер</b>.</p>',
  oldPrice: 1990,
});

const user = () => userEvent.setup({ pointerEventsCheck: 0 });

function openerOf(name: string) {
  return screen.getByRole('button', { name: `Быстрый просмотр: ${name}` });
}

beforeEach(() => {
  window.history.replaceState({ usr: null, key: 'page', idx: 3 }, '', '/catalog/?sort=name#top');
});

afterEach(() => resetOverlayStackForTests());

describe('product quick view', () => {
  it('opens the product in a pop-up and puts its address in the location bar, keeping the router index', async () => {
    mockApi({ '/api/offers/7': robot });
    renderWithApp(<ProductGrid offers={[robot]} />);

    await user().click(openerOf('Робот'));

    const dialog = await screen.findByRole('dialog', { name: 'Робот' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(await within(dialog).findByTestId('quick-view')).toHaveAttribute('data-offer-id', '7');
    const popup = within(dialog);
    expect(popup.getByRole('img', { name: 'Робот' })).toBeInTheDocument();
    expect(popup.getByTestId('old-price')).toBeInTheDocument();
    expect(popup.getByText('В наличии')).toBeInTheDocument();
    expect(popup.getByText('Возраст').nextElementSibling).toHaveTextContent('8+ лет');
    expect(popup.getByText('Собирается за вечер.')).toBeInTheDocument();
    expect(popup.getByRole('link', { name: 'Подробнее о товаре' })).toHaveAttribute('href', '/catalog/roboty/robot/');

    expect(window.location.pathname).toBe('/catalog/roboty/robot/');
    expect(window.history.state).toMatchObject({ idx: 3, [QUICK_VIEW_HISTORY_KEY]: '7' });
  });

  it('closing with the button goes back to the stored address and returns focus to the card button', async () => {
    mockApi({ '/api/offers/7': robot });
    renderWithApp(<ProductGrid offers={[robot]} />);
    const u = user();
    await u.click(openerOf('Робот'));
    await screen.findByTestId('quick-view');

    await u.click(screen.getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/catalog/?sort=name#top'));
    expect(window.history.state?.[QUICK_VIEW_HISTORY_KEY]).toBeUndefined();
    expect(document.activeElement).toBe(openerOf('Робот'));
  });

  it('the Back button (popstate) closes the pop-up without another history step', async () => {
    mockApi({ '/api/offers/7': robot });
    renderWithApp(<ProductGrid offers={[robot]} />);
    await user().click(openerOf('Робот'));
    await screen.findByTestId('quick-view');

    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe('/catalog/');
    expect(window.history.state).toMatchObject({ key: 'page', idx: 3 });
  });

  it('returns focus to the card button even when the click did not focus it (Safari, iOS)', async () => {
    mockApi({ '/api/offers/7': robot });
    renderWithApp(<ProductGrid offers={[robot]} />);
    const opener = openerOf('Робот');
    // Safari does not focus a clicked button: keep the focus where it is.
    opener.addEventListener('mousedown', (event) => event.preventDefault());
    const u = user();
    await u.click(opener);
    await screen.findByTestId('quick-view');
    expect(document.activeElement).not.toBe(opener);

    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(opener);
  });

  it('Back also closes an overlay opened above the pop-up (it belonged to the product address)', async () => {
    mockApi({ '/api/offers/7': robot });
    renderWithApp(<ProductGrid offers={[robot]} />);
    await user().click(openerOf('Робот'));
    await screen.findByTestId('quick-view');
    const closeAbove = vi.fn();
    registerOverlay({ id: 'consent', close: closeAbove });

    window.history.back();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(closeAbove).toHaveBeenCalledTimes(1);
  });

  it('restores the stored address by replacing when the entry is not the quick view one', async () => {
    mockApi({ '/api/offers/7': robot });
    renderWithApp(<ProductGrid offers={[robot]} />);
    const u = user();
    await u.click(openerOf('Робот'));
    await screen.findByTestId('quick-view');
    // Someone replaced the entry's state (no marker any more).
    window.history.replaceState({ key: 'other', idx: 4 }, '', window.location.href);

    await u.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/catalog/?sort=name#top');
  });

  it('shows the SLIDE_PANEL_UNDEFINED_ERROR alert for an answer without the offer', async () => {
    mockApi({ '/api/offers/7': {} });
    renderWithApp(<ProductGrid offers={[robot]} />);
    await user().click(openerOf('Робот'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Возникла неопределенная ошибка');
    expect(screen.getByRole('dialog', { name: 'Робот' })).toBeInTheDocument();
    expect(screen.queryByTestId('quick-view')).not.toBeInTheDocument();
  });

  it('shows the alert for an error answer too', async () => {
    mockApi({ '/api/offers/7': { status: 404, body: { errors: [{ code: 'OFFER_NOT_FOUND', field: null, detail: '' }] } } });
    renderWithApp(<ProductGrid offers={[robot]} />);
    await user().click(openerOf('Робот'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Возникла неопределенная ошибка');
  });

  it('isCompleteOffer accepts a full offer only', () => {
    expect(isCompleteOffer(robot)).toBe(true);
    expect(isCompleteOffer({})).toBe(false);
    expect(isCompleteOffer(null)).toBe(false);
    expect(isCompleteOffer({ ...robot, price: '1480' })).toBe(false);
    expect(isCompleteOffer({ ...robot, url: 'https://evil.example/' })).toBe(false);
    expect(isCompleteOffer({ ...robot, pictures: undefined })).toBe(false);
  });
});
