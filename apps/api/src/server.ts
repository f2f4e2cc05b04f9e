import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataFolderLockedError, openDatabase } from './db/client.js';

/** After a termination signal, in-flight work gets this long before the process gives up on it. */
const SHUTDOWN_GRACE_MS = 15_000;

/** Errors the operator can fix: printed as one clear message, without a stack. */
function isOperatorError(error: unknown): error is Error {
  return error instanceof ConfigError || error instanceof DataFolderLockedError;
}

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, database });
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
    closing ??= (async () => {
      app.log.info({ reason }, 'shutting down: no new connections, finishing in-flight requests and jobs');
      const force = setTimeout(() => {
        app.log.error({ graceMs: SHUTDOWN_GRACE_MS }, 'shutdown took too long; exiting');
        process.exit(1);
      }, SHUTDOWN_GRACE_MS);
      force.unref();
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
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
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
