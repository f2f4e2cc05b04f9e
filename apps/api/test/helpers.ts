import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, testConfig } from '../src/config.js';
import { type Database, openPostgres } from '../src/db/client.js';
import type { RateLimiter } from '../src/lib/rate-limiter.js';
import { leasePglite } from './pglite-pool.js';
import { onServer } from './postgres-server.js';

/** Which database the API tests run on: PGlite by default, PostgreSQL when NEST_TEST_DB=postgres. */
export const testDriver: 'pglite' | 'postgres' =
  process.env.NEST_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** Every test database starts from the migrated dump made once by global-setup.ts (skips initdb). */
let pgliteTemplate: Blob | undefined;
function migratedPgliteDump(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([readFileSync(file)]);
  return pgliteTemplate;
}

/**
 * A fresh, isolated, migrated database: in-memory PGlite (started from the migrated dump
 * global-setup.ts made once, or one of this worker's emptied, pglite-pool.ts), or a new database on
 * TEST_DATABASE_URL's server copied from the migrated template global-setup.ts made once.
 */
export async function createTestDatabase(): Promise<Database> {
  if (testDriver === 'pglite') return leasePglite(migratedPgliteDump());
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('NEST_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `nest_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 20 });
  return {
    ...database,
    close: async () => {
      await database.close();
      await onServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Builds the whole app on a fresh database. Call close() in afterAll/afterEach. A rate limiter can be
 * given, such as a memory one on a test's own clock.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { rateLimiter?: RateLimiter } = {},
) {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false, ...options });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * Watches the timers armed from now on (setTimeout and setInterval): `armed(ms)` counts those of that
 * delay. For code that must not keep a timer while idle (ADR 216). `restore()` stops watching.
 */
export function watchTimers() {
  const timeouts = vi.spyOn(globalThis, 'setTimeout');
  const intervals = vi.spyOn(globalThis, 'setInterval');
  return {
    armed: (ms: number) =>
      [...timeouts.mock.calls, ...intervals.mock.calls].filter(([, delay]) => delay === ms).length,
    restore: () => {
      timeouts.mockRestore();
      intervals.mockRestore();
    },
  };
}
