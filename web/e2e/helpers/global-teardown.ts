import { rm } from 'node:fs/promises';

/** Removes the e2e run's temporary SQLite database (and its WAL/SHM files). */
export default async function globalTeardown(): Promise<void> {
  const db = process.env.VITRINA_E2E_DB;
  if (!db) return;
  await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${db}${suffix}`, { force: true })));
}
