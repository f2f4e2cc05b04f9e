import fs, { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.js';
import { type Config, testConfig } from '../../src/config.js';
import { createLogStream, type LogStream } from '../../src/lib/log-stream.js';
import { createTestDatabase, watchTimers } from '../helpers.js';

// The server's logging as production sets it up (ADR 212): the app's own logger configuration,
// through the log stream server.ts gives it, into a file instead of stdout.
describe('request logging', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function appLoggingToAFile(overrides: Partial<Config> = {}) {
    const folder = mkdtempSync(path.join(tmpdir(), 'nest-log-'));
    const file = path.join(folder, 'server.log');
    const logStream: LogStream = createLogStream(file);
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info', ...overrides }),
      database,
      logStream,
    });
    cleanups.push(
      () => rmSync(folder, { recursive: true, force: true }),
      () => database.close(),
      () => app.close(),
    );
    const lines = () =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { app, logStream, lines };
  }

  it('writes one line per request, when it is answered: request, status and time, with the request id', async () => {
    const { app, logStream, lines } = await appLoggingToAFile();
    const answer = await app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(answer.statusCode).toBe(401);
    logStream.flushSync();

    const ofRequest = lines().filter((line) => line.reqId === answer.headers['x-request-id']);
    expect(ofRequest.map((line) => line.msg)).toEqual(['request completed']);
    expect(ofRequest[0]).toMatchObject({
      level: 30,
      req: { method: 'GET', url: '/api/v1/users/me' },
      res: { statusCode: 401 },
      responseTime: expect.any(Number),
    });
  });

  it('writes no one-time token of a URL into the log (a reset link’s page load)', async () => {
    const { app, logStream, lines } = await appLoggingToAFile();
    const answer = await app.inject({ method: 'GET', url: '/api/v1/users/me?token=s3cret-reset' });
    logStream.flushSync();

    const [line] = lines().filter((l) => l.reqId === answer.headers['x-request-id']);
    expect(line).toMatchObject({ req: { url: '/api/v1/users/me?token=[redacted]' } });
    expect(JSON.stringify(lines())).not.toContain('s3cret-reset');
  });

  it('also logs each request as it arrives at LOG_LEVEL=debug', async () => {
    const { app, logStream, lines } = await appLoggingToAFile({ LOG_LEVEL: 'debug' });
    const answer = await app.inject({ method: 'GET', url: '/api/v1/users/me' });
    logStream.flushSync();

    const ofRequest = lines().filter((line) => line.reqId === answer.headers['x-request-id']);
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(ofRequest[0]).toMatchObject({ level: 20, req: { method: 'GET', url: '/api/v1/users/me' } });
  });

  it('writes lines in batches, yet a lone line reaches the file without more traffic or a flush', async () => {
    const { app, lines } = await appLoggingToAFile();
    const answer = await app.inject({ method: 'GET', url: '/healthz' });
    // Far less than a batch: only the periodic flush can write it.
    const deadline = Date.now() + 2_000;
    while (!lines().some((line) => line.reqId === answer.headers['x-request-id']) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(lines().some((line) => line.reqId === answer.headers['x-request-id'])).toBe(true);
  });

  it('makes no write and keeps no timer while nothing waits (an idle server is not woken)', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'nest-log-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const timers = watchTimers();
    cleanups.push(() => timers.restore());
    // The log stream's flush is the only timer of 100 ms here.
    const armed = () => timers.armed(100);
    const logStream = createLogStream(path.join(folder, 'idle.log'));
    cleanups.push(() => logStream.destroy());
    await new Promise((resolve) => logStream.once('ready', resolve));
    const writes = vi.spyOn(fs, 'write');
    cleanups.push(() => writes.mockRestore());
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(writes).not.toHaveBeenCalled();
    expect(armed()).toBe(0);

    logStream.write('{"msg":"one line"}\n');
    logStream.write('{"msg":"and another"}\n');
    expect(armed()).toBe(1);
    await vi.waitFor(() => expect(writes).toHaveBeenCalledTimes(1), { timeout: 1_000 });
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(writes).toHaveBeenCalledTimes(1);
    expect(armed()).toBe(1);
  });
});
