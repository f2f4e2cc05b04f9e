import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataFolderLockedError, openDatabase } from './db/client.js';
import { armExitWatchdog } from './lib/exit-watchdog.js';
import { createLogStream } from './lib/log-stream.js';

/** After a termination signal, in-flight work gets this long before the process gives up on it. */
const SHUTDOWN_GRACE_MS = 15_000;
/**
 * When even the forced exit cannot run (a blocked main thread), a worker thread kills the process
 * this long after the grace period (ADR 180).
 */
const WATCHDOG_EXTRA_MS = 5_000;

/** Errors the operator can fix: printed as one clear message, without a stack. */
function isOperatorError(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataFolderLockedError;
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, database, logStream: createLogStream() });
  } catch (error) {
    await database.close();
    throw error;
  }

  let closing: Promise<void> | undefined;
  /**
   * Stops accepting connections, lets in-flight requests finish (Fastify's close), stops the job
   * runner after its running jobs (its onClose hook), then closes the database, which also releases
   * the data-folder lock.
   */
  const shutdown = (reason: string, exitCode = 0) => {
    if (closing) {
      app.log.info({ reason }, 'already shutting down');
      return closing;
    }
    closing = (async () => {
      // Armed before anything that could block: the watchdog's thread fires whatever this one does.
      armExitWatchdog(SHUTDOWN_GRACE_MS + WATCHDOG_EXTRA_MS);
      const force = setTimeout(() => {
        app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown took too long; exiting');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS);
      force.unref();
      app.log.info({ reason }, 'shutting down: no new connections, finishing in-flight requests and jobs');
      let code = exitCode;
      try {
        await app.close();
      } catch (error) {
        app.log.error({ err: error }, 'error while closing the server');
        code = 1;
      }
      try {
        await database.close();
      } catch (error) {
        app.log.error({ err: error }, 'error while closing the database');
        code = 1;
      }
      app.log.info({ exitCode: code }, 'stopped');
      process.exit(code);
    })();
    return closing;
  };
  // Listening for good (not once): a signal sent to the process group reaches this process twice
  // under `npm start` (once directly, once forwarded by scripts/start.mjs), and a second signal with
  // no listener would kill it in the middle of its shutdown.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('unhandledRejection', (error) => {
    app.log.fatal({ err: error }, 'unhandled promise rejection');
    void shutdown('unhandledRejection', 1);
  });

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    app.log.fatal({ err: error, port: config.PORT, host: config.HOST }, 'could not listen');
    await shutdown('listen failed', 1);
    return;
  }
  app.log.info(
    {
      url: config.publicUrl,
      database: database.driver,
      payments: config.PAYMENT_PROVIDER,
      jobs: config.JOBS_ENABLED,
    },
    'Nest is ready',
  );
}

main().catch((error) => {
  console.error(isOperatorError(error) ? error.message : error);
  process.exit(1);
});
