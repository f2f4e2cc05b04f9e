import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestInvoices, nests, planInvoices, receipts } from '../../src/db/schema/index.js';
import type { ReceiptDocument } from '../../src/modules/receipts/receipt-document.js';
import { renderReceipt } from '../../src/modules/receipts/render-receipt.js';
import { customerEmail, signInCustomer } from '../customers/support.js';
import { readMail, signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import {
  createLinkFor,
  type SellingMerchant,
  sellingMerchant,
  subscribeThroughLink,
} from '../links/support.js';
import { advanceClock, subscribe } from '../payments/support.js';
import { pdfText } from './pdf-text.js';

/** Receipts of paid invoices (issue 14, ADR 129): numbering, legal mentions, downloads, isolation. */
describe('receipts', { timeout: 240_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, cookies: Record<string, string>, locale = 'en-US') =>
    t.app.inject({ method: 'GET', url, cookies, headers: { 'accept-language': locale } });

  async function setLegal(merchant: SellingMerchant, legal: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/nests/me',
      cookies: merchant.cookies,
      payload: { legal },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function customerOf(merchant: SellingMerchant, locale: 'en-US' | 'fr-FR', name = 'Léa Garçon') {
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const email = customerEmail('receipt');
    await subscribeThroughLink(t.app, link.nest_link_id, { email, locale, name });
    const cookies = await signInCustomer(t.app, email, `10.14.${Math.floor(Math.random() * 250)}.1`);
    return { email, cookies };
  }

  it('a VAT-exempt nest: the customer lists and downloads a French receipt with every mention; the merchant gets the same file', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { name: 'Café illimité', amount_cents: 2900 } });
    const nest = await setLegal(merchant, {
      name: 'Café Lumière SARL',
      address: '12 rue de la Gaîté, 75014 Paris',
      vat_number: null,
      vat_rate_bps: null,
    });
    expect(nest.legal).toEqual({
      name: 'Café Lumière SARL',
      address: '12 rue de la Gaîté, 75014 Paris',
      vat_number: null,
      vat_rate_bps: null,
    });
    const customer = await customerOf(merchant, 'fr-FR');

    const list = await get('/api/v1/nest-customers/me/receipts', customer.cookies);
    expect(list.statusCode).toBe(200);
    const [receipt, ...others] = list.json().receipts;
    expect(others).toHaveLength(0);
    expect(receipt).toMatchObject({ number: 'F-000001', amount_cents: 2900, offer_name: 'Café illimité' });

    const download = await get(receipt.download_url, customer.cookies);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="facture-F-000001.pdf"');
    expect(download.headers['cache-control']).toBe('private, no-store');
    const text = await pdfText(download.rawPayload);
    expect(text).toContain('Facture acquittée');
    expect(text).toContain('F-000001');
    expect(text).toContain('Café Lumière SARL');
    expect(text).toContain('12 rue de la Gaîté, 75014 Paris');
    expect(text).toContain('Léa Garçon');
    expect(text).toContain(customer.email);
    expect(text).toContain('Abonnement : Café illimité');
    expect(text).toContain('TVA non applicable, art. 293 B du CGI');
    expect(text).toContain('Total HT');
    expect(text).toContain('29,00 €');
    expect(text).not.toContain('TVA 20');

    // The merchant downloads it from the nest's side: the stored file, byte for byte.
    const nestSide = await get(
      `/api/v1/nests/me/nest-invoices/${receipt.invoice_id}/receipt`,
      merchant.cookies,
    );
    expect(nestSide.statusCode).toBe(200);
    expect(nestSide.rawPayload.equals(download.rawPayload)).toBe(true);

    // The receipt email leads to it.
    const mail = (await readMail(t.app, customer.email)).find((m) => /reçu/i.test(m.subject));
    expect(mail?.text).toContain('Reçu F-000001');
    expect(mail?.text).toContain(`${t.app.config.publicUrl}/client/app/overview#receipts`);
  });

  it('a nest that charges VAT: before-tax amount, rate, VAT and VAT number, in English for an English buyer', async () => {
    const merchant = await sellingMerchant(t.app, { offer: { name: 'Gym pass', amount_cents: 2900 } });
    await setLegal(merchant, {
      name: 'Forme et Cie SAS',
      vat_number: 'fr 40 123 456 789',
      vat_rate_bps: 2000,
    });
    const customer = await customerOf(merchant, 'en-US', 'Sam Smith');
    const [receipt] = (await get('/api/v1/nest-customers/me/receipts', customer.cookies)).json().receipts;
    const download = await get(receipt.download_url, customer.cookies);
    expect(download.headers['content-disposition']).toBe('attachment; filename="receipt-F-000001.pdf"');
    const text = await pdfText(download.rawPayload);
    expect(text).toContain('Receipt');
    expect(text).toContain('Forme et Cie SAS');
    expect(text).toContain('VAT number: FR40123456789');
    expect(text).toContain('Sam Smith');
    // 29.00 incl. 20 % VAT: 24.17 before tax, 4.83 VAT.
    expect(text).toContain('€24.17');
    expect(text).toContain('VAT 20%');
    expect(text).toContain('€4.83');
    expect(text).toContain('€29.00');
    expect(text).not.toContain('293 B');
  });

  it('numbers follow each other per nest, renewals included, and each nest has its own series', async () => {
    const a = await sellingMerchant(t.app);
    const b = await sellingMerchant(t.app);
    await customerOf(a, 'en-US');
    await customerOf(b, 'en-US');
    await customerOf(a, 'fr-FR');
    await customerOf(a, 'en-US');
    const numbers = async (merchant: SellingMerchant) =>
      (
        await t.db
          .select({ number: receipts.number, sequence: receipts.sequence })
          .from(receipts)
          .innerJoin(nestInvoices, eq(nestInvoices.id, receipts.nestInvoiceId))
          .innerJoin(nests, eq(nests.id, nestInvoices.nestId))
          .where(eq(nests.ownerId, merchant.user.id))
          .orderBy(receipts.sequence)
      ).map((r) => r.number);
    expect(await numbers(a)).toEqual(['F-000001', 'F-000002', 'F-000003']);
    expect(await numbers(b)).toEqual(['F-000001']);
    // A month later the three subscriptions renew: the next three numbers.
    await advanceClock(t.app, a, 32);
    expect(await numbers(a)).toEqual([
      'F-000001',
      'F-000002',
      'F-000003',
      'F-000004',
      'F-000005',
      'F-000006',
    ]);
    expect(await numbers(b)).toEqual(['F-000001']);
  });

  it('the merchant downloads the platform’s receipt of a plan invoice from their account, in their language', async () => {
    const merchant = await signUpMerchant(t.app, { locale: 'fr-FR', name: 'Camille Martin' });
    await subscribe(t.app, merchant, 'starter');
    const [invoice] = await t.db.select().from(planInvoices).where(eq(planInvoices.userId, merchant.user.id));
    expect(invoice?.status).toBe('paid');
    const url = `/api/v1/users/${merchant.user.id}/plan/invoices/${invoice!.id}/receipt`;
    const download = await get(url, merchant.cookies);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const [row] = await t.db.select().from(receipts).where(eq(receipts.planInvoiceId, invoice!.id));
    expect(row!.issuer).toBe('platform');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="facture-${row!.number}.pdf"`);
    const text = await pdfText(download.rawPayload);
    expect(text).toContain(row!.number);
    expect(text).toContain(t.app.config.PLATFORM_LEGAL_NAME);
    expect(text).toContain('Camille Martin');
    expect(text).toContain(merchant.user.email);
    expect(text).toContain('Formule Nest Starter');
    // 19.00 incl. 20 % VAT: 15.83 before tax, 3.17 VAT.
    expect(text).toContain('15,83 €');
    expect(text).toContain('TVA 20 %');
    expect(text).toContain('3,17 €');
    expect(text).toContain('19,00 €');
    expect(text).toContain('40 €');

    // The receipt email names the number and links the PDF.
    const mail = (await readMail(t.app, merchant.user.email)).find((m) =>
      /Reçu pour votre formule/.test(m.subject),
    );
    expect(mail?.text).toContain(`Facture ${row!.number}`);
    expect(mail?.text).toContain(`${t.app.config.publicUrl}${url}`);

    // Plan receipts are numbered in the platform's one series, across merchants.
    const other = await signUpMerchant(t.app);
    await subscribe(t.app, other, 'pro');
    const [next] = await t.db
      .select()
      .from(receipts)
      .innerJoin(planInvoices, eq(planInvoices.id, receipts.planInvoiceId))
      .where(eq(planInvoices.userId, other.user.id));
    expect(next!.receipts.sequence).toBe(row!.sequence + 1);
  });

  it('isolation: another merchant or customer finds nothing; an unpaid invoice is a 409 problem in the caller’s language', async () => {
    const merchant = await sellingMerchant(t.app);
    const customer = await customerOf(merchant, 'en-US');
    const [receipt] = (await get('/api/v1/nest-customers/me/receipts', customer.cookies)).json().receipts;
    const invoiceId = receipt.invoice_id as string;
    const [nestInvoice] = await t.db.select().from(nestInvoices).where(eq(nestInvoices.id, invoiceId));

    const intruder = await sellingMerchant(t.app);
    const stranger = await customerOf(intruder, 'en-US');
    const refused = [
      // Another merchant: through their own nest, and naming this nest.
      await get(`/api/v1/nests/me/nest-invoices/${invoiceId}/receipt`, intruder.cookies),
      await get(`/api/v1/nests/${nestInvoice!.nestId}/nest-invoices/${invoiceId}/receipt`, intruder.cookies),
      // Another customer.
      await get(`/api/v1/nest-customers/me/invoices/${invoiceId}/receipt`, stranger.cookies),
      // Not an id at all.
      await get('/api/v1/nest-customers/me/invoices/not-an-id/receipt', customer.cookies),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    const strangerList = (await get('/api/v1/nest-customers/me/receipts', stranger.cookies)).json().receipts;
    expect(strangerList.map((r: { invoice_id: string }) => r.invoice_id)).not.toContain(invoiceId);

    // Signed out: 401, for both sides.
    expect((await get(receipt.download_url, {})).statusCode).toBe(401);
    expect((await get(`/api/v1/nests/me/nest-invoices/${invoiceId}/receipt`, {})).statusCode).toBe(401);

    // Plan receipts: another merchant's id or invoice is a 404.
    const planBuyer = await signUpMerchant(t.app);
    await subscribe(t.app, planBuyer, 'starter');
    const [planInvoice] = await t.db
      .select()
      .from(planInvoices)
      .where(eq(planInvoices.userId, planBuyer.user.id));
    expect(
      (
        await get(
          `/api/v1/users/${planBuyer.user.id}/plan/invoices/${planInvoice!.id}/receipt`,
          merchant.cookies,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          `/api/v1/users/${merchant.user.id}/plan/invoices/${planInvoice!.id}/receipt`,
          merchant.cookies,
        )
      ).statusCode,
    ).toBe(404);

    // An open invoice has no receipt and takes no number.
    const [open] = await t.db
      .insert(nestInvoices)
      .values({
        ...nestInvoice!,
        id: undefined,
        providerInvoiceId: `in_open_${invoiceId}`,
        status: 'open',
        amountPaidCents: 0,
        paidAt: null,
      })
      .returning();
    const unpaid = await get(
      `/api/v1/nest-customers/me/invoices/${open!.id}/receipt`,
      customer.cookies,
      'fr-FR',
    );
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.headers['content-type']).toContain('application/problem+json');
    expect(unpaid.json()).toMatchObject({ code: 'invoice_not_paid', title: 'Pas encore de reçu' });
    const merchantSide = await get(`/api/v1/nests/me/nest-invoices/${open!.id}/receipt`, merchant.cookies);
    expect(merchantSide.statusCode).toBe(409);
    expect(
      await t.db
        .select()
        .from(receipts)
        .where(and(eq(receipts.nestId, nestInvoice!.nestId))),
    ).toHaveLength(1);
  });

  it('nest legal settings: charging VAT needs the VAT number, a malformed one or an unknown rate is refused, nothing half-written', async () => {
    const merchant = await sellingMerchant(t.app);
    const patch = (legal: unknown, locale = 'fr-FR') =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/v1/nests/me',
        cookies: merchant.cookies,
        headers: { 'accept-language': locale },
        payload: { legal },
      });
    const missing = await patch({ name: 'Boulangerie Dupont', vat_rate_bps: 550 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'vat_number_required', title: 'Numéro de TVA requis' });
    const malformed = await patch({ vat_number: 'not a vat number!' }, 'en-US');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('validation_failed');
    expect((await patch({ vat_rate_bps: 1234, vat_number: 'FR40123456789' })).statusCode).toBe(400);
    expect((await patch({ nope: 1 })).statusCode).toBe(400);
    const nest = (await get('/api/v1/nests/me', merchant.cookies)).json();
    expect(nest.legal).toEqual({ name: null, address: null, vat_number: null, vat_rate_bps: null });
    // Removing the number while VAT is charged is refused too.
    expect((await patch({ vat_number: 'FR40123456789', vat_rate_bps: 550 })).statusCode).toBe(200);
    expect((await patch({ vat_number: '' })).json().code).toBe('vat_number_required');
    expect((await patch({ vat_number: '', vat_rate_bps: null })).statusCode).toBe(200);
  });

  it('drawing the same document twice gives the same bytes, with French accents and the euro sign readable', async () => {
    const document: ReceiptDocument = {
      version: 1,
      kind: 'nest',
      number: 'F-000042',
      locale: 'fr-FR',
      timeZone: 'Europe/Paris',
      issuedAt: '2026-03-01T09:30:00.000Z',
      seller: {
        name: 'Crèmerie à Noël',
        lines: ['1 place de l’Église', '69001 Lyon'],
        email: null,
        vatNumber: null,
        companyId: null,
      },
      buyer: {
        name: 'François Pâquerette',
        lines: [],
        email: 'f@example.org',
        vatNumber: null,
        companyId: null,
      },
      item: { type: 'offer', name: 'Fromage du mois' },
      periodStart: '2026-03-01T09:30:00.000Z',
      periodEnd: '2026-04-01T08:30:00.000Z',
      currency: 'EUR',
      totalCents: 123456,
      netCents: 123456,
      vatCents: 0,
      vatRateBps: null,
      paymentReference: 'in_test_1',
    };
    const first = await renderReceipt(document);
    const second = await renderReceipt(document);
    expect(first.equals(second)).toBe(true);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(first);
    expect(text).toContain('Crèmerie à Noël');
    expect(text).toContain('François Pâquerette');
    expect(text).toContain('1 234,56 €');
    expect(text).toContain('du 1 mars 2026 au 1 avril 2026');
  });
});

describe('receipts in the API reference', () => {
  it('documents the four routes, the PDF answer and the problems', async () => {
    const t = await createTestApp();
    try {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      const pdfPaths = [
        '/api/v1/users/{id}/plan/invoices/{invoiceId}/receipt',
        '/api/v1/nests/{nestId}/nest-invoices/{invoiceId}/receipt',
        '/api/v1/nest-customers/me/invoices/{invoiceId}/receipt',
      ];
      for (const path of pdfPaths) {
        const operation = doc.paths[path]?.get;
        expect(operation, path).toBeDefined();
        expect(Object.keys(operation.responses['200'].content)).toEqual(['application/pdf']);
        expect(operation.responses['409']).toBeDefined();
        expect(operation.responses['404']).toBeDefined();
      }
      expect(doc.paths['/api/v1/nest-customers/me/receipts']?.get).toBeDefined();
      expect(doc.components.schemas.NestLegal).toBeDefined();
    } finally {
      await t.close();
    }
  });
});
