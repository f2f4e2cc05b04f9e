import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import type { Db } from '../../src/db/client.js';
import { nestLinks } from '../../src/db/schema/index.js';
import { VisitCounter } from '../../src/modules/links/visit-counter.js';
import { createTestApp, type TestApp, testDriver, watchTimers } from '../helpers.js';
import { createSharedPostgres } from '../jobs/support.js';
import { createLinkFor, getPublicLink, sellingMerchant } from './support.js';

async function storedVisits(db: Db, linkId: string): Promise<number> {
  const [row] = await db.select({ visits: nestLinks.visits }).from(nestLinks).where(eq(nestLinks.id, linkId));
  return row?.visits ?? Number.NaN;
}

describe(`buffered link visits (${testDriver})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('are written by the timer without anybody asking, one statement per link', async () => {
    const merchant = await sellingMerchant(t.app);
    const a = await createLinkFor(t.app, merchant, merchant.offer.id, 'A');
    const b = await createLinkFor(t.app, merchant, merchant.offer.id, 'B');
    const counter = new VisitCounter(t.db, t.app.log, 50);
    try {
      for (let i = 0; i < 3; i++) counter.count(a.id);
      counter.count(b.id);
      expect(counter.pendingVisits).toBe(4);
      await expect.poll(() => storedVisits(t.db, a.id), { timeout: 2000, interval: 25 }).toBe(3);
      await expect.poll(() => storedVisits(t.db, b.id), { timeout: 2000, interval: 25 }).toBe(1);
      expect(counter.pendingVisits).toBe(0);
    } finally {
      await counter.stop();
    }
  });

  it('keep no timer while nobody visits, and arm one write when somebody does (an idle server sleeps)', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const flushEveryMs = 75;
    const timers = watchTimers();
    const armed = () => timers.armed(flushEveryMs);
    const counter = new VisitCounter(t.db, t.app.log, flushEveryMs);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      await pause(3 * flushEveryMs);
      expect(armed()).toBe(0);
      for (let i = 0; i < 3; i++) counter.count(link.id);
      expect(armed()).toBe(1);
      await expect.poll(() => storedVisits(t.db, link.id), { timeout: 2000, interval: 25 }).toBe(3);
      await pause(3 * flushEveryMs);
      expect(armed()).toBe(1);
      counter.count(link.id);
      expect(armed()).toBe(2);
      await expect.poll(() => storedVisits(t.db, link.id), { timeout: 2000, interval: 25 }).toBe(4);
    } finally {
      timers.restore();
      await counter.stop();
    }
  });

  it('are written before the merchant’s list is read, so it shows the visit just made', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    await getPublicLink(t.app, link.nest_link_id);
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/links/${link.id}`,
      cookies: merchant.cookies,
    });
    expect(one.json().visits).toBe(1);
  });

  it('counts a visit written during shutdown at once (no timer left)', async () => {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const counter = new VisitCounter(t.db, t.app.log);
    await counter.stop();
    counter.count(link.id);
    await expect.poll(() => storedVisits(t.db, link.id), { timeout: 2000, interval: 25 }).toBe(1);
  });
});

describe(`buffered link visits on graceful shutdown (${testDriver})`, () => {
  it('are written when the app closes, before the database does (server.ts: app.close(), then database.close())', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      const merchant = await sellingMerchant(t.app);
      const link = await createLinkFor(t.app, merchant, merchant.offer.id);
      for (let i = 0; i < 4; i++)
        expect((await getPublicLink(t.app, link.nest_link_id)).statusCode).toBe(200);
      // Still in memory (the timer writes each second, and nothing read the merchant's list).
      expect(t.app.publicLinks.visits.pendingVisits + (await storedVisits(t.db, link.id))).toBe(4);
      await t.app.close();
      closed = true;
      expect(await storedVisits(t.db, link.id)).toBe(4);
    } finally {
      if (!closed) await t.app.close();
      await t.database.close();
    }
  });
});

describe.skipIf(testDriver !== 'postgres')('buffered link visits with several processes (PostgreSQL)', () => {
  it('two processes on two pools lose no visit of one link under concurrent load and writes', async () => {
    const shared = await createSharedPostgres(process.env.TEST_DATABASE_URL!, 2);
    const apps = await Promise.all(
      shared.databases.map(async (database) => {
        const app = await buildApp({ config: testConfig(), database, logger: false });
        await app.ready();
        return app;
      }),
    );
    let closed = false;
    try {
      const [first, second] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const merchant = await sellingMerchant(first);
      const link = await createLinkFor(first, merchant, merchant.offer.id);
      const perApp = 300;
      const visit = async (app: typeof first) => {
        for (let i = 0; i < perApp; i += 30) {
          // Both processes write increments of the same row while the other keeps counting.
          const [responses] = await Promise.all([
            Promise.all(Array.from({ length: 30 }, () => getPublicLink(app, link.nest_link_id))),
            app.publicLinks.visits.flush(),
          ]);
          expect(responses.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
        }
      };
      await Promise.all([visit(first), visit(second)]);
      // What is left is written on close (graceful shutdown of each process).
      await Promise.all(apps.map((app) => app.close()));
      closed = true;
      expect(await storedVisits(shared.databases[0]!.db, link.id)).toBe(2 * perApp);
    } finally {
      if (!closed) await Promise.all(apps.map((app) => app.close()));
      await shared.close();
    }
  });
});
