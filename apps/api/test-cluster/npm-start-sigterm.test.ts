import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForCluster, harness, root } from './support.js';

const GRACE_MS = 15_000;

/** Whether any process of the group is still alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Issue 22's shutdown that did not finish (ADR 180), with real processes as an operator stops them:
 * `npm start` in its own process group, SIGTERM to the whole group (npm, scripts/start.mjs and the
 * server each get it) while keep-alive clients keep their connections busy, a request is in flight
 * and a job is running. Every process of the group is gone within the grace period, the request was
 * answered and the job finished.
 */
describe('npm start stopped with SIGTERM to its process group', () => {
  let pgid: number | undefined;

  beforeAll(() => buildForCluster(), 240_000);
  afterAll(() => {
    if (pgid && groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
  });

  it('ends every process within the grace period, after the in-flight request and the running job', async () => {
    const port = await harness.freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn('npm', ['start'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nest-npm-start-')),
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: base,
        NODE_ENV: 'test',
        ENABLE_TEST_ROUTES: 'true',
        JOBS_ENABLED: 'true',
        LOG_LEVEL: 'info',
      },
    });
    pgid = child.pid!;
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await harness.waitFor(`${base}/readyz`, { timeoutMs: 180_000 });

    // A browser's keep-alive connections, busy all along.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    let browsing = true;
    const browser = async (urlPath: string) => {
      while (browsing) {
        await new Promise<void>((resolve) => {
          const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent }, (res) => {
            res.resume();
            res.on('end', () => resolve());
          });
          req.on('error', () => setTimeout(resolve, 20));
          req.setTimeout(2_000, () => req.destroy());
        });
      }
    };
    const browsers = ['/', '/admin/login', '/api/v1/users/me', '/healthz'].map(browser);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    // A job running, and a request in flight, when the signal comes.
    const queued = await fetch(`${base}/api/v1/test/slow-job`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ ms: 3_000 }),
    });
    expect(queued.status).toBe(202);
    for (let i = 0; i < 200 && !output.includes('slow job started'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(output).toContain('slow job started');
    const inFlight = fetch(`${base}/api/v1/test/slow?ms=2000`, { headers: { connection: 'close' } }).then(
      async (response) => ({ status: response.status, body: await response.json() }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    process.kill(-pgid, 'SIGTERM');
    const ended = await Promise.race([
      exited.then(async () => {
        // npm may end before its child: wait for the whole group.
        while (groupAlive(pgid!) && Date.now() - signalledAt < GRACE_MS) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return !groupAlive(pgid!);
      }),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), GRACE_MS)),
    ]);
    const tookMs = Date.now() - signalledAt;
    browsing = false;
    agent.destroy();
    await Promise.all(browsers);

    expect(
      ended,
      `every process of the group gone within ${GRACE_MS} ms (took ${tookMs} ms)\n${output.slice(-2000)}`,
    ).toBe(true);
    expect(await inFlight).toEqual({ status: 200, body: { sleptMs: 2000 } });
    expect(output).toContain('slow job finished');
    expect(output).toContain('"msg":"stopped"');
  }, 300_000);
});
