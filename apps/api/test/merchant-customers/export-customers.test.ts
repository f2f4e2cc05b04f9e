import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { type SignedInMerchant, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, sellingMerchant, subscribeThroughLink } from '../links/support.js';
import { createOfferFor } from '../offers/support.js';

/** A CSV line into its fields (quoted fields may hold commas and doubled quotes). */
function parseLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

describe('the customers CSV (GET /nests/{id}/nest-customers/export)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const exportCsv = (merchant: SignedInMerchant | null, query = '', nestId = 'me') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/nests/${nestId}/nest-customers/export${query}`,
      ...(merchant ? { cookies: merchant.cookies } : {}),
    });

  async function addSubscriber(offerId: string, body: { email: string; name?: string; status?: string }) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/test/offers/${offerId}/subscribers`,
      payload: body,
    });
    if (response.statusCode !== 201) throw new Error(`subscriber: ${response.body}`);
    return response.json() as { subscription_id: string; customer_id: string };
  }

  it('holds exactly the filtered rows, every page of them, and no other merchant’s', async () => {
    const merchant = await sellingMerchant(t.app, {
      payouts: false,
      offer: { name: 'Café', amount_cents: 2950 },
    });
    const other = await sellingMerchant(t.app, { payouts: false });
    const second = await createOfferFor(t.app, merchant, { name: 'Thé, "grand"', amount_cents: 1000 });
    const lateEmails: string[] = [];
    // 30 rows across two offers and three statuses (the export reads them in cursor-paged batches).
    for (let i = 0; i < 30; i++) {
      const status = i % 3 === 0 ? 'past_due' : i % 3 === 1 ? 'active' : 'canceled';
      const email = uniqueEmail(`row${i}`);
      await addSubscriber(i % 2 ? second.id : merchant.offer.id, { email, name: `Client ${i}`, status });
      if (status === 'past_due' && i % 2) lateEmails.push(email);
    }
    await addSubscriber(other.offer.id, { email: uniqueEmail('elsewhere'), status: 'past_due' });

    const response = await exportCsv(merchant, `?status=past_due&offer_id=${second.id}&sort=email`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(parseLine(lines[0]!)).toEqual([
      'Name',
      'Email',
      'Offer',
      'Status',
      'Since',
      'Next payment',
      'Total paid (EUR)',
      'Last check-in',
      'Price (EUR)',
      'Billing period',
      'Link',
    ]);
    const records = lines.slice(1).map(parseLine);
    expect(records.map((r) => r[1])).toEqual([...lateEmails].sort());
    for (const record of records) {
      expect(record[2]).toBe('Thé, "grand"');
      expect(record[3]).toBe('Past due');
      expect(record[4]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(record[6]).toBe('0.00');
      expect(record[8]).toBe('10.00');
      expect(record[9]).toBe('P1M');
    }

    const overdue = await exportCsv(merchant, '?past_due=true');
    expect(overdue.body.trimEnd().split('\r\n')).toHaveLength(1 + 10);
    const everyone = await exportCsv(merchant);
    expect(everyone.body.trimEnd().split('\r\n')).toHaveLength(1 + 30);
    expect(everyone.body).not.toContain('elsewhere');
  });

  it('writes the header in the merchant’s language, and euros with two decimals', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { name: 'Yoga', amount_cents: 4550 } });
    await t.db.update(users).set({ locale: 'fr-FR' }).where(eq(users.id, merchant.user.id));
    const link = await createLinkFor(t.app, merchant, merchant.offer.id, 'Comptoir');
    await subscribeThroughLink(t.app, link.nest_link_id, { email: uniqueEmail('zoe'), name: 'Zoé Durand' });
    const response = await exportCsv(merchant);
    expect(response.statusCode).toBe(200);
    const [header, row] = response.body.slice(1).trimEnd().split('\r\n').map(parseLine);
    expect(header).toEqual([
      'Nom',
      'E-mail',
      'Offre',
      'Statut',
      'Depuis',
      'Prochain paiement',
      'Total payé (EUR)',
      'Dernier passage',
      'Prix (EUR)',
      'Période de facturation',
      'Lien',
    ]);
    expect(row).toMatchObject({
      0: 'Zoé Durand',
      2: 'Yoga',
      3: 'Actif',
      6: '45.50',
      8: '45.50',
      10: 'Comptoir',
    });
  });

  it('answers 404 for another merchant’s nest, 401 to a visitor, 400 for a bad filter, in the caller’s language', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const other = await sellingMerchant(t.app, { payouts: false });
    await addSubscriber(other.offer.id, { email: uniqueEmail('secret') });
    const foreign = await exportCsv(merchant, '', other.offer.nest_id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await exportCsv(null)).statusCode).toBe(401);
    for (const query of [
      '?status=sleeping',
      '?sort=password',
      '?past_due=maybe',
      '?offer_id=x',
      '?extra=1',
    ]) {
      const bad = await exportCsv(merchant, query);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
    }
    const french = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nests/me/nest-customers/export?status=sleeping',
      cookies: merchant.cookies,
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(french.json().title).not.toBe((await exportCsv(merchant, '?status=sleeping')).json().title);
  });
});
