import { expect, type Locator, type Page } from '@playwright/test';
import { getJson, type ApiOffer } from './api';

/** The window's vertical scroll offset, px. */
export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** A product card of the listing, its offer as the API serves it, and its quick view button. */
export interface QuickViewCard {
  card: Locator;
  offer: ApiOffer;
  button: Locator;
}

/** The `index`-th product card of the page, its offer from `GET /api/offers/{id}` and its quick view button. */
export async function cardAt(page: Page, index: number): Promise<QuickViewCard> {
  const card = page.getByTestId('product-card').nth(index);
  const id = await card.getAttribute('data-offer-id');
  expect(id, 'the card names its offer').toBeTruthy();
  const offer = await getJson<ApiOffer>(page.request, `/api/offers/${id}`);
  const button = card.getByRole('button', { name: `Быстрый просмотр: ${offer.name}` });
  return { card, offer, button };
}

/** A quick view opened from a card: the card's offer and button, and the dialog. */
export interface OpenedQuickView {
  offer: ApiOffer;
  button: Locator;
  dialog: Locator;
}

/**
 * Clicks the quick view button of the `index`-th card and waits for the pop-up named after the
 * product and, unless `waitForContent` is false (error cases), for its content.
 */
export async function openQuickView(
  page: Page,
  index = 0,
  { waitForContent = true }: { waitForContent?: boolean } = {},
): Promise<OpenedQuickView> {
  const { offer, button } = await cardAt(page, index);
  await button.click();
  const dialog = page.getByRole('dialog', { name: offer.name });
  await expect(dialog).toBeVisible();
  if (waitForContent) await expect(dialog.getByTestId('quick-view')).toBeVisible();
  return { offer, button, dialog };
}
