import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/lib/errors.js';
import { createTestApp, type TestApp } from '../helpers.js';

describe('the error format', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Routes registered after ready() need a fresh app; use inject on routes added before ready instead.
  });
  afterAll(() => t.close());

  it('answers an unknown /api path with a 404 problem document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      type: expect.stringContaining('route-not-found'),
      title: 'Not found',
      status: 404,
      code: 'route_not_found',
      detail: 'There is no API at /api/v1/nope.',
    });
  });

  it('speaks French when the caller prefers it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' },
    });
    expect(res.json().title).toBe('Introuvable');
  });

  it('the locale cookie wins over Accept-Language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nope',
      headers: { 'accept-language': 'en-US', cookie: 'nest_locale=fr-FR' },
    });
    expect(res.json().title).toBe('Introuvable');
  });
});

describe('errors raised by routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    const { createTestDatabase } = await import('../helpers.js');
    const { buildApp } = await import('../../src/app.js');
    const { testConfig } = await import('../../src/config.js');
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, logger: false });
    app.post(
      '/api/v1/__echo',
      { schema: { body: z.object({ email: z.email(), age: z.number().int().min(18) }).strict() } },
      async (request) => request.body,
    );
    app.get('/api/v1/__boom', async () => {
      throw new Error('secret internals: password=hunter2');
    });
    app.get('/api/v1/__domain', async () => {
      throw new AppError('plan_required', { params: { plan: 'Pro' } });
    });
    await app.ready();
    t = {
      app,
      db: database.db,
      database,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  });
  afterAll(() => t.close());

  it('lists each failing field with a message in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__echo',
      payload: { email: 'not-an-email', age: 12, admin: true },
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'email', message: 'Saisissez une adresse e-mail valide.' }),
        expect.objectContaining({ field: 'age', message: 'Doit être au moins 18.' }),
        expect.objectContaining({ field: 'admin', code: 'unrecognized_key' }),
      ]),
    );
  });

  it('reports a missing field as required', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/__echo', payload: { age: 30 } });
    expect(res.json().errors).toEqual([
      { field: 'email', code: 'required', message: 'This field is required.' },
    ]);
  });

  it('reports a value of the wrong type as such, not as missing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__echo',
      payload: { email: 42, age: 30 },
    });
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'email', code: 'invalid_type' })]);
  });

  it('turns malformed JSON into a 400 problem, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__echo',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/__echo',
      payload: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('unsupported_media_type');
  });

  it('hides internals of an unexpected error behind a 500 problem', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({ code: 'internal_error', title: 'Internal Server Error', status: 500 });
    expect(res.body).not.toContain('hunter2');
  });

  it('renders a domain error with its parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/__domain' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'plan_required', detail: 'This needs the Pro plan or higher.' });
  });
});
