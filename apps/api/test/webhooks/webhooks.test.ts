import type { CreatedWebhookEndpoint, WebhookDelivery } from '@nest/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { testConfig } from '../../src/config.js';
import { jobs, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/db/schema/index.js';
import { emitWebhookEvent } from '../../src/modules/webhooks/emit-event.js';
import { isForbiddenAddress } from '../../src/modules/webhooks/endpoint-url.js';
import type { SignedInMerchant } from '../fixtures/merchants.js';
import { readMail } from '../fixtures/merchants.js';
import { createTestApp, createTestDatabase, type TestApp } from '../helpers.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../offers/support.js';
import { passToken } from '../verification/support.js';
import { startReceiver } from './receiver.js';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

describe('outgoing webhooks (ADR 176, 177)', () => {
  let t: TestApp;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  afterEach(async () => receiver?.close());

  async function endpointFor(merchant: SignedInMerchant, eventTypes: string[] = ['check_in.recorded']) {
    receiver = await startReceiver();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/webhook-endpoints',
      cookies: merchant.cookies,
      payload: { url: receiver.url, description: 'Till', event_types: eventTypes },
    });
    expect(response.statusCode, response.body).toBe(201);
    const endpoint = response.json() as CreatedWebhookEndpoint;
    receiver.setSecret(endpoint.secret);
    return endpoint;
  }

  const deliveries = async (merchant: SignedInMerchant, endpointId: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/nests/me/webhook-endpoints/${endpointId}/deliveries`,
        cookies: merchant.cookies,
      })
    ).json().deliveries as WebhookDelivery[];

  /** Makes every waiting job due now (the retry schedule's minutes and hours, without waiting). */
  const makeJobsDue = () => t.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` });

  it('is Enterprise only, with the problem in the caller’s language', async () => {
    const pro = await merchantWithNest(t.app, 'pro');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/webhook-endpoints',
      cookies: pro.cookies,
      headers: { 'accept-language': 'fr-FR' },
      payload: { url: 'https://example.com/hooks', event_types: ['check_in.recorded'] },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'plan_required', title: 'Formule supérieure requise' });
  });

  it('sends a check-in as a Standard Webhooks delivery the standardwebhooks package verifies, and logs it', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const endpoint = await endpointFor(merchant);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/webhook-endpoints',
      cookies: merchant.cookies,
    });
    expect(list.body).not.toContain(endpoint.secret);
    expect(endpoint.secret).toMatch(/^whsec_/);

    const offer = await createOfferFor(t.app, merchant, { name: 'Café' });
    const { subscription_id } = await addSubscriber(t.app, offer.id, { status: 'active' });
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nests/me/verifications',
      cookies: merchant.cookies,
      payload: { token: await passToken(t, subscription_id) },
    });
    expect(check.statusCode).toBe(200);
    await t.app.jobs.drain();

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.error).toBeNull();
    expect(got?.verified).toMatchObject({
      type: 'check_in.recorded',
      data: { subscription_id, check_in_id: check.json().id, result: 'eligible' },
    });
    const [logged] = await deliveries(merchant, endpoint.id);
    expect(logged).toMatchObject({
      id: got?.headers['webhook-id'],
      event_type: 'check_in.recorded',
      status: 'succeeded',
      attempts: 1,
      response_status: 200,
    });
    expect(logged?.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it('retries with backoff: a receiver that fails twice gets the event once, under one webhook-id', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const endpoint = await endpointFor(merchant);
    receiver.failNext(500, 503);
    const test = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/webhook-endpoints/${endpoint.id}/test`,
      cookies: merchant.cookies,
    });
    expect(test.statusCode).toBe(202);
    await t.app.jobs.drain();
    let [logged] = await deliveries(merchant, endpoint.id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    // The next attempt waits (5 s after the first failure); nothing is sent before it is due.
    expect(new Date(logged!.next_attempt_at!).getTime()).toBeGreaterThan(Date.now());
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(1);

    await makeJobsDue();
    await t.app.jobs.drain();
    [logged] = await deliveries(merchant, endpoint.id);
    expect(logged).toMatchObject({ status: 'pending', attempts: 2, response_status: 503 });
    // The second wait is minutes (5 min), not seconds.
    expect(new Date(logged!.next_attempt_at!).getTime() - Date.now()).toBeGreaterThan(200_000);
    await makeJobsDue();
    await t.app.jobs.drain();
    [logged] = await deliveries(merchant, endpoint.id);
    expect(logged).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      response_status: 200,
      next_attempt_at: null,
    });

    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(receiver.received.every((r) => r.error === null)).toBe(true);
    expect(receiver.accepted.size).toBe(1);
    expect([...receiver.accepted.values()][0]).toMatchObject({ type: 'webhook.test' });

    // Replay: the same id and body again, as a new round.
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/webhook-endpoints/${endpoint.id}/deliveries/${logged!.id}/replay`,
      cookies: merchant.cookies,
    });
    expect(replay.statusCode).toBe(202);
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3]?.headers['webhook-id']).toBe(logged!.id);
    expect(receiver.received[3]?.body).toBe(receiver.received[0]?.body);
    [logged] = await deliveries(merchant, endpoint.id);
    expect(logged).toMatchObject({ status: 'succeeded', attempts: 4 });
  });

  it('disables an endpoint whose delivery failed every attempt, and emails the merchant', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const endpoint = await endpointFor(merchant);
    receiver.failNext(...Array(20).fill(500));
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/nests/me/webhook-endpoints/${endpoint.id}/test`,
      cookies: merchant.cookies,
    });
    for (let i = 0; i < 10; i += 1) {
      await makeJobsDue();
      await t.app.jobs.drain();
    }
    const [logged] = await deliveries(merchant, endpoint.id);
    expect(logged).toMatchObject({ status: 'failed', attempts: 10 });
    expect(receiver.received).toHaveLength(10);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/webhook-endpoints',
      cookies: merchant.cookies,
    });
    expect(list.json().endpoints[0]).toMatchObject({ status: 'disabled', disabled_reason: 'failing' });
    const mail = await readMail(t.app, merchant.user.email);
    expect(mail.at(-1)?.subject).toContain('webhook endpoint');
    // Turned back on, it receives again.
    const on = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/nests/me/webhook-endpoints/${endpoint.id}`,
      cookies: merchant.cookies,
      payload: { enabled: true },
    });
    expect(on.json().status).toBe('enabled');
  });

  it('never sends for a rolled-back change', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const endpoint = await endpointFor(merchant, ['check_in.recorded']);
    await t.db
      .transaction(async (tx) => {
        await emitWebhookEvent(tx, { nestId: merchant.nest.id, type: 'check_in.recorded', data: { n: 1 } });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const [events] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEvents)
      .where(eq(webhookEvents.nestId, merchant.nest.id));
    expect(events?.n).toBe(0);
    await t.app.jobs.drain();
    expect(receiver.received).toHaveLength(0);
    expect(endpoint.id).toBeTruthy();
  });

  it('keeps merchants apart: another merchant’s endpoint and deliveries are not found', async () => {
    const a = await merchantWithNest(t.app, 'enterprise');
    const b = await merchantWithNest(t.app, 'enterprise');
    const endpoint = await endpointFor(a);
    for (const [method, url] of [
      ['GET', `/api/v1/nests/me/webhook-endpoints/${endpoint.id}/deliveries`],
      ['POST', `/api/v1/nests/me/webhook-endpoints/${endpoint.id}/test`],
      ['PATCH', `/api/v1/nests/me/webhook-endpoints/${endpoint.id}`],
      ['DELETE', `/api/v1/nests/me/webhook-endpoints/${endpoint.id}`],
    ] as const) {
      const response = await t.app.inject({
        method,
        url,
        cookies: b.cookies,
        ...(method === 'PATCH' ? { payload: {} } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});

describe('webhook endpoints and the platform’s own network (SSRF, ADR 177)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: false });
  });
  afterAll(async () => t.close());

  it('refuses loopback, private, link-local and metadata addresses, and plain http, in both languages', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://localhost/hooks',
      'https://10.1.2.3/hooks',
      'https://192.168.1.10/hooks',
      'https://172.20.0.5/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hooks',
      'https://[fd00::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'http://example.com/hooks',
      'ftp://example.com/hooks',
      'https://user:pass@example.com/hooks',
      'not a url',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/nests/me/webhook-endpoints',
        cookies: merchant.cookies,
        headers: { 'accept-language': 'fr-FR' },
        payload: { url, event_types: ['check_in.recorded'] },
      });
      expect(response.statusCode, url).toBe(422);
      expect(response.json()).toMatchObject({ code: 'webhook_url_refused', title: 'Adresse refusée' });
    }
  });

  it('checks the address again when it connects: an endpoint now pointing inside is not reached', async () => {
    const merchant = await merchantWithNest(t.app, 'enterprise');
    const receiver = await startReceiver();
    try {
      // As if the name had resolved to a public address when saved and to loopback now.
      const [endpoint] = await t.db
        .insert(webhookEndpoints)
        .values({
          userId: merchant.user.id,
          nestId: merchant.nest.id,
          url: receiver.url,
          eventTypes: ['check_in.recorded'],
          secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
        })
        .returning();
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/nests/me/webhook-endpoints/${endpoint!.id}/test`,
        cookies: merchant.cookies,
      });
      await t.app.jobs.drain();
      expect(receiver.received).toHaveLength(0);
      const [delivery] = await t.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint!.id));
      expect(delivery?.error).toContain('private address');
      expect(delivery?.responseStatus).toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it('knows which addresses are not public', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd12::1',
      '::ffff:10.0.0.1',
    ])
      expect(isForbiddenAddress(address), address).toBe(true);
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111'])
      expect(isForbiddenAddress(address), address).toBe(false);
  });
});

describe('a delivery committed before the process died', () => {
  it('is sent by the next process on the same database', async () => {
    const database = await createTestDatabase();
    const receiver = await startReceiver();
    try {
      const first = await buildApp({
        config: testConfig(),
        database: { ...database, close: async () => {} },
        logger: false,
      });
      await first.ready();
      const merchant = await merchantWithNest(first, 'enterprise');
      const created = await first.inject({
        method: 'POST',
        url: '/api/v1/nests/me/webhook-endpoints',
        cookies: merchant.cookies,
        payload: { url: receiver.url, event_types: ['check_in.recorded'] },
      });
      receiver.setSecret(created.json().secret);
      const test = await first.inject({
        method: 'POST',
        url: `/api/v1/nests/me/webhook-endpoints/${created.json().id}/test`,
        cookies: merchant.cookies,
      });
      expect(test.statusCode).toBe(202);
      // The process stops after the commit, before its job runner sent anything.
      await first.close();
      expect(receiver.received).toHaveLength(0);

      const second = await buildApp({ config: testConfig(), database, logger: false });
      await second.ready();
      await second.jobs.drain();
      await second.close();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]?.error).toBeNull();
      expect(receiver.received[0]?.headers['webhook-id']).toBe(test.json().id);
    } finally {
      await receiver.close();
      await database.close();
    }
  });
});
