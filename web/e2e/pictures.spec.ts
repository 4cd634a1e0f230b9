import { expect, test } from './helpers/test';
import { biggestTopSection, firstOfferOf, ownPicturesReady, waitForContent } from './helpers/api';
import { screenshotPath } from './helpers/screens';
import { PICTURE_WIDTHS } from '../src/config/constants';

test.describe('pictures', () => {
  test.beforeEach(async ({ request }) => {
    await ownPicturesReady(request);
  });

  test('a placeholder replaces pictures that fail to load', async ({ page, request }) => {
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'image' ? route.abort('failed') : route.continue(),
    );
    const section = await biggestTopSection(request);
    await page.goto(section.url);
    await waitForContent(page);

    const img = page.getByTestId('product-card').first().getByRole('img');
    await img.scrollIntoViewIfNeeded();
    await expect(img).toHaveAttribute('data-placeholder', 'true');
    // Drawn inline: not an image whose appearance would count as the page's largest paint (issue 22).
    expect(await img.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    // The placeholder keeps the picture's box: no layout shift.
    const box = await img.boundingBox();
    expect(box!.width).toBeGreaterThan(50);
    expect(Math.abs(box!.width - box!.height)).toBeLessThanOrEqual(1);
  });

  test('cards show the shop\'s own pictures, lazily, sized, from a srcset', async ({ page, request }) => {
    const section = await biggestTopSection(request);
    await page.goto(section.url);
    await waitForContent(page);
    const img = page.getByTestId('product-card').first().getByRole('img');
    await expect(img).toHaveAttribute('decoding', 'async');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    await expect(img).toHaveAttribute('srcset', /^\/pictures\/[0-9a-f]{32}\/160\.jpg 160w/);
    await expect(page.getByTestId('product-card').last().getByRole('img')).toHaveAttribute('loading', 'lazy');
    await expect(img).toHaveAttribute('data-placeholder', 'false');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    // Chromium reads AVIF or WebP: the JPEG is only the fallback of browsers that read neither.
    expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\/pictures\/[0-9a-f]{32}\/\d+\.(avif|webp)$/);
  });

  for (const javaScript of [true, false]) {
    test(`a product page shows its own picture at the right size, asking no other origin${javaScript ? '' : ', without JavaScript'}`, { tag: '@responsive' }, async ({ browser, request, baseURL }, testInfo) => {
      const section = await biggestTopSection(request);
      const offer = await firstOfferOf(request, section.id);
      const picture = offer.pictures[0]!;
      const width = testInfo.project.use.viewport!.width;
      const context = await browser.newContext({ ...testInfo.project.use, baseURL, javaScriptEnabled: javaScript });
      const page = await context.newPage();
      const origins = new Set<string>();
      page.on('request', (r) => origins.add(new URL(r.url()).origin));
      await page.goto(offer.url);
      const main = page.locator('main img[fetchpriority="high"]');
      await expect(main).toHaveAttribute('data-placeholder', 'false');
      await expect.poll(() => main.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
      const shown = await main.evaluate((el: HTMLImageElement) => ({
        src: el.currentSrc,
        needed: el.clientWidth * window.devicePixelRatio,
      }));
      const file = shown.src.match(/\/pictures\/([0-9a-f]{32})\/(\d+)\.(avif|webp)$/);
      expect(file, shown.src).not.toBeNull();
      expect(file![1]).toBe(picture.id);
      // The derivative fits the box as drawn on this screen (CSS width × device pixel ratio): sharp, and the
      // smallest that is (the slot below it would be too narrow).
      const slot = Number(file![2]);
      expect(Math.min(slot, picture.width), `${width} px wide`).toBeGreaterThanOrEqual(Math.min(shown.needed, picture.width) * 0.9);
      const below = PICTURE_WIDTHS.filter((w) => w < slot).at(-1);
      if (below) expect(below, `${width} px wide`).toBeLessThan(shown.needed);
      expect([...origins]).toEqual([new URL(baseURL!).origin]);
      await page.screenshot({ path: screenshotPath(`product-picture-${width}${javaScript ? '' : '-nojs'}.png`) });
      await context.close();
    });
  }
});
