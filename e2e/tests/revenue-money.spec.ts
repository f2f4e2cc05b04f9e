import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { signInMail } from '../support/customers';
import { type ConsoleEntry, expect, phone, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { merchantContext, subscribe, untilSubscribers } from '../support/subscribers';

/**
 * The money view moves by exactly what happened: one more sandbox payment of 12 €, a partial refund
 * of 5 € from the transactions page, and one cancellation at period end. Revenue and the revenue
 * chart's table go up by the payment and down by the refund (ADR 135); MRR and subscribers go up by
 * the payment only; committed MRR goes down by the cancelled subscription.
 */

const words = {
  'en-US': {
    money: (euros: string) => new RegExp(`^€${euros.replace('.', '\\.')}$`),
    table: 'Show as a table',
    revenueChart: 'Revenue by month',
    subscribersChart: 'Subscribers over time',
    checkInsChart: 'Check-ins per day',
    all: 'All transactions',
    refundRow: (customer: string) => `Refund the payment of €12.00 by ${customer}`,
    refundDialog: 'Refund a payment',
    refundAmount: 'Amount to refund',
    refundConfirm: /^Refund €5\.00$/,
    meter: 'Share of your plan’s monthly revenue limit',
    meterText: /: €19\.00 of /,
  },
  'fr-FR': {
    money: (euros: string) => new RegExp(`^${euros.replace('.', ',')}\\s€$`),
    table: 'Afficher sous forme de tableau',
    revenueChart: 'Chiffre d’affaires par mois',
    subscribersChart: 'Abonnés dans le temps',
    checkInsChart: 'Passages par jour',
    all: 'Toutes les transactions',
    refundRow: (customer: string) => new RegExp(`^Rembourser le paiement de 12,00\\s€ de ${customer}$`),
    refundDialog: 'Rembourser un paiement',
    refundAmount: 'Montant à rembourser',
    refundConfirm: /^Rembourser 5,00\s€$/,
    meter: 'Part du plafond mensuel de chiffre d’affaires de votre formule',
    meterText: / : 19,00\s€ sur /,
  },
} as const;

/** The customer cancels at period end through their own API (signed in with the emailed code). */
async function cancelAsCustomer(browser: Browser, email: string) {
  const context = await browser.newContext();
  const request = context.request;
  expect((await request.post('/api/v1/nest-customers/login', { data: { email } })).ok()).toBe(true);
  const { code } = await signInMail(request, email);
  expect((await request.post('/api/v1/nest-customers/login', { data: { email, code } })).ok()).toBe(true);
  const me = await (await request.get('/api/v1/nest-customers/me')).json();
  const id = me.subscriptions[0].id as string;
  const cancelled = await request.post(`/api/v1/nest-customers/me/subscriptions/${id}/cancel`);
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await context.close();
}

async function summary(request: APIRequestContext) {
  const me = await (await request.get('/api/v1/users/me')).json();
  return (await request.get(`/api/v1/users/${me.id}/stripe/summary`)).json();
}

/** The last row of a chart's table (the current month, or today). */
async function lastRow(page: Page, chart: string, showTable: string) {
  const card = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: chart, exact: true }) });
  await card.getByText(showTable).click();
  return card.locator('tbody tr').last();
}

