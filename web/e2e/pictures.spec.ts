import { expect, test } from './helpers/test';
import { biggestTopSection, waitForContent } from './helpers/api';

test.describe('pictures', () => {
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

  test('pictures that load are shown, lazily and sized', async ({ page, request }) => {
    const section = await biggestTopSection(request);
    await page.goto(section.url);
    await waitForContent(page);
    const img = page.getByTestId('product-card').first().getByRole('img');
    await expect(img).toHaveAttribute('decoding', 'async');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    await expect(page.getByTestId('product-card').last().getByRole('img')).toHaveAttribute('loading', 'lazy');
    const src = await img.getAttribute('src');
    test.skip(!src || !src.startsWith('/'), 'the first offer has no local picture');
    await expect(img).toHaveAttribute('data-placeholder', 'false');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });
});
