import { performance } from 'node:perf_hooks';
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
for (const label of ['inject', 'query', 'select1']) {
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) {
    if (label === 'inject') await app.inject({ method: 'GET', url: `/api/v1/public/links/${id}` });
    else if (label === 'query') await readPublicLink(app.db, 'sandbox', id, new Date());
    else await database.ping();
  }
  console.log(label, ((performance.now() - t0) / 200).toFixed(2), 'ms/op');
}
await app.close();
await database.close();
