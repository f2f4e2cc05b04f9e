import { createHash } from 'node:crypto';
import { API_KEY_RATE_LIMIT_PER_MINUTE, apiKeyScopes } from '@nest/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, planSubscriptions } from '../../src/db/schema/index.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createOfferFor, merchantWithNest } from '../offers/support.js';
import { bearer, createKey } from './support.js';

describe('API keys (ADR 175)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('below Enterprise: creation is refused with a problem in the caller’s language, the list says disabled', async () => {
    const pro = await merchantWithNest(t.app, 'pro');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/api-keys',
      cookies: pro.cookies,
      headers: { 'accept-language': 'fr-FR' },
      payload: { name: 'Caisse', scopes: ['offers:read'] },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({
      code: 'plan_required',
      detail: expect.stringContaining('Enterprise'),
    });
    expect(refused.json().title).toBe('Formule supérieure requise');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/api-keys',
      cookies: pro.cookies,
    });
    expect(list.json()).toEqual({ api_keys: [], enabled: false });
  });

  it('is shown once, stored only as its SHA-256 hash, listed by prefix, and opens the routes its scopes allow', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    await createOfferFor(t.app, merchant, { name: 'Carte café' });
    const created = await createKey(t.app, merchant, ['offers:read']);
    expect(created.key).toMatch(/^nest_test_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);

    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row?.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/api-keys',
      cookies: merchant.cookies,
    });
    expect(list.json().enabled).toBe(true);
    expect(list.body).not.toContain(created.key);
    expect(list.json().api_keys[0]).toMatchObject({
      id: created.id,
      prefix: created.prefix,
      last_used_at: null,
    });

    const offers = await t.app.inject({ method: 'GET', url: '/api/v1/offers', headers: bearer(created.key) });
    expect(offers.statusCode, offers.body).toBe(200);
    expect(offers.body).toContain('Carte café');
    expect(offers.headers['ratelimit-limit']).toBe(String(API_KEY_RATE_LIMIT_PER_MINUTE));
    expect(Number(offers.headers['ratelimit-remaining'])).toBe(API_KEY_RATE_LIMIT_PER_MINUTE - 1);

    const used = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/api-keys',
      cookies: merchant.cookies,
    });
    expect(used.json().api_keys[0].last_used_at).not.toBeNull();
  });

  it('never opens session-only routes: the account, plan changes, the keys and webhooks themselves', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const { key } = await createKey(t.app, merchant, [...apiKeyScopes]);
    const id = merchant.user.id;
    for (const [method, url] of [
      ['GET', '/api/v1/users/me'],
      ['PATCH', `/api/v1/users/${id}`],
      ['POST', `/api/v1/users/${id}/plan/change`],
      ['GET', '/api/v1/nests/me/api-keys'],
      ['POST', '/api/v1/nests/me/api-keys'],
      ['GET', '/api/v1/nests/me/webhook-endpoints'],
      ['GET', '/api/v1/nests/me/payout-account'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(key), payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code, `${method} ${url}`).toBe('api_key_not_allowed');
    }
    // Nor the customer area.
    const customer = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nest-customers/me',
      headers: bearer(key),
    });
    expect(customer.statusCode).toBe(401);
  });

  it('enforces each marked operation’s scope, read from the OpenAPI document (read-only keys cannot write)', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    };
    const marked: { method: string; path: string; scope: string }[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const scope = operation.security?.find((s) => s.bearerAuth)?.bearerAuth?.[0];
        if (scope) marked.push({ method: method.toUpperCase(), path, scope });
      }
    }
    expect(marked.length).toBeGreaterThanOrEqual(15);
    const domains = new Set(marked.map((m) => m.scope.split(':')[0]));
    expect([...domains].sort()).toEqual([
      'customers',
      'links',
      'offers',
      'subscriptions',
      'transactions',
      'verification',
    ]);

    const keys = new Map<string, string>();
    for (const scope of apiKeyScopes) keys.set(scope, (await createKey(t.app, merchant, [scope])).key);
    const fill = (path: string) =>
      path
        .replace(
          '{id}',
          path.startsWith('/api/v1/users/') ? merchant.user.id : '00000000-0000-4000-8000-000000000000',
        )
        .replace('{nestId}', merchant.nest.id)
        .replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

    for (const { method, path, scope } of marked) {
      const [domain, access] = scope.split(':');
      const url = fill(path);
      // A key of another domain: refused before anything runs.
      const otherDomain = domain === 'offers' ? 'links' : 'offers';
      const wrong = await t.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(keys.get(`${otherDomain}:write`)!),
        payload: {},
      });
      expect(wrong.statusCode, `${method} ${path} with ${otherDomain}:write`).toBe(403);
      expect(wrong.json().code).toBe('api_key_scope_missing');
      if (access === 'write') {
        const readOnly = await t.app.inject({
          method: method as 'GET',
          url,
          headers: bearer(keys.get(`${domain}:read`)!),
          payload: {},
        });
        expect(readOnly.statusCode, `${method} ${path} read-only`).toBe(403);
        expect(readOnly.json().code).toBe('api_key_scope_missing');
      }
      // The right scope (and write for a read): past the key check, whatever the operation answers.
      for (const granted of access === 'read' ? [`${domain}:read`, `${domain}:write`] : [`${domain}:write`]) {
        const allowed = await t.app.inject({
          method: method as 'GET',
          url,
          headers: bearer(keys.get(granted)!),
          payload: {},
        });
        expect([401, 403], `${method} ${path} with ${granted}: ${allowed.body}`).not.toContain(
          allowed.statusCode,
        );
      }
    }
  });

  it('keeps merchants apart: another merchant’s ids are not found with a key, as with a session', async () => {
    const a = await merchantWithNest(t.app, 'enterprise');
    const b = await merchantWithNest(t.app, 'enterprise');
    const offerOfA = await createOfferFor(t.app, a, { name: 'Offre de A' });
    const keyOfB = (await createKey(t.app, b, ['offers:write', 'customers:read', 'transactions:read'])).key;
    const byKey = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offers/${offerOfA.id}`,
      headers: bearer(keyOfB),
    });
    const bySession = await t.app.inject({
      method: 'GET',
      url: `/api/v1/offers/${offerOfA.id}`,
      cookies: b.cookies,
    });
    expect(byKey.statusCode).toBe(bySession.statusCode);
    expect(byKey.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/offers', headers: bearer(keyOfB) });
    expect(list.body).not.toContain('Offre de A');
    const customers = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/${a.nest.id}/nest-customers/find`,
      headers: bearer(keyOfB),
      payload: {},
    });
    expect(customers.statusCode).toBe(404);
    expect(customers.json().code).toBe('not_found');
    // Its own nest, by id or by `me`, with a read-only customers key.
    for (const nestId of [b.nest.id, 'me']) {
      const own = await t.app.inject({
        method: 'POST',
        url: `/api/v1/nests/${nestId}/nest-customers/find`,
        headers: bearer(keyOfB),
        payload: {},
      });
      expect(own.statusCode, own.body).toBe(200);
    }
    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${a.user.id}/stripe/transactions`,
      headers: bearer(keyOfB),
    });
    expect(ledger.statusCode).toBe(404);
    // B cannot revoke A's key either.
    const keyOfA = await createKey(t.app, a, ['offers:read']);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/nests/me/api-keys/${keyOfA.id}`,
      cookies: b.cookies,
    });
    expect(revoke.statusCode).toBe(404);
  });

  it('refuses a revoked or expired key on the next request, and a downgraded merchant’s keys with a reason', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const created = await createKey(t.app, merchant, ['offers:read']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/offers', headers: bearer(created.key) })).statusCode,
    ).toBe(200);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/nests/me/api-keys/${created.id}`,
      cookies: merchant.cookies,
    });
    expect(revoked.json().revoked_at).not.toBeNull();
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/offers',
      headers: { ...bearer(created.key), 'accept-language': 'fr-FR' },
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'api_key_invalid', title: 'Clé d’API invalide' });

    const expiring = await createKey(t.app, merchant, ['offers:read'], {
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    const expired = await t.app.inject({
      method: 'GET',
      url: '/api/v1/offers',
      headers: bearer(expiring.key),
    });
    expect(expired.json().code).toBe('api_key_invalid');
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/api-keys',
      cookies: merchant.cookies,
      payload: { name: 'x', scopes: ['offers:read'], expires_at: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.statusCode).toBe(400);

    const live = await createKey(t.app, merchant, ['offers:read']);
    await t.db
      .update(planSubscriptions)
      .set({ plan: 'pro' })
      .where(eq(planSubscriptions.userId, merchant.user.id));
    const downgraded = await t.app.inject({
      method: 'GET',
      url: '/api/v1/offers',
      headers: bearer(live.key),
    });
    expect(downgraded.statusCode).toBe(403);
    expect(downgraded.json()).toMatchObject({
      code: 'api_key_plan_disabled',
      detail: expect.stringContaining('Enterprise'),
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/api-keys',
      cookies: merchant.cookies,
    });
    expect(list.json().enabled).toBe(false);
    expect(list.json().api_keys.length).toBe(3); // kept, not deleted
    await t.db
      .update(planSubscriptions)
      .set({ plan: 'enterprise' })
      .where(eq(planSubscriptions.userId, merchant.user.id));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/offers', headers: bearer(live.key) })).statusCode,
    ).toBe(200);
  });

  it('answers 429 with Retry-After and RateLimit headers past the key’s rate', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const created = await createKey(t.app, merchant, ['offers:read']);
    for (let i = 0; i < API_KEY_RATE_LIMIT_PER_MINUTE; i += 1) {
      await t.app.rateLimiter.hit(`api-key:${created.id}`, API_KEY_RATE_LIMIT_PER_MINUTE, 60_000);
    }
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/v1/offers',
      headers: bearer(created.key),
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['ratelimit-remaining']).toBe('0');
    // Another key of the same merchant has its own budget.
    const other = await createKey(t.app, merchant, ['offers:read']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/offers', headers: bearer(other.key) })).statusCode,
    ).toBe(200);
  });

  it('refuses a malformed or unknown key as invalid, never as a 500', async () => {
    for (const key of ['nest_live_short', `nest_live_${'A'.repeat(43)}`, 'nest_test_'])
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/offers', headers: bearer(key) })).json().code,
      ).toBe('api_key_invalid');
  });
});

describe('the OpenAPI document for API clients (ADR 178)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('gives every operation a unique operationId and a security, and describes bearerAuth', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    };
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const ids: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.operationId, `${method} ${path}`).toBeTruthy();
        expect(operation.security, `${method} ${path}`).toBeDefined();
        ids.push(operation.operationId!);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/healthz']?.get?.security).toEqual([]);
    expect(document.paths['/api/v1/nests/me/api-keys']?.post?.operationId).toBe('createApiKey');
    expect(document.paths['/api/v1/offers/{id}']?.get?.operationId).toBe('getOffersById');
  });
});
