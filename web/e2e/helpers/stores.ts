import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DayCode, DayHours } from '../../src/lib/api/types';
import { requireDatabase } from './forms';
import { vitrinaBinary } from './reviews';
import { changeContent } from './content';

/**
 * Helpers of the contacts spec (issue 8): stores are loaded as a shop owner does, with the real
 * `vitrina stores import FILE --db DB` on the e2e database, their hours set around the test's own clock in the
 * store's time zone. Against an external shop the tests that import skip.
 */

/** The e2e shop's database, or a skip when it is not this run's. */
export function requireStoresImport(): string {
  return requireDatabase('stores are loaded with the vitrina CLI on the e2e database');
}

/** `vitrina stores import` of `stores` (the format `GET /api/stores` answers); resolves once the shop saw it. */
export async function importStores(stores: unknown[]): Promise<void> {
  const db = requireStoresImport();
  const file = path.join(os.tmpdir(), `vitrina-e2e-stores-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(stores));
  try {
    await changeContent(() =>
      execFileSync(vitrinaBinary(), ['stores', 'import', file, '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] }),
    );
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The demo store the binary seeds (`server/defaults/stores.json`): put back after a test changed the stores. */
export async function restoreDemoStores(): Promise<void> {
  const demo = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../../server/defaults/stores.json'), 'utf8'),
  ) as unknown[];
  await importStores(demo);
}

/** The time zone of the stores the spec writes. */
export const STORE_TIME_ZONE = 'Europe/Moscow';

const DAYS: readonly DayCode[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** Now in {@link STORE_TIME_ZONE}: its weekday code and the minute of the day. */
export function storeNow(): { day: DayCode; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: STORE_TIME_ZONE,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date());
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const day = DAYS[['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'))]!;
  return { day, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** `HH:MM` of `from` (now by default) plus `offset` minutes, wrapped into the day. */
export function clock(offset: number, from = storeNow()): string {
  const minutes = (((from.minutes + offset) % 1440) + 1440) % 1440;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A week of seven equal days (a shift past midnight then continues into every next morning). */
export function everyDay(start: string | null, end: string | null, breakStart: string | null = null, breakEnd: string | null = null): DayHours[] {
  return ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => ({
    day: day as DayCode,
    WORK_START: start,
    WORK_END: end,
    BREAK_START: breakStart,
    BREAK_END: breakEnd,
  }));
}

/** A store of the spec's own: every contact kind once, the given week. */
export function testStore(workingHours: DayHours[], overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    name: 'Тестовый магазин',
    previewPicture: null,
    address: 'Минск, пр. Независимости, 1',
    map: { lat: 53.9023, lon: 27.5619 },
    timezone: STORE_TIME_ZONE,
    workingHours,
    phone: [{ value: '+375 (17) 000-00-01', description: 'Отдел продаж' }],
    whatsapp: [{ value: '+375 29 000-00-02', description: 'Заказы' }],
    viber: [{ value: '+375 29 000-00-03', description: null }],
    telegram: [{ value: '@test_shop', description: 'Канал' }],
    instagram: [{ value: 'test.shop', description: null }],
    email: [{ value: 'shop@test.example', description: 'Письма' }],
    skype: [{ value: 'test.shop', description: null }],
    ...overrides,
  };
}
