import { signInCustomerThroughApi } from '../support/customers';
import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { merchantContext, subscribe, untilSubscribers } from '../support/subscribers';

/**
 * The merchant cancels a customer's subscription at the end of the period from the customer's
 * detail: confirmed in a dialog, recorded in the history, and the customer's area says it ends.
 */
const copy = {
  'en-US': {
    cancel: 'Cancel subscription…',
    atPeriodEnd: 'At the end of the period',
    confirm: 'Cancel at period end',
    done: 'will end at the end of the period',
    history: 'History',
    scheduled: 'Cancellation scheduled for period end',
    byYou: 'By you (the nest)',
    subscribed: 'Subscribed',
    undo: 'Keep it renewing…',
    endsOn: /Ends on .+\. No further payment\./,
  },
  'fr-FR': {
    cancel: 'Résilier l’abonnement…',
    atPeriodEnd: 'À la fin de la période',
    confirm: 'Résilier en fin de période',
    done: 'se terminera à la fin de la période',
    history: 'Historique',
    scheduled: 'Résiliation prévue en fin de période',
    byYou: 'Par vous (le commerce)',
    subscribed: 'Abonnement souscrit',
    undo: 'Le laisser se renouveler…',
    endsOn: /Se termine le .+\. Plus aucun paiement\./,
  },
} as const;

for (const locale of ['en-US', 'fr-FR'] as const) {
  const text = copy[locale];
  test(`the merchant cancels a subscription at period end from the detail; history and customer area show it (${locale})`, async ({
    browser,
  }) => {
    const { context, request } = await merchantContext(browser, { locale });
    const { offer } = await sellingMerchant(request, { plan: 'pro', locale });
    const link = await createLink(request, offer.id, 'Counter');
    const chloe = { name: 'Chloé Petit', email: uniqueEmail('chloe') };
    await subscribe(request, link.nest_link_id, chloe);
    await untilSubscribers(request, 1);

    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto('/admin/app/customers');
    await page.locator('tbody > tr').first().getByRole('button', { name: chloe.name }).click();
    const drawer = page.getByRole('dialog', { name: chloe.name });
    await expect(drawer).toBeVisible();
    const history = drawer.getByRole('region', { name: text.history });
    await expect(history).toContainText(text.subscribed);

    await drawer.getByRole('button', { name: text.cancel }).click();
    const confirm = page.getByRole('dialog').last();
    await expect(confirm.getByLabel(text.atPeriodEnd)).toBeChecked();
    await confirm.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByText(text.done)).toBeVisible();

    await expect(history.getByRole('listitem').first()).toContainText(text.scheduled);
    await expect(history.getByRole('listitem').first()).toContainText(text.byYou);
    await expect(drawer.getByRole('button', { name: text.undo })).toBeVisible();
    expect(errors).toEqual([]);

    // The customer's area says it ends.
    const customerContext = await browser.newContext({ locale });
    await signInCustomerThroughApi(customerContext.request, chloe.email);
    const area = await customerContext.newPage();
    await area.goto('/client/app/overview');
    await expect(area.getByTestId('subscription-schedule').first()).toHaveText(text.endsOn);
    await customerContext.close();
    await context.close();
  });
}

const nowCopy = {
  'en-US': {
    cancel: 'Cancel subscription…',
    now: /^Now/,
    prorated: /Also refund the unused part: €(\d+\.\d\d)/,
    confirm: /Cancel now and refund €\d+\.\d\d/,
    done: 'Coffee club is cancelled.',
    payments: 'Payments and refunds',
    refundRow: /Refund[\s\S]*By you/,
    history: 'History',
    refunded: /Refunded[\s\S]*By you/,
    cancelled: /Cancelled[\s\S]*By you/,
  },
  'fr-FR': {
    cancel: 'Résilier l’abonnement…',
    now: /^Maintenant/,
    prorated: /Rembourser aussi la part non utilisée : (\d+,\d\d)\s€/,
    confirm: /Résilier maintenant et rembourser \d+,\d\d\s€/,
    done: 'Coffee club est résilié.',
    payments: 'Paiements et remboursements',
    refundRow: /Remboursement[\s\S]*Par vous/,
    history: 'Historique',
    refunded: /Remboursé[\s\S]*Par vous/,
    cancelled: /Résilié[\s\S]*Par vous/,
  },
} as const;

for (const locale of ['en-US', 'fr-FR'] as const) {
  const text = nowCopy[locale];
  test(`the merchant cancels now with a prorated refund of the unused part (${locale})`, async ({
    browser,
  }) => {
    const { context, request } = await merchantContext(browser, { locale });
    const { offer } = await sellingMerchant(request, { plan: 'pro', locale });
    const link = await createLink(request, offer.id, 'Counter');
    const hugo = { name: 'Hugo Simon', email: uniqueEmail('hugo') };
    await subscribe(request, link.nest_link_id, hugo);
    await untilSubscribers(request, 1);

    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/admin/app/customers');
    await page.locator('tbody > tr').first().getByRole('button', { name: hugo.name }).click();
    const drawer = page.getByRole('dialog', { name: hugo.name });
    await expect(drawer).toBeVisible();

    await drawer.getByRole('button', { name: text.cancel }).click();
    const confirm = page.getByRole('dialog').last();
    await confirm.getByRole('radio', { name: text.now }).check();
    const refund = confirm.getByRole('checkbox', { name: text.prorated });
    await expect(refund).not.toBeChecked();
    const offered = (await confirm.getByText(text.prorated).textContent())?.match(text.prorated)?.[1];
    expect(offered).toBeTruthy();
    await refund.check();
    await confirm.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByText(text.done)).toBeVisible();

    // The refund lands with the provider's event: at most what the dialog offered (a few seconds later).
    const payments = drawer.getByRole('region', { name: text.payments }).getByTestId('customer-payment');
    await expect(payments).toHaveCount(2, { timeout: 20_000 });
    await expect(payments.first()).toContainText(text.refundRow);
    const history = drawer.getByRole('region', { name: text.history });
    await expect(history).toContainText(text.refunded);
    await expect(history).toContainText(text.cancelled);
    const cents = (figure: string) => Number(figure.replace(/[^\d]/g, ''));
    const given = (await payments.first().textContent())?.match(/-\D?(\d+[.,]\d\d)/)?.[1];
    expect(cents(given ?? '0')).toBeGreaterThan(cents(offered!) - 5);
    expect(cents(given ?? '0')).toBeLessThanOrEqual(cents(offered!));
    expect(errors).toEqual([]);
    await context.close();
  });
}
