import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { databaseFor, isPostgres } from './servers';

/**
 * Helpers of the form specs (issue 5). The captcha is real: the server draws a word into a PNG when the page
 * fetches the image, and the test reads that word from the shop's database with the `sqlite3` shell, as a shop
 * owner could. Specs that need it skip when the database is not this run's (`VITRINA_E2E_BASE_URL`).
 */

/**
 * The database file of the current test's shop (its worker's server, `servers.ts`), or `undefined` against an
 * external shop.
 */
export function e2eDatabase(): string | undefined {
  return databaseFor(test.info().parallelIndex);
}

/**
 * Skips the current test unless the shop's database (and its binary) are this run's; `why` says what the test needs
 * them for. Answers the database file.
 */
export function requireDatabase(why = 'the captcha word is read from the shop database'): string {
  const db = e2eDatabase();
  test.skip(!db, `${why}, which an external shop does not share`);
  return db!;
}

/**
 * Runs one SQL query on the e2e shop's database, `?1`, `?2`… naming `params`; the rows as tab-separated text. SQLite
 * through the `sqlite3` shell, PostgreSQL (issue 36) through `psql`; the query must be one both read.
 */
export function sql(query: string, ...params: string[]): string {
  const db = requireDatabase();
  if (isPostgres(db)) {
    // psql's variables, quoted as literals by `:'pN'`: never spliced into the SQL by us.
    const variables = params.flatMap((value, index) => ['-v', `p${index + 1}=${value}`]);
    return execFileSync('psql', ['-X', '-q', '-t', '-A', '-F', '\t', ...variables, db], {
      input: `${query.replace(/\?(\d+)/g, ":'p$1'")};\n`,
      encoding: 'utf8',
    }).trim();
  }
  // Parameters are bound by the shell's `.parameter set`, never spliced into the SQL.
  const setup = params.map((value, index) => `.parameter set ?${index + 1} '${value.replace(/'/g, "''")}'`);
  return execFileSync('sqlite3', ['-batch', '-separator', '\t', db], {
    input: [...setup, `${query};`].join('\n'),
    encoding: 'utf8',
  }).trim();
}

/**
 * The SQL of a value inside a JSON text column, in the words of the e2e shop's database: SQLite's
 * `json_extract(column, '$.A.B')`, PostgreSQL's `(column::json #>> '{A,B}')` (issue 36). `column` and `path` are the
 * spec's own names, never input.
 */
export function jsonField(column: string, ...path: string[]): string {
  return isPostgres(requireDatabase())
    ? `(${column}::json #>> '{${path.join(',')}}')`
    : `json_extract(${column}, '$.${path.join('.')}')`;
}

/** The captcha image of `scope`, once it has loaded. */
export async function loadedCaptcha(scope: Locator): Promise<Locator> {
  const image = scope.getByRole('img', { name: 'Картинка с кодом из пяти знаков' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image;
}

/** The word the server drew for the captcha shown in `scope` (after its image loaded). */
export async function captchaWord(scope: Locator): Promise<string> {
  const image = await loadedCaptcha(scope);
  const src = (await image.getAttribute('src')) ?? '';
  const sid = /\/api\/captcha\/([0-9a-f]+)/.exec(src)?.[1];
  expect(sid, `captcha image src ${src}`).toBeTruthy();
  let word = '';
  await expect
    .poll(() => {
      word = sql('SELECT word FROM captchas WHERE sid = ?1', sid!);
      return word.length;
    })
    .toBe(5);
  return word;
}

/**
 * Clicks "Заказать звонок": the head's control from 1043 px; below, where the head's one phone icon is the contacts
 * block (issue 8), the button inside the contacts panel (opened first unless it already is).
 */
export async function clickCallbackOpener(page: Page): Promise<void> {
  const head = page.getByTestId('top-panel-head');
  const contacts = page.getByRole('dialog', { name: 'Контакты' });
  if (await contacts.isVisible()) {
    await contacts.getByRole('button', { name: 'Заказать звонок' }).click();
    return;
  }
  // The head settles once the stores have loaded: below 1043 px its own "Заказать звонок" then steps aside for the
  // contacts block, so deciding earlier would aim at a button about to hide.
  await expect(head.getByTestId('contacts-widget')).toBeVisible();
  const headButton = head.getByRole('button', { name: 'Заказать звонок' });
  if (await headButton.isVisible()) {
    await headButton.click();
    return;
  }
  await head.getByTestId('contacts-widget').click();
  await contacts.getByRole('button', { name: 'Заказать звонок' }).click();
}

/** Opens the callback slide panel ({@link clickCallbackOpener}) and waits for its form. */
export async function openCallbackPanel(page: Page): Promise<Locator> {
  await clickCallbackOpener(page);
  const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Ваше имя')).toBeVisible();
  return dialog;
}

/** The phone input of `scope` (intl-tel-input), once its country data and mask are ready. */
export async function phoneInput(scope: Locator): Promise<Locator> {
  const input = scope.getByRole('textbox', { name: /Телефон/ });
  await expect(input).toHaveAttribute('placeholder', /\d/);
  return input;
}
