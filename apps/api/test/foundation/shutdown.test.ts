import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testDriver } from '../helpers.js';
import { createScratchPostgres, request, type ServerProcess, startServer } from './support.js';

describe('graceful shutdown of the server process', () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  let postgres: Awaited<ReturnType<typeof createScratchPostgres>> | undefined;
  afterEach(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
    postgres = undefined;
  });

  // On PostgreSQL the same process runs with DATABASE_URL: its pool must close as cleanly.
  it(`on SIGTERM stops accepting, finishes the in-flight request, closes the database and exits 0 (${testDriver})`, async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'nest-shutdown-'));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      ENABLE_TEST_ROUTES: 'true',
      JOBS_ENABLED: 'true',
    };
    if (testDriver === 'postgres') {
      postgres = await createScratchPostgres(process.env.TEST_DATABASE_URL!);
      env.DATABASE_URL = postgres.url;
    }
    server = await startServer(env);
    await server.waitForLog((line) => line.msg === 'Nest is ready');
    expect(server.logs.find((line) => line.msg === 'Nest is ready')?.database).toBe(testDriver);
    // The embedded database locks its folder; PostgreSQL needs no lock.
    expect(existsSync(path.join(dataDir, 'nest.lock'))).toBe(testDriver === 'pglite');
    const port = server.port;

    const slow = request(port, '/api/v1/test/slow?ms=1500');
    await server.waitForLog((line) =>
      String((line.req as { url?: string } | undefined)?.url).includes('/test/slow'),
    );
    server.child.kill('SIGTERM');
    await server.waitForLog((line) => String(line.msg).startsWith('shutting down'));

    // New connections are refused while the slow request is still being answered. (A probe that
    // raced the signal may be accepted and then reset; the listening socket closes right after.)
    let slowDone = false;
    void slow.then(() => {
      slowDone = true;
    });
    let refusedCode: string | undefined;
    for (let i = 0; i < 40 && refusedCode !== 'ECONNREFUSED'; i++) {
      try {
        await request(port, '/healthz');
      } catch (error) {
        refusedCode = (error as NodeJS.ErrnoException).code;
      }
      if (refusedCode !== 'ECONNREFUSED') await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(refusedCode).toBe('ECONNREFUSED');
    expect(slowDone).toBe(false);

    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ sleptMs: 1500 });

    expect(await server.exited).toBe(0);
    if (postgres) {
      expect(await postgres.connections()).toBe(0);
    }
    expect(existsSync(path.join(dataDir, 'nest.lock'))).toBe(false);
    expect(server.logs.some((line) => line.msg === 'stopped')).toBe(true);
  }, 240_000);
});
