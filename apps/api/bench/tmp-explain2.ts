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
const client = (database as any).db.session.client;
const orig = client.query.bind(client);
let captured: any;
client.query = (text: string, params: unknown[], opts: unknown) => { captured = { text, params }; return orig(text, params, opts); };
await readPublicLink(app.db, 'sandbox', id, new Date());
client.query = orig;
const B = `select l.id, l.public_id, o.name, o.description, o.grants, o.trial_days, o.capacity, o.usage_allowance, o.reward_rule, o.status, o.provider_account_id,
  n.id, n.name, n.category, n.owner_id, n.time_zone,
  p.id, p.amount_cents, p.currency, p.interval, p.interval_count, p.provider_price_id,
  (select etag from nest_logos where nest_id = n.id) as etag,
  (select plan from plan_subscriptions where user_id = n.owner_id and status in ('trialing','active','past_due')) as plan,
  (select charges_enabled and payouts_enabled from payout_accounts pa where pa.user_id = n.owner_id and pa.provider = 'sandbox' order by pa.created_at desc limit 1) as payouts,
  case when o.capacity is null then 0 else (select count(*) from nest_subscriptions s join offer_prices held on held.id = s.offer_price_id where held.offer_id = o.id and s.status in ('trialing','active','past_due','unpaid')) end as seats,
  (select coalesce(sum(t.amount_cents),0) from nest_transactions t where t.nest_id = n.id and t.kind='payment' and t.status='succeeded' and t.occurred_at >= (date_trunc('month', now() at time zone u.time_zone) at time zone u.time_zone) and t.occurred_at < ((date_trunc('month', now() at time zone u.time_zone) + interval '1 month') at time zone u.time_zone)) as revenue
from nest_links l join offers o on o.id = l.offer_id join nests n on n.id = l.nest_id join users u on u.id = n.owner_id
  join lateral (select * from offer_prices op where op.offer_id = o.id order by op.version desc limit 1) p on true
where l.public_id = $1 and l.active`;
const C = `select l.id, l.public_id, o.name, n.name from nest_links l join offers o on o.id = l.offer_id join nests n on n.id = l.nest_id where l.public_id = $1 and l.active`;
for (let round = 0; round < 3; round++) {
  for (const [label, text, params] of [['A', captured.text, captured.params], ['B', B, [id]], ['C', C, [id]], ['one', 'select 1', []]] as const) {
    const t0 = performance.now();
    for (let i = 0; i < 30; i++) await client.query(text, params);
    const ms = (performance.now() - t0) / 30;
    const plan = label === 'one' ? '' : (await client.query(`explain (analyze, summary) ${text}`, params)).rows.slice(-2).map((r: any) => Object.values(r)[0]).join(' | ');
    console.log(label, ms.toFixed(2), 'ms', plan);
  }
}
await app.close();
await database.close();
