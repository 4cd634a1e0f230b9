import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { PostedReview, ReviewInput, ReviewPage } from '../../src/lib/api/types';
import { sendAsVisitor } from './lists';
import { getJson } from './api';
import { requireDatabase } from './forms';
import { changeContent } from './content';

export type { PostedReview, ReviewInput, ReviewPage };

/**
 * Helpers of the reviews spec (issue 8). The e2e server runs without `VITRINA_REVIEWS_AUTOPUBLISH`, so a new review
 * waits for moderation; the specs publish it as the shop owner does, with the real CLI on the e2e database
 * (`vitrina reviews publish ID… --db FILE`). Against an external shop (`VITRINA_E2E_BASE_URL`) neither the binary
 * nor the database is this run's: the tests that publish skip.
 */

/** The `web` folder, where `playwright.config.ts` and its `webServer.command` resolve the binary from. */
const WEB_DIR = path.resolve(import.meta.dirname, '../..');

/** The binary the e2e server runs, resolved as `playwright.config.ts` does (a relative `VITRINA_E2E_BINARY` from `web`). */
export function vitrinaBinary(): string {
  return path.resolve(WEB_DIR, process.env.VITRINA_E2E_BINARY ?? '../server/target/release/vitrina');
}

/** Skips the current test unless the shop's database and binary are this run's; answers the database file. */
export function requireModeration(): string {
  return requireDatabase('reviews are published with the vitrina CLI on the e2e database');
}

/** Publishes pending reviews `ids` with `vitrina reviews publish` on the e2e database; resolves once the shop saw it. */
export async function publishReviews(ids: number[]): Promise<void> {
  const db = requireModeration();
  await changeContent(() =>
    execFileSync(vitrinaBinary(), ['reviews', 'publish', ...ids.map(String), '--db', db], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

/** Sends a review as the page's visitor (`POST /api/reviews` with the CSRF token); the server's answer. */
export async function postReview(page: Page, input: ReviewInput): Promise<PostedReview> {
  return (await sendAsVisitor(page, 'POST', '/api/reviews', input)) as PostedReview;
}

/** Page `n` of the published reviews as the API serves it. */
export function getReviewPage(page: Page, n = 1): Promise<ReviewPage> {
  return getJson<ReviewPage>(page.request, `/api/reviews?page=${n}`);
}

/**
 * "21 отзыв", "3 отзыва", "11 отзывов": the Russian plural of the reviews count, written out here (not through
 * Intl or i18next) so the spec checks the app's forms against the grammar rather than against themselves.
 */
export function reviewsCountText(count: number): string {
  const mod10 = count % 10;
  const mod100 = count % 100;
  if (mod10 === 1 && mod100 !== 11) return `${count} отзыв`;
  if (mod10 >= 2 && mod10 <= 4 && (mod100 < 12 || mod100 > 14)) return `${count} отзыва`;
  return `${count} отзывов`;
}

/** A name no other test uses, short enough for the form's 100 characters. */
export function uniqueReviewer(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
