import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataExports,
  nestCustomers,
  nestInvoices,
  nestLinks,
  nestSubscriptions,
  nestTransactions,
  users,
} from '../../src/db/schema/index.js';
import { signInCustomer } from '../customers/support.js';
import { readMail, type SignedInMerchant, uniqueEmail } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { createLinkFor, sellingMerchant, subscribeThroughLink } from '../links/support.js';

describe('data protection: export and erasure (ADR 171)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A merchant whose link sold one real subscription (paid through the sandbox). */
  async function merchantWithSubscriber(label: string) {
    const merchant = await sellingMerchant(t.app);
    const link = await createLinkFor(t.app, merchant, merchant.offer.id);
    const customerEmail = uniqueEmail(label);
    await subscribeThroughLink(t.app, link.nest_link_id, { email: customerEmail, name: `Client ${label}` });
    const [customer] = await t.db.select().from(nestCustomers).where(eq(nestCustomers.email, customerEmail));
    return { merchant, link, customerEmail, customerId: customer!.id };
  }

  /** Follows the newest export email to an address; answers the files of the ZIP. */
  async function downloadExport(email: string) {
    const mail = (await readMail(t.app, email)).filter((m) => /data|données/i.test(m.subject)).at(-1);
    expect(mail).toBeDefined();
    const url = mail!.text.match(/http\S+\/api\/v1\/data-exports\/(\S+)/);
    expect(url).not.toBeNull();
    const token = url![1]!;
    const response = await t.app.inject({ method: 'GET', url: `/api/v1/data-exports/${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="nest-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const json = (name: string) => JSON.parse(strFromU8(files[`${name}.json`]!)) as Record<string, unknown>[];
    return { token, files, json, mail: mail! };
  }

  const askMerchantExport = (merchant: SignedInMerchant | null) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/users/me/data-export',
      ...(merchant ? { cookies: merchant.cookies } : {}),
    });

  it('a merchant’s export holds their customers, subscriptions and money, and no other merchant’s', async () => {
    const mine = await merchantWithSubscriber('mine');
    const theirs = await merchantWithSubscriber('theirs');
    expect((await askMerchantExport(null)).statusCode).toBe(401);

    const asked = await askMerchantExport(mine.merchant);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({
      status: 'preparing',
      email: mine.merchant.user.email,
      expires_in_days: 7,
    });
    const { json, files, mail, token } = await downloadExport(mine.merchant.user.email);
    expect(mail.subject).toBe('Your Nest data is ready to download');
    expect(mail.text).toContain('7 days');

    const customers = json('customers');
    expect(customers.map((c) => c.email)).toEqual([mine.customerEmail]);
    expect(JSON.stringify(Object.values(files).map((f) => strFromU8(f)))).not.toContain(theirs.customerEmail);
    expect(json('account')[0]).toMatchObject({ email: mine.merchant.user.email });
    expect(JSON.stringify(json('account'))).not.toMatch(/password|argon/);
    expect(json('subscriptions')).toHaveLength(1);
    expect(json('invoices').length).toBeGreaterThan(0);
    expect(json('transactions').some((row) => row.kind === 'payment')).toBe(true);
    expect(json('offers').map((o) => o.name)).toEqual([mine.merchant.offer.name]);
    expect(json('links').map((l) => l.public_id)).toEqual([mine.link.nest_link_id]);
    // The same rows as CSV, for a spreadsheet.
    const csv = strFromU8(files['customers.csv']!);
    expect(csv.split('\n')[0]).toContain('email');
    expect(csv).toContain(mine.customerEmail);
    expect(files['README.txt']).toBeDefined();

    // The link expires.
    await t.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.userId, mine.merchant.user.id));
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data-exports/${token}`,
      headers: { 'accept-language': 'fr-FR' },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(expired.json()).toMatchObject({ code: 'export_expired', title: 'Lien de téléchargement expiré' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/v1/data-exports/not-a-real-token' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a merchant with an active subscriber is refused, then erased after cancelling them; invoices stay', async () => {
    const { merchant, link, customerEmail } = await merchantWithSubscriber('erase');
    const erase = (body: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/v1/users/me',
        cookies: merchant.cookies,
        payload: body,
        headers,
      });

    const wrong = await erase({ password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('wrong_current_password');

    const refused = await erase({ password: merchant.password }, { 'accept-language': 'fr-FR' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'active_subscribers',
      title: 'Des clients sont encore abonnés',
    });
    expect(refused.json().detail).toContain('1 ');
    const [stillThere] = await t.db.select().from(users).where(eq(users.id, merchant.user.id));
    expect(stillThere!.erasedAt).toBeNull();

    const erased = await erase({ password: merchant.password, cancel_subscriptions: true });
    expect(erased.statusCode).toBe(204);
    // Signed out, and the account cannot be used again.
    expect(erased.cookies.some((c) => c.value === '' || c.maxAge === 0)).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', cookies: merchant.cookies });
    expect(me.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: merchant.user.email, password: merchant.password },
    });
    expect(login.statusCode).toBe(401);

    const [user] = await t.db.select().from(users).where(eq(users.id, merchant.user.id));
    expect(user!.erasedAt).not.toBeNull();
    expect(user!.email).toBe(`erased-${merchant.user.id}@erased.invalid`);
    expect(user!.name).toBe('');
    // The subscriber was cancelled at the provider and our copy shows it.
    const subscriptions = await t.db
      .select()
      .from(nestSubscriptions)
      .where(eq(nestSubscriptions.nestId, merchant.offer.nest_id));
    expect(subscriptions.map((s) => s.status)).toEqual(['canceled']);
    // Invoices and payments are kept for the legal retention period.
    const invoices = await t.db
      .select()
      .from(nestInvoices)
      .where(eq(nestInvoices.nestId, merchant.offer.nest_id));
    expect(invoices.length).toBeGreaterThan(0);
    const payments = await t.db
      .select()
      .from(nestTransactions)
      .where(eq(nestTransactions.nestId, merchant.offer.nest_id));
    expect(payments.length).toBeGreaterThan(0);
    // The link no longer sells.
    const [row] = await t.db.select().from(nestLinks).where(eq(nestLinks.publicId, link.nest_link_id));
    expect(row!.active).toBe(false);
    // The customer was not erased by the merchant's departure: theirs to decide.
    const [customer] = await t.db.select().from(nestCustomers).where(eq(nestCustomers.email, customerEmail));
    expect(customer?.erasedAt).toBeNull();
    // The email is free for a new account.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      payload: { email: merchant.user.email, password: 'mauve-otter-lamp-92', name: 'Again' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('a merchant without customers is erased at once', async () => {
    const merchant = await sellingMerchant(t.app, { payouts: false });
    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/me',
      cookies: merchant.cookies,
      payload: { password: merchant.password },
    });
    expect(erased.statusCode).toBe(204);
  });

  it('a customer downloads their data, is refused while subscribed, and is erased after cancelling', async () => {
    const { merchant, customerEmail, customerId } = await merchantWithSubscriber('self');
    const cookies = await signInCustomer(t.app, customerEmail);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/nest-customers/me/data-export',
      cookies,
    });
    expect(asked.statusCode).toBe(202);
    const { json } = await downloadExport(customerEmail);
    expect(json('account')[0]).toMatchObject({ email: customerEmail });
    expect(json('subscriptions')[0]).toMatchObject({ offer_name: merchant.offer.name, status: 'active' });
    expect(json('invoices').length).toBeGreaterThan(0);
    expect(json('payments').length).toBeGreaterThan(0);

    const erase = (email: string) =>
      t.app.inject({ method: 'DELETE', url: '/api/v1/nest-customers/me', cookies, payload: { email } });
    expect((await erase('someone-else@example.org')).json().code).toBe('wrong_email');
    const refused = await erase(customerEmail);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('active_subscribers');

    const [subscription] = await t.db
      .select()
      .from(nestSubscriptions)
      .where(eq(nestSubscriptions.customerId, customerId));
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v1/nest-customers/me/subscriptions/${subscription!.id}/cancel`,
      cookies,
    });
    expect(cancel.statusCode).toBe(200);
    const erased = await erase(customerEmail.toUpperCase());
    expect(erased.statusCode).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/nest-customers/me', cookies });
    expect(me.statusCode).toBe(401);

    const [customer] = await t.db.select().from(nestCustomers).where(eq(nestCustomers.id, customerId));
    expect(customer).toMatchObject({ email: `erased-${customerId}@erased.invalid`, name: null });
    expect(customer!.erasedAt).not.toBeNull();
    const [ended] = await t.db
      .select()
      .from(nestSubscriptions)
      .where(eq(nestSubscriptions.id, subscription!.id));
    expect(ended!.status).toBe('canceled');
    // The merchant keeps the invoices, now naming nobody.
    const invoices = await t.db.select().from(nestInvoices).where(eq(nestInvoices.customerId, customerId));
    expect(invoices.length).toBeGreaterThan(0);
    // The merchant's export no longer holds the customer's email.
    await askMerchantExport(merchant);
    const after = await downloadExport(merchant.user.email);
    expect(JSON.stringify(after.json('customers'))).not.toContain(customerEmail);
  });
});
