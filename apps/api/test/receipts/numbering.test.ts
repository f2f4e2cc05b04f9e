import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nestInvoices, nestSubscriptions, receipts } from '../../src/db/schema/index.js';
import { issueNestReceipt, takeReceiptNumber } from '../../src/modules/receipts/issue-receipt.js';
import { nestIssuer } from '../../src/modules/receipts/receipt-document.js';
import { createTestApp, type TestApp, testDriver } from '../helpers.js';
import { addSubscriber, createOfferFor, merchantWithNest } from '../offers/support.js';

/**
 * Receipt numbers under concurrent payments (ADR 129): on PostgreSQL, payments of one nest committed
 * at the same time get consecutive numbers, none twice, and a payment that rolls back leaves no gap.
 */
describe(`receipt numbering under concurrency (${testDriver})`, { timeout: 180_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A nest with `count` paid invoices that have no receipt yet (as the provider's events would leave them). */
  async function paidInvoices(count: number) {
    const merchant = await merchantWithNest(t.app);
    const offer = await createOfferFor(t.app, merchant);
    const invoices = [];
    for (let i = 0; i < count; i++) {
      const { subscription_id } = await addSubscriber(t.app, offer.id, {
        email: `n${i}-${Date.now()}@example.org`,
      });
      const [subscription] = await t.db
        .select()
        .from(nestSubscriptions)
        .where(eq(nestSubscriptions.id, subscription_id));
      const [invoice] = await t.db
        .insert(nestInvoices)
        .values({
          nestId: subscription!.nestId,
          subscriptionId: subscription!.id,
          customerId: subscription!.customerId,
          provider: 'sandbox',
          providerInvoiceId: `in_concurrent_${subscription!.id}`,
          providerSubscriptionId: `sub_${subscription!.id}`,
          status: 'paid',
          billingReason: 'subscription_cycle',
          amountDueCents: 1500,
          amountPaidCents: 1500,
          currency: 'eur',
          paidAt: new Date(),
          issuedAt: new Date(),
        })
        .returning();
      invoices.push(invoice!);
    }
    return { nestId: invoices[0]!.nestId, invoices };
  }

  it('concurrent payments of one nest get 1…n, each once, and a rolled-back payment gives its number back', async () => {
    const { nestId, invoices } = await paidInvoices(12);
    const rolledBack = invoices.slice(0, 3);
    const kept = invoices.slice(3);
    const attempts = await Promise.allSettled([
      ...kept.map((invoice) => t.db.transaction((tx) => issueNestReceipt(tx, invoice))),
      // These take a number, then their transaction fails after it (as a later step of the sync could).
      ...rolledBack.map((invoice) =>
        t.db.transaction(async (tx) => {
          await issueNestReceipt(tx, invoice);
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw new Error('the rest of the sync failed');
        }),
      ),
    ]);
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(kept.length);
    const rows = await t.db
      .select()
      .from(receipts)
      .where(eq(receipts.nestId, nestId))
      .orderBy(receipts.sequence);
    expect(rows.map((r) => r.sequence)).toEqual(kept.map((_, i) => i + 1));
    expect(new Set(rows.map((r) => r.nestInvoiceId)).size).toBe(kept.length);
    // The invoices whose payment rolled back get the next numbers when they are paid again.
    for (const invoice of rolledBack) await t.db.transaction((tx) => issueNestReceipt(tx, invoice));
    const after = await t.db
      .select()
      .from(receipts)
      .where(eq(receipts.nestId, nestId))
      .orderBy(receipts.sequence);
    expect(after.map((r) => r.number)).toEqual(invoices.map((_, i) => `F-${String(i + 1).padStart(6, '0')}`));
    // Issuing again answers the same receipt and takes no number.
    const again = await t.db.transaction((tx) => issueNestReceipt(tx, invoices[0]!));
    expect(again!.id).toBe(after.find((r) => r.nestInvoiceId === invoices[0]!.id)!.id);
    expect(await t.db.transaction((tx) => takeReceiptNumber(tx, nestIssuer(nestId)))).toBe(
      invoices.length + 1,
    );
  });

  it('two nests paid at the same time keep separate series', async () => {
    const first = await paidInvoices(4);
    const second = await paidInvoices(4);
    await Promise.all(
      [...first.invoices, ...second.invoices].map((invoice) =>
        t.db.transaction((tx) => issueNestReceipt(tx, invoice)),
      ),
    );
    for (const { nestId } of [first, second]) {
      const rows = await t.db
        .select()
        .from(receipts)
        .where(eq(receipts.nestId, nestId))
        .orderBy(receipts.sequence);
      expect(rows.map((r) => r.sequence)).toEqual([1, 2, 3, 4]);
    }
  });
});
