import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JOBS_CHANNEL, JobRunner } from './job-runner.js';
import { pruneJobs } from './prune-jobs.js';

export const PRUNE_JOB = 'jobs.prune';

/**
 * Decorates app.jobs. Registered before the API modules so they can register their handlers and
 * schedules while they register their routes. The poller starts when the app is ready (only if
 * JOBS_ENABLED) and stops on close, after in-flight requests, waiting for the running jobs.
 */
export const jobsPlugin = fp(async (app: FastifyInstance) => {
  const runner = new JobRunner({
    db: app.db,
    log: app.log.child({ module: 'jobs' }),
    leaseMs: app.config.JOBS_LEASE_MS,
    // New jobs wake the poller at their commit, in this process or another (ADR 215).
    listen: (onNotify) => app.database.listen(JOBS_CHANNEL, onNotify),
  });
  runner.register(PRUNE_JOB, async () => {
    const deleted = await pruneJobs(app.db);
    if (deleted > 0) app.log.info({ deleted }, 'old jobs pruned');
  });
  runner.every(PRUNE_JOB, 60 * 60 * 1000);
  app.decorate('jobs', runner);
  if (app.config.JOBS_ENABLED) {
    app.addHook('onReady', async () => runner.start());
  }
  app.addHook('onClose', async () => {
    await runner.stop();
  });
});
