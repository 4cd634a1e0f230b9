import { rm } from 'node:fs/promises';
import { databaseFor, externalBaseURL, isPostgres, picturesDirFor, workerCount } from './servers';

/** Removes the e2e run's temporary SQLite databases, one per worker's server (and their WAL/SHM files). */
export default async function globalTeardown(): Promise<void> {
  if (externalBaseURL() || !process.env.VITRINA_E2E_DB) return;
  // PostgreSQL's databases go with their throw-away cluster (scripts/pg/with-cluster.sh).
  const files = Array.from({ length: workerCount() }, (_, index) => databaseFor(index)!).filter((db) => !isPostgres(db));
  await Promise.all(files.flatMap((db) => ['', '-wal', '-shm'].map((suffix) => rm(`${db}${suffix}`, { force: true }))));
  const pictures = Array.from({ length: workerCount() }, (_, index) => picturesDirFor(index)).filter((dir) => dir !== undefined);
  await Promise.all(pictures.map((dir) => rm(dir, { recursive: true, force: true })));
}
