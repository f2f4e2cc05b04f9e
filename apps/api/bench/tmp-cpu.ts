import { buildApp } from '../src/app.js';
import { testConfig } from '../src/config.js';
import { openPglite } from '../src/db/client.js';

const database = await openPglite();
const app = await buildApp({ config: testConfig(), database, logger: false });
await app.ready();
const m = await app.inject({ method: 'POST', url: '/api/v1/test/merchants', payload: { email: 'b@example.com', plan: 'pro', onboarded: true } });
const cookies = Object.fromEntries(m.cookies.map((c) => [c.name, c.value]));
await app.inject({ method: 'POST', url: '/api/v1/nests', cookies, payload: { name: 'Café', category: 'cafe', address: { line1: '1 rue', postal_code: '75002', city: 'Paris', country: 'FR' } } });
const offer = await app.inject({ method: 'POST', url: '/api/v1/offers', cookies, payload: { name: 'C', grants: 'g', amount_cents: 2900, interval: 'month', capacity: 10 } });
const link = await app.inject({ method: 'POST', url: '/api/v1/links', cookies, payload: { offer_id: offer.json().id, label: 'x' } });
const id = link.json().nest_link_id;
const cpu = async (label: string, n: number, fn: () => Promise<unknown>) => {
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const c = process.cpuUsage(c0);
  console.log(label.padEnd(20), ((c.user + c.system) / 1000 / n).toFixed(2), 'ms cpu');
};
const client = (database as any).db.session.client;
const base = `from nest_links l join offers o on o.id = l.offer_id join nests n on n.id = l.nest_id join users u on u.id = n.owner_id`;
const lateral = ` join lateral (select * from offer_prices op where op.offer_id = o.id order by op.version desc limit 1) p on true`;
const where = ` where l.public_id = $1 and l.active`;
const subs = `, (select etag from nest_logos where nest_id = n.id) as etag, (select plan from plan_subscriptions where user_id = n.owner_id and status in ('trialing','active','past_due')) as plan, (select charges_enabled and payouts_enabled from payout_accounts pa where pa.user_id = n.owner_id and pa.provider = 'sandbox' order by pa.created_at desc limit 1) as payouts`;
const seats = `, case when o.capacity is null then 0 else (select count(*) from nest_subscriptions s join offer_prices held on held.id = s.offer_price_id where held.offer_id = o.id and s.status in ('trialing','active','past_due','unpaid')) end as seats`;
const revenue = `, (select coalesce(sum(t.amount_cents),0) from nest_transactions t where t.nest_id = n.id and t.kind='payment' and t.status='succeeded' and t.occurred_at >= (date_trunc('month', now() at time zone u.time_zone) at time zone u.time_zone) and t.occurred_at < ((date_trunc('month', now() at time zone u.time_zone) + interval '1 month') at time zone u.time_zone)) as revenue`;
const cols = `select l.id, o.name, o.description, o.grants, o.capacity, n.name, n.owner_id, u.time_zone`;
const variants: Record<string, string> = {
  'V0 3join': `select l.id, o.name, n.name from nest_links l join offers o on o.id = l.offer_id join nests n on n.id = l.nest_id where l.public_id = $1`,
  'V1 4join+lat': `${cols}, p.amount_cents ${base}${lateral}${where}`,
  'V1b 4join': `${cols} ${base}${where}`,
  'V2 +subs': `${cols}, p.amount_cents${subs} ${base}${lateral}${where}`,
  'V3 +seats': `${cols}, p.amount_cents${subs}${seats} ${base}${lateral}${where}`,
  'V4 +revenue': `${cols}, p.amount_cents${subs}${seats}${revenue} ${base}${lateral}${where}`,
};
for (let round = 0; round < 2; round++) {
  for (const [label, text] of Object.entries(variants)) await cpu(label, 100, () => client.query(text, [id]));
}
await app.close();
await database.close();
