import { PROBLEM_CONTENT_TYPE } from '@nest/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { createTestDatabase } from '../helpers.js';

type App = Awaited<ReturnType<typeof buildApp>>;

/** Each parametric route of the app with its first parameter replaced. */
function withParameter(routes: App['routeTable'], value: string) {
  return routes
    .filter((route) => route.url.includes(':') && route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => ({ method: route.method, url: route.url.replace(/:[^/]+/, value), route: route.url }));
}

function expectProblemWithHeaders(res: LightMyRequestResponse, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
  expect(res.json().code).toBe(code);
  expect(res.body).not.toContain('FST_ERR');
  expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
}

describe('answers the router gives before any route runs', () => {
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
    close = async () => {
      await app.close();
      await database.close();
    };
  });
  afterAll(() => close());

  it('knows the routes it walks', () => {
    expect(withParameter(app.routeTable, 'x').length).toBeGreaterThan(30);
  });

  it('a path parameter longer than any id is a 414 problem with the security headers, on every route', async () => {
    for (const { method, url, route } of withParameter(app.routeTable, 'a'.repeat(101))) {
      const res = await app.inject({ method: method as 'GET', url, headers: { 'accept-language': 'fr-FR' } });
      expect.soft(res.statusCode, `${method} ${route}`).toBe(414);
      expectProblemWithHeaders(res, 414, 'uri_too_long');
      expect(res.json().title).toBe('Adresse trop longue');
    }
  });

  it('a path parameter that does not decode is a 400 problem with the security headers, on every route', async () => {
    for (const { method, url, route } of withParameter(app.routeTable, '%C0%80')) {
      const res = await app.inject({ method: method as 'GET', url });
      expect.soft(res.statusCode, `${method} ${route}`).toBe(400);
      expectProblemWithHeaders(res, 400, 'bad_request');
    }
  });

  it('an ordinary answer says the same about framing in both headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });
});