for (const locale of ['en-US', 'fr-FR'] as const) {
  test(`${locale}: a payment, a refund and a cancellation move the figures and charts by exactly their amounts`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const w = words[locale];
    const { context, request } = await merchantContext(browser, { locale });
    const { offer } = await sellingMerchant(request, {
      plan: 'pro',
      offer: { amount_cents: 1200, interval: 'month', trial_days: 0 },
    });
    const link = await createLink(request, offer.id);
    const first = uniqueEmail('first');
    await subscribe(request, link.nest_link_id, { name: 'Alice Martin', email: first });
    await untilSubscribers(request, 1);

    const page = await context.newPage();
    const errors: ConsoleEntry[] = [];
    page.on(
      'console',
      (m) => m.type() === 'error' && errors.push({ type: 'error', text: m.text(), url: '' }),
    );
    page.on('pageerror', (e) => errors.push({ type: 'pageerror', text: e.message, url: '' }));
    await page.goto('/admin/app/dashboard');
    const figure = (key: string) => page.getByTestId(`figure-${key}`);
    await expect(figure('revenue_cents')).toHaveText(w.money('12.00'));
    await expect(figure('mrr_cents')).toHaveText(w.money('12.00'));
    await expect(figure('committed_mrr_cents')).toHaveText(w.money('12.00'));
    await expect(figure('active_subscribers')).toHaveText('1');
    await expect(figure('new_subscribers')).toHaveText('1');
    await expect(page.getByRole('img', { name: w.revenueChart })).toBeVisible();

    // One more payment; the merchant refunds 5 € of it from the transactions page; then the first
    // subscriber cancels at the end of their period.
    await subscribe(request, link.nest_link_id, { name: 'Bruno Petit', email: uniqueEmail('second') });
    await expect.poll(async () => (await summary(request)).current.revenue_cents).toBe(2400);
    await page.goto('/admin/app/transactions');
    await page.getByRole('button', { name: w.refundRow('Bruno Petit') }).click();
    const dialog = page.getByRole('dialog', { name: w.refundDialog });
    await dialog.getByLabel(w.refundAmount).fill('5');
    await dialog.getByRole('button', { name: w.refundConfirm }).click();
    await expect(dialog).toBeHidden();
    // The refund's ledger row comes with the sandbox's charge.refunded event.
    await expect
      .poll(async () => (await summary(request)).current.revenue_cents, { timeout: 15_000 })
      .toBe(1900);
    await cancelAsCustomer(browser, first);
    await expect
      .poll(async () => {
        const s = await summary(request);
        return [s.current.active_subscribers, s.current.committed_mrr_cents];
      })
      .toEqual([2, 1200]);
    await page.goto('/admin/app/dashboard');

    await expect(figure('revenue_cents')).toHaveText(w.money('19.00'));
    // The revenue-limit meter gives the refund's room back too (ADR 135).
    await expect(page.getByRole('progressbar', { name: w.meter })).toHaveAttribute(
      'aria-valuetext',
      w.meterText,
    );
    await expect(figure('mrr_cents')).toHaveText(w.money('24.00'));
    await expect(figure('committed_mrr_cents')).toHaveText(w.money('12.00'));
    await expect(figure('active_subscribers')).toHaveText('2');
    await expect(figure('new_subscribers')).toHaveText('2');
    const revenueRow = await lastRow(page, w.revenueChart, w.table);
    await expect(revenueRow.locator('td')).toHaveText([w.money('19.00')]);
    const subscribersRow = await lastRow(page, w.subscribersChart, w.table);
    await expect(subscribersRow.locator('td')).toHaveText(['2', '2', '0']);
    // Two payments and the refund.
    await expect(page.getByTestId('recent-transactions').locator('li')).toHaveCount(3);
    await expect(page.getByRole('link', { name: w.all })).toHaveAttribute('href', '/admin/app/transactions');
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('a new merchant is told what to do next, on a phone in the dark, with no console errors', async ({
  browser,
}) => {
  const { context, request } = await merchantContext(browser, {
    ...phone,
    colorScheme: 'dark',
    locale: 'en-US',
  });
  const { offer } = await sellingMerchant(request, { plan: 'starter', payouts: false });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto('/admin/app/dashboard');
  const steps = page.getByTestId('first-steps');
  await expect(steps.getByRole('heading', { name: 'Get your first subscribers' })).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Create an offer' })).toHaveAttribute(
    'href',
    '/admin/app/prices',
  );
  await expect(steps.getByRole('link', { name: 'Go to links' })).toHaveAttribute('href', '/admin/app/links');
  // The offer exists already: its step is ticked, and the link is the next thing to do.
  const step = (n: number) => steps.getByRole('listitem').nth(n);
  await expect(step(0)).toHaveAttribute('data-step-done', 'true');
  await expect(step(0)).toContainText('Done');
  await expect(step(1)).toHaveAttribute('data-next-step', 'true');
  await expect(step(1)).not.toHaveAttribute('data-step-done', 'true');
  await expect(page.getByTestId('figure-revenue_cents')).toHaveText('€0.00');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // With a link made, the counter is what is left.
  await createLink(request, offer.id);
  await page.reload();
  await expect(step(1)).toHaveAttribute('data-step-done', 'true');
  await expect(step(2)).toHaveAttribute('data-next-step', 'true');
  await expect(step(2).getByRole('link', { name: 'Open the counter' })).toBeVisible();
  await expect(step(2)).not.toHaveAttribute('data-step-done', 'true');

  // A first try at the counter (a typed code nobody holds) ticks the last step: nothing is left to do.
  const tried = await request.post('/api/v1/nests/me/verifications', { data: { code: '00000000' } });
  expect(tried.status(), await tried.text()).toBe(200);
  await page.reload();
  await expect(step(2)).toHaveAttribute('data-step-done', 'true');
  await expect(steps.locator('[data-next-step]')).toHaveCount(0);
  await expect(steps).toContainText('Your counter is ready.');
  expect(errors).toEqual([]);
  await context.close();
});

test('past-due subscribers are counted on the dashboard and one click shows them, filtered', async ({
  browser,
}) => {
  const { context, request } = await merchantContext(browser, { locale: 'en-US' });
  const { offer } = await sellingMerchant(request, { plan: 'pro', payouts: false });
  for (const status of ['past_due', 'past_due', 'active']) {
    const added = await request.post(`/api/v1/test/offers/${offer.id}/subscribers`, {
      data: { email: uniqueEmail('late'), name: 'Late Payer', status },
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  const page = await context.newPage();
  await page.goto('/admin/app/dashboard');
  const banner = page.getByTestId('past-due-banner');
  await expect(banner.getByRole('heading', { name: '2 subscribers’ payments failed' })).toBeVisible();
  await banner.getByRole('link', { name: 'See the 2 subscribers' }).click();
  await expect(page).toHaveURL('/admin/app/customers?status=past_due');
  await expect(page.getByLabel('Subscription status')).toHaveValue('past_due');
  await context.close();
});
