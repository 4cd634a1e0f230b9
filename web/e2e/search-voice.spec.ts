import { expect, test, type Page } from './helpers/test';
import { VISITED_COOKIE_MAX_AGE_S, VISITED_COOKIE_NAME } from '../src/config/constants';
import { waitForContent } from './helpers/api';
import { cookie, CUBES, openSearch, resultItems, searchDialog, searchInput, waitForResults } from './helpers/search';

/** Voice search in the instant search (issue 4; spec §4), with the browser's speech recognition stood in for. */

async function stubSpeechRecognition(page: Page) {
  await page.addInitScript(() => {
    type Handler = ((event: unknown) => void) | null;
    class FakeRecognition {
      lang = '';
      interimResults = true;
      maxAlternatives = 0;
      continuous = true;
      onresult: Handler = null;
      onerror: Handler = null;
      onend: (() => void) | null = null;
      start() {
        (window as unknown as { __recognition: FakeRecognition }).__recognition = this;
      }
      stop() {
        this.onend?.();
      }
      abort() {
        this.onend?.();
      }
    }
    Object.defineProperty(window, 'SpeechRecognition', { value: undefined, configurable: true });
    Object.defineProperty(window, 'webkitSpeechRecognition', { value: FakeRecognition, configurable: true });
  });
}

test.describe('voice search', () => {
  test('on a secure origin the microphone records in Russian, fills the field and searches; it toggles', async ({
    page,
    isMobile,
  }) => {
    await stubSpeechRecognition(page);
    await page.goto('/');
    await waitForContent(page);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    await openSearch(page, isMobile);
    const mic = searchDialog(page).getByRole('button', { name: 'Голосовой поиск' });
    await expect(mic).toBeVisible();
    await expect(mic).toHaveAttribute('aria-pressed', 'false');

    // First visit: the microphone pulses once, remembered in the visited-flag cookie.
    await expect(mic).toHaveAttribute('data-pulse', 'true');
    const visited = await cookie(page, VISITED_COOKIE_NAME);
    expect(visited.path).toBe('/');
    expect(Math.abs(visited.expires - (Date.now() / 1000 + VISITED_COOKIE_MAX_AGE_S))).toBeLessThan(120);

    await mic.click();
    await expect(mic).toHaveAttribute('aria-pressed', 'true');
    const settings = await page.evaluate(() => {
      const r = (window as unknown as { __recognition: { lang: string; interimResults: boolean } }).__recognition;
      return { lang: r.lang, interimResults: r.interimResults };
    });
    expect(settings).toEqual({ lang: 'ru-RU', interimResults: false });
    // Pressed again while recording: stops.
    await mic.click();
    await expect(mic).toHaveAttribute('aria-pressed', 'false');

    await mic.click();
    await page.evaluate((text) => {
      const r = (
        window as unknown as { __recognition: { onresult: (e: unknown) => void; onend: () => void } }
      ).__recognition;
      r.onresult({ results: [[{ transcript: text }]] });
      r.onend();
    }, CUBES);
    await expect(searchInput(page)).toHaveValue(CUBES);
    await expect(mic).toHaveAttribute('aria-pressed', 'false');
    await waitForResults(page);
    await expect(resultItems(page).first()).toContainText(/куб/i);

    // A later visit: no pulse.
    await page.reload();
    await waitForContent(page);
    await openSearch(page, isMobile);
    await expect(searchDialog(page).getByRole('button', { name: 'Голосовой поиск' })).not.toHaveAttribute(
      'data-pulse',
    );
  });

  test('recognition errors are only logged', async ({ page, isMobile }) => {
    await stubSpeechRecognition(page);
    const errors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/');
    await waitForContent(page);
    await openSearch(page, isMobile);
    const mic = searchDialog(page).getByRole('button', { name: 'Голосовой поиск' });
    await mic.click();
    await page.evaluate(() => {
      const r = (
        window as unknown as { __recognition: { onerror: (e: unknown) => void; onend: () => void } }
      ).__recognition;
      r.onerror({ error: 'not-allowed' });
      r.onend();
    });
    await expect.poll(() => errors.join('\n')).toContain('not-allowed');
    await expect(mic).toHaveAttribute('aria-pressed', 'false');
    await expect(searchDialog(page).getByRole('alert')).toHaveCount(0);
    await expect(searchInput(page)).toHaveValue('');
  });

  test('on plain http (not a secure context) there is no microphone', async ({ page, isMobile, baseURL }) => {
    await stubSpeechRecognition(page);
    // The same shop under a name that is not localhost: http there is not a secure context.
    const insecure = 'http://vitrina.test';
    await page.route(`${insecure}/**`, async (route) => {
      const response = await route.fetch({ url: route.request().url().replace(insecure, baseURL!) });
      await route.fulfill({ response });
    });
    await page.goto(`${insecure}/`);
    await waitForContent(page);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    const input = await openSearch(page, isMobile);
    await input.fill(CUBES);
    await waitForResults(page);
    await expect(searchDialog(page).getByRole('button', { name: 'Голосовой поиск' })).toHaveCount(0);
    await expect(searchDialog(page).getByTestId('search-voice')).toHaveCount(0);
  });
});
