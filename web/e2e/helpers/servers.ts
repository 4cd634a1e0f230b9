import os from 'node:os';
import path from 'node:path';

/**
 * The e2e shops (issue 21): one server per Playwright worker, each with its own database (SQLite; PostgreSQL with
 * `VITRINA_E2E_PG`), so two workers never
 * share a shop's state (a basket, the stores a test imported, the reviews it published). Worker `i` (its
 * `testInfo.parallelIndex`) talks to `127.0.0.1:VITRINA_E2E_PORT + i`, whose database is `VITRINA_E2E_DB` with `-w{i}`
 * before its extension. `playwright.config.ts` starts the servers and names `VITRINA_E2E_DB` once in the main process;
 * the workers inherit it. Against an external shop (`VITRINA_E2E_BASE_URL`) every worker uses that one shop and no
 * database is ours. Plain functions of the environment: the config, the teardown and the specs all read them.
 */

/**
 * The e2e shops fail the server render of every page whose URL holds this text (`--render-fault`, a test-only
 * setting; issue 22 "a forced render failure"), so a spec sees the fallback to the client-rendered shell.
 */
export const RENDER_FAULT_MARKER = 'render-fault';

/** The external shop's address (`VITRINA_E2E_BASE_URL`), or `undefined` when the run starts its own servers. */
export function externalBaseURL(): string | undefined {
  return process.env.VITRINA_E2E_BASE_URL || undefined;
}

/**
 * Workers of the run, and so servers started: `VITRINA_E2E_WORKERS`, by default 2 (one per core of the CI machine),
 * or 1 against an external shop.
 */
export function workerCount(): number {
  const raw = process.env.VITRINA_E2E_WORKERS;
  const count = raw === undefined || raw === '' ? (externalBaseURL() ? 1 : 2) : Number(raw);
  if (!Number.isInteger(count) || count < 1) throw new Error(`VITRINA_E2E_WORKERS must be a whole number from 1, not "${raw}"`);
  return count;
}

/** The first server's port (`VITRINA_E2E_PORT`, 18080 by default); worker `i` uses this plus `i`. */
export function basePort(): number {
  return Number(process.env.VITRINA_E2E_PORT ?? 18080);
}

function checkWorker(index: number): void {
  const count = workerCount();
  if (index >= count) {
    throw new Error(
      `worker ${index} has no shop of its own: the run started ${count} (set VITRINA_E2E_WORKERS, not --workers, to run more)`,
    );
  }
}

/** The origin worker `index` sends its requests to. */
export function urlFor(index: number): string {
  const external = externalBaseURL();
  if (external) return external;
  checkWorker(index);
  return `http://127.0.0.1:${basePort() + index}`;
}

/** A fresh name for the run's database, in the OS temp dir; each server's file is derived from it. */
export function newDatabaseName(): string {
  return path.join(os.tmpdir(), `vitrina-e2e-${process.pid}-${Date.now()}.db`);
}

/**
 * The database of worker `index`'s server, or `undefined` against an external shop: a SQLite file, or, when
 * `VITRINA_E2E_PG` names a PostgreSQL server (an administrator's URL; issue 36), a database on it, which the shop
 * creates at its first start.
 */
export function databaseFor(index: number): string | undefined {
  if (externalBaseURL()) return undefined;
  const db = process.env.VITRINA_E2E_DB;
  if (!db) throw new Error('VITRINA_E2E_DB is not set: playwright.config.ts names it before the servers start');
  checkWorker(index);
  const { dir, name, ext } = path.parse(db);
  const postgres = process.env.VITRINA_E2E_PG;
  if (postgres) {
    const server = postgres.slice(0, postgres.lastIndexOf('/'));
    return `${server}/${name.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_w${index}`;
  }
  return path.join(dir, `${name}-w${index}${ext}`);
}

/**
 * The picture store of worker `index`'s server on PostgreSQL (`VITRINA_E2E_PG`): a folder in the OS temp dir beside
 * the run's name, since a PostgreSQL database has no folder for the default (`./data/pictures` would land in `web/`).
 * `undefined` on SQLite (the default, beside the database file) and against an external shop.
 */
export function picturesDirFor(index: number): string | undefined {
  const db = process.env.VITRINA_E2E_DB;
  if (externalBaseURL() || !process.env.VITRINA_E2E_PG || !db) return undefined;
  const { dir, name } = path.parse(db);
  return path.join(dir, `${name}-pictures-w${index}`);
}

/** Whether `db` (a `databaseFor` answer) is a PostgreSQL URL rather than a SQLite file. */
export function isPostgres(db: string): boolean {
  return db.startsWith('postgres://') || db.startsWith('postgresql://');
}
