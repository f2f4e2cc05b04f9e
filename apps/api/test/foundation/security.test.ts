import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { COLOR_MODE_SCRIPT } from '@nest/contracts';
import helmet, { type HelmetOptions } from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.js';
import { type Config, testConfig } from '../../src/config.js';
import { helmetOptions } from '../../src/plugins/security.js';
import { createTestDatabase } from '../helpers.js';

/** The whole app plus one state-changing route that counts the calls that reached it. */
async function appWithEchoRoute(overrides: Partial<Config> = {}) {
  const database = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  const reached = { count: 0 };
  app.post('/api/v1/__echo', { schema: { body: z.object({ note: z.string() }) } }, async (request) => {
    reached.count++;
    return request.body;
  });
  await app.ready();
  return {
    app,
    reached,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type Built = Awaited<ReturnType<typeof appWithEchoRoute>>;

describe('security headers', () => {
  let t: Built;
  beforeAll(async () => {
    t = await appWithEchoRoute();
  });
  afterAll(() => t.close());

  it('sends a strict CSP, nosniff and no framing on every answer', async () => {
    for (const url of ['/healthz', '/api/v1/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      // Our own files, and the one inline script of the web app's pages by its hash (ADR 205).
      expect(csp).toMatch(/script-src 'self' 'sha256-[\w+/]+=*';/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('lets the web app’s colour-mode script run inline by its hash, and no other inline script', async () => {
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
    );
    const hash = createHash('sha256').update(COLOR_MODE_SCRIPT).digest('base64');
    expect(csp.match(/script-src ([^;]*);/)?.[1]).toBe(`'self' 'sha256-${hash}'`);
  });

  it('sends on every answer exactly the headers helmet itself sets, computed once (ADR 115)', async () => {
    // helmet run per request on a real response, as @fastify/helmet did before.
    const server = http.createServer((req, res) => {
      const { global: _g, enableCSPNonces: _n, ...options } = helmetOptions(testConfig());
      helmet(options as HelmetOptions)(req, res, () => res.end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const expected = await fetch(`http://127.0.0.1:${port}/`).finally(() => server.close());
    const helmetHeaders = [...expected.headers.keys()].filter(
      (name) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name),
    );
    expect(helmetHeaders.length).toBeGreaterThanOrEqual(10);
    for (const url of ['/healthz', '/api/v1/users/me', '/api/v1/nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      for (const name of helmetHeaders)
        expect(res.headers[name], `${url} ${name}`).toBe(expected.headers.get(name));
    }
  });

  it('does not force https on a plain-http address (npm start on a LAN)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('https-only headers in production behind https', () => {
  let t: Built;
  beforeAll(async () => {
    t = await appWithEchoRoute({
      NODE_ENV: 'production',
      isProduction: true,
      ENABLE_TEST_ROUTES: false,
      publicUrl: 'https://nest.example.com',
    });
  });
  afterAll(() => t.close());

  it('upgrades insecure requests and sends HSTS', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});

describe('the origin check on state-changing requests', () => {
  let t: Built;
  beforeAll(async () => {
    t = await appWithEchoRoute();
  });
  afterAll(() => t.close());

  const post = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/v1/__echo', headers, payload: { note: 'hi' } });

  it('refuses a foreign Origin with a 403 problem, before the route runs', async () => {
    const before = t.reached.count;
    const res = await post({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ status: 403, code: 'foreign_origin' });
    expect(t.reached.count).toBe(before);
  });

  it('refuses an opaque origin and a cross-site fetch without Origin', async () => {
    expect((await post({ origin: 'null' })).statusCode).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
  });

  it('lets same-origin requests through: the public address, the served host, and no Origin at all', async () => {
    expect((await post({ origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect((await post({ origin: 'http://nest.lan:8080', host: 'nest.lan:8080' })).statusCode).toBe(200);
    expect((await post({})).statusCode).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('does not trust X-Forwarded-Host unless TRUST_PROXY is on', async () => {
    const res = await post({ origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.statusCode).toBe(403);
  });

  it('leaves safe methods alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('the origin check during development', () => {
  it('trusts the Vite dev server, which proxies /api with a rewritten Host, in development only', async () => {
    const dev = await appWithEchoRoute({ NODE_ENV: 'development' });
    const test = await appWithEchoRoute({ NODE_ENV: 'test' });
    try {
      const fromVite = { origin: 'http://localhost:5173', host: 'localhost:3000' };
      const payload = { note: 'hi' };
      expect(
        (await dev.app.inject({ method: 'POST', url: '/api/v1/__echo', headers: fromVite, payload }))
          .statusCode,
      ).toBe(200);
      expect(
        (await test.app.inject({ method: 'POST', url: '/api/v1/__echo', headers: fromVite, payload }))
          .statusCode,
      ).toBe(403);
    } finally {
      await dev.close();
      await test.close();
    }
  });
});
