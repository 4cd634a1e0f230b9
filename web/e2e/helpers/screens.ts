import path from 'node:path';

/**
 * Folder the specs write their screenshots to (`web/e2e/.screens`, git-ignored), so a person can
 * look at what was tested at 1280 and 375 px. Playwright creates it on the first screenshot.
 */
export const SCREENS_DIR = path.join(import.meta.dirname, '..', '.screens');

/**
 * Path of the screenshot `name` (a file name such as `quick-view-mobile.png`) inside
 * {@link SCREENS_DIR}: `page.screenshot({ path: screenshotPath('…png') })`.
 */
export function screenshotPath(name: string): string {
  return path.join(SCREENS_DIR, name);
}
