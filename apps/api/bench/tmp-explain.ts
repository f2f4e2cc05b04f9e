import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openPglite } from '../src/db/client.js';
import { readPublicLink } from '../src/modules/links/read-public-link.js';

const database = await openPglite();
const app = await buildApp({ config: testConfig(), database, logger: false });
await app.ready();
const m = await app.inject({ method: 'POST', url: '/api/v1/test/merchants', payload: { email: 'b@example.com', plan: 'pro', onboarded: true } });
const cookies = Object.fromEntries(m.cookies.map((c) => [c.name, c.value]));
await app.inject({ method: 'POST', url: '/api/v1/nests', cookies, payload: { name: 'Café', category: 'cafe', address: { line1: '1 rue', postal_code: '75002', city: 'Paris', country: 'FR' } } });
const offer = await app.inject({ method: 'POST', url: '/api/v1/offers', cookies, payload: { name: 'C', grants: 'g', amount_cents: 2900, interval: 'month', capacity: 10 } });
const link = await app.inject({ method: 'POST', url: '/api/v1/links', cookies, payload: { offer_id: offer.json().id, label: 'x' } });
const id = link.json().nest_link_id;
// biome-ignore lint: debug
const q: any = (app.db as any).select ? null : null;
void q;
const { readPublicLink: _r } = await import('../src/modules/links/read-public-link.js');
void _r;
const builder = (await import('drizzle-orm')).sql;
void builder;
// capture SQL
const origExecute = (database as any).db.session.client.query.bind((database as any).db.session.client);
let captured: { text: string; params: unknown[] } | undefined;
(database as any).db.session.client.query = (text: string, params: unknown[], opts: unknown) => {
  captured = { text, params };
  return origExecute(text, params, opts);
};
await readPublicLink(app.db, 'sandbox', id, new Date());
(database as any).db.session.client.query = origExecute;
const client = (database as any).db.session.client;
const explain = await client.query(`explain (analyze, buffers off) ${captured!.text}`, captured!.params);
for (const row of explain.rows) console.log(Object.values(row)[0]);
for (let k = 0; k < 3; k++) {
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) await client.query(captured!.text, captured!.params);
  console.log('raw query', ((performance.now() - t0) / 50).toFixed(2), 'ms');
  const t1 = performance.now();
  for (let i = 0; i < 50; i++) await client.query('select 1');
  console.log('select 1', ((performance.now() - t1) / 50).toFixed(2), 'ms');
}
void sql;
await app.close();
await database.close();
