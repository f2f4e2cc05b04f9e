import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readMail, signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { CARDS, daysFromNow, getPlan, startCheckout, submitCard, subscribe } from './support.js';

describe('the sandbox hosted checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows the plan and its monthly price, labelled test mode, in English', async () => {
    const merchant = await signUpMerchant(t.app);
    const { path } = await startCheckout(t.app, merchant, 'starter');
    expect(path).toMatch(/^\/sandbox\/checkout\/cs_test_[A-Za-z0-9]{32}$/);
    const page = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'en-US' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Subscribe to Nest Starter');
    expect(page.body).toContain('€19.00 per month');
    expect(page.body).toContain(merchant.user.email);
    // One script, from our origin (no inline script: the CSP refuses them), that only helps typing.
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).toContain('<script src="/sandbox/assets/card-form.js" defer></script>');
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/assets/card-form.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("getElementById('card-form')");
  });

  it('speaks French from the locale cookie', async () => {
    const merchant = await signUpMerchant(t.app);
    const { path } = await startCheckout(t.app, merchant, 'pro');
    const page = await t.app.inject({ method: 'GET', url: path, cookies: { nest_locale: 'fr-FR' } });
    expect(page.body).toContain('MODE TEST');
    expect(page.body).toContain('S’abonner à Nest Pro');
    expect(page.body).toMatch(/49,00\s€ par mois/);
    expect(page.body).toContain('lang="fr-FR"');
    // French typography: a no-break space before the colon; the expiry placeholder in French.
    expect(page.body).toContain(`E-mail\u00a0: ${merchant.user.email}`);
    expect(page.body).toContain('placeholder="MM / AA"');
  });

  it('starts the plan with 4242…: back to the success page, plan active for a month, one receipt', async () => {
    const merchant = await signUpMerchant(t.app);
    const { path, sessionId } = await startCheckout(t.app, merchant, 'starter');
    const before = await getPlan(t.app, merchant);
    expect(before).toMatchObject({
      plan: 'starter',
      status: 'incomplete',
      next_payment_at: null,
      features: [],
    });

    const paid = await submitCard(t.app, path, CARDS.ok);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://localhost:3000/admin/onboarding/payment/success?session_id=${sessionId}`,
    );
    const plan = await getPlan(t.app, merchant);
    expect(plan).toMatchObject({
      plan: 'starter',
      status: 'active',
      cancel_at_period_end: false,
      pending_plan: null,
      price_cents: 1900,
      currency: 'eur',
      support: 'basic',
      revenue_limit_cents: 250_000,
      has_unpaid_invoices: false,
      provider: 'sandbox',
    });
    expect(plan.features).toContain('subscription_qr_code');
    expect(plan.features).not.toContain('events');
    expect(daysFromNow(plan.next_payment_at)).toBeGreaterThan(27);
    expect(daysFromNow(plan.next_payment_at)).toBeLessThan(32);

    const invoices = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${merchant.user.id}/plan/invoices`,
      cookies: merchant.cookies,
    });
    expect(invoices.json().invoices).toEqual([
      expect.objectContaining({
        status: 'paid',
        billing_reason: 'subscription_create',
        plan: 'starter',
        amount_due_cents: 1900,
        amount_paid_cents: 1900,
        currency: 'eur',
      }),
    ]);
    const mail = await readMail(t.app, merchant.user.email);
    const receipts = mail.filter((m) => m.subject === 'Receipt for your Nest Starter plan');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('€19.00');
  });

  it('a French merchant’s receipt is in French', async () => {
    const merchant = await signUpMerchant(t.app, { locale: 'fr-FR' });
    await subscribe(t.app, merchant, 'pro');
    const mail = await readMail(t.app, merchant.user.email);
    const receipt = mail.find((m) => m.subject === 'Reçu pour votre formule Nest Pro');
    expect(receipt?.text).toMatch(/49,00\s€/);
  });

  it('refuses 4000 0000 0000 9995 for insufficient funds and starts nothing', async () => {
    const merchant = await signUpMerchant(t.app);
    const { path } = await startCheckout(t.app, merchant);
    const declined = await submitCard(t.app, path, CARDS.insufficientFunds);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined: insufficient funds.');
    expect(declined.body).toContain('value="Camille Martin"');
    // What was typed comes back, the number and CVC too: a published test card is no secret (ADR 161).
    expect(declined.body).toMatch(/value="[0-9 ]*9995"/);
    expect(declined.body).toContain('value="123"');
    const plan = await getPlan(t.app, merchant);
    expect(plan).toMatchObject({ status: 'incomplete', next_payment_at: null });
    // The page stays usable: the right card then goes through.
    expect((await submitCard(t.app, path, CARDS.ok)).statusCode).toBe(303);
  });

  it('says why a card form is refused: a bad number, a real card, a past expiry, a missing CVC and name', async () => {
    const merchant = await signUpMerchant(t.app);
    const { path } = await startCheckout(t.app, merchant);
    const badNumber = await submitCard(t.app, path, '4242 4242 4242 4241');
    expect(badNumber.statusCode).toBe(422);
    expect(badNumber.body).toContain('This card number is not valid.');
    const realCard = await submitCard(t.app, path, '4111 1111 1111 1111');
    expect(realCard.body).toContain('This is test mode: use a test card');
    // A number that is not a published test card is never written back into the page, nor its CVC.
    expect(realCard.body).not.toContain('4111');
    expect(realCard.body).not.toContain('value="123"');
    const expired = await submitCard(t.app, path, CARDS.ok, { card_expiry: '01 / 20' });
    expect(expired.body).toContain('This card has expired.');
    const missing = await submitCard(t.app, path, CARDS.ok, { card_cvc: '', card_name: ' ' });
    expect(missing.body).toContain('Enter the 3 or 4 digits on the back of the card.');
    expect(missing.body).toContain('Enter the name on the card.');
    const french = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'fr-FR' },
      payload: 'card_number=1234&card_expiry=13%2F30&card_cvc=1&card_name=',
    });
    expect(french.body).toContain('Ce numéro de carte n’est pas valide.');
    expect((await getPlan(t.app, merchant)).status).toBe('incomplete');
  });

  it('answers a paid session as over, and an unknown one as not found', async () => {
    const merchant = await signUpMerchant(t.app);
    const { path } = await subscribe(t.app, merchant);
    const again = await t.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('It was already completed.');
    const replay = await submitCard(t.app, path, CARDS.ok);
    expect(replay.statusCode).toBe(410);
    const unknown = await t.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_test_nope' });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses a second checkout while a plan is paid for', async () => {
    const merchant = await signUpMerchant(t.app);
    await subscribe(t.app, merchant);
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/v1/users/${merchant.user.id}/plan/checkout`,
      cookies: merchant.cookies,
      payload: { plan: 'pro' },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('plan_exists');
  });
});
