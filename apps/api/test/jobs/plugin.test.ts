import { afterEach, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/index.js';
import { PRUNE_JOB } from '../../src/jobs/plugin.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { jobRows } from './support.js';

describe('app.jobs', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('runs jobs in the background when JOBS_ENABLED, and app.close() waits for the running one', async () => {
    t = await createTestApp({ JOBS_ENABLED: true });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finished = false;
    t.app.jobs.register('send-receipt', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
    });
    await t.app.jobs.enqueue('send-receipt', { invoice: 'in_1' });
    await running;

    await t.app.close();

    expect(finished).toBe(true);
    const [row] = await jobRows(t.db, 'send-receipt');
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
    await t.database.close();
    t = undefined;
  });

  it('stays idle when JOBS_ENABLED is off: tests drain by hand', async () => {
    t = await createTestApp({ JOBS_ENABLED: false });
    let ran = 0;
    t.app.jobs.register('count', async () => {
      ran++;
    });
    await t.app.jobs.enqueue('count', {});
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(ran).toBe(0);
    expect(await t.app.jobs.drain()).toBe(1);
    expect(ran).toBe(1);
  });

  it('prunes old finished jobs and keeps recent ones and failed ones for longer, a periodic slot a day', async () => {
    t = await createTestApp();
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);
    await t.db.insert(jobs).values([
      { name: 'old-done', status: 'done', finishedAt: daysAgo(8) },
      { name: 'recent-done', status: 'done', finishedAt: daysAgo(1) },
      {
        name: 'periodic-done',
        status: 'done',
        finishedAt: daysAgo(2),
        dedupeKey: 'every:x:2026-01-01T00:00:00.000Z',
      },
      {
        name: 'periodic-today',
        status: 'done',
        finishedAt: daysAgo(0.5),
        dedupeKey: 'every:x:2026-01-02T00:00:00.000Z',
      },
      {
        name: 'periodic-failed',
        status: 'failed',
        finishedAt: daysAgo(2),
        dedupeKey: 'every:x:2026-01-03T00:00:00.000Z',
      },
      { name: 'old-failed', status: 'failed', finishedAt: daysAgo(8) },
      { name: 'ancient-failed', status: 'failed', finishedAt: daysAgo(31) },
      { name: 'old-pending', status: 'pending', runAt: daysAgo(40) },
    ]);
    await t.app.jobs.enqueue(PRUNE_JOB, {});
    expect(await t.app.jobs.drain()).toBe(1);
    const names = (await jobRows(t.db)).map((r) => r.name).sort();
    expect(names).toEqual([
      PRUNE_JOB,
      'old-failed',
      'old-pending',
      'periodic-failed',
      'periodic-today',
      'recent-done',
    ]);
  });
});
