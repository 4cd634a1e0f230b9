import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { basePort } from './servers';

/** The release binary the suites run against. */
export const BINARY =
  process.env.VITRINA_E2E_BINARY ?? path.resolve(import.meta.dirname, '../../../server/target/release/vitrina');

/** A shop of a spec's own (issue 35's facets and variants): its origin, and how to stop it and drop its files. */
export interface OwnShop {
  origin: string;
  stop: () => void;
}

/**
 * Imports `feed` (a file, or the text of one) into a fresh database and serves it from the release binary on
 * `basePort() + portOffset`, without fetching pictures; resolves once the listings read from the facet index built
 * after the import (`indexedImport` of `/api/health/ready`). One per worker: a spec passes its own offset plus the
 * worker's index, after the demo shops' ports (`basePort() + worker`). `env`: more of the shop's settings (1C's
 * exchange user, say).
 */
export async function startOwnShop(
  feed: { file: string } | { text: string },
  portOffset: number,
  env: Record<string, string> = {},
): Promise<OwnShop> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-own-shop-'));
  // On PostgreSQL (`VITRINA_E2E_PG`, issue 36) a database of its own, which the import creates.
  const postgres = process.env.VITRINA_E2E_PG;
  const db = postgres
    ? `${postgres.slice(0, postgres.lastIndexOf('/'))}/${path.basename(dir).replace(/[^a-z0-9]/gi, '_').toLowerCase()}`
    : path.join(dir, 'shop.db');
  let file: string;
  if ('file' in feed) {
    file = feed.file;
  } else {
    file = path.join(dir, 'feed.xml');
    fs.writeFileSync(file, feed.text);
  }
  const imported = spawnSync(BINARY, ['import', file, '--db', db], { encoding: 'utf8' });
  if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr}`);
  const origin = `http://127.0.0.1:${basePort() + portOffset}`;
  const server: ChildProcess = spawn(
    BINARY,
    [
      'serve',
      '--db',
      db,
      '--addr',
      new URL(origin).host,
      '--render-budget-ms',
      '5000',
      '--render-share',
      '4',
      '--pictures-dir',
      path.join(dir, 'pictures'),
    ],
    { env: { ...process.env, VITRINA_PICTURES: 'off', ...env }, stdio: 'ignore' },
  );
  await expect
    .poll(
      async () => {
        const ready = await fetch(`${origin}/api/health/ready`)
          .then((r) => r.json())
          .catch(() => null);
        return (ready as { indexedImport?: number } | null)?.indexedImport ?? -1;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
  return {
    origin,
    stop: () => {
      server.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
