import { signInCustomerThroughApi } from '../support/customers';
import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { advanceSandboxClock } from '../support/sandbox';
import { merchantContext, subscribe, untilSubscribers } from '../support/subscribers';

/**
 * ADR 150: the merchant pauses a customer's subscription for a month from the customer's detail,
 * confirmed in a dialog and recorded in the history. Once the paid period is over (the sandbox test
 * clock), the customer's card says paused until …, and the counter refuses their pass as paused.
 */
const copy = {
  'en-US': {
    pause: 'Pause subscription…',
    length: 'Pause for',
    confirm: 'Pause',
    done: /is paused until/,
    history: 'History',
    paused: 'Paused',
    byYou: 'By you (the nest)',
    drawerStatus: /Paused from .+ until .+: no charge, no entry at the counter\./,
    resume: 'Resume now…',
    badge: 'Paused',
    schedule: /^Paused until .+\. No payment until then; it resumes by itself\.$/,
    codeField: 'Or type the code',
    check: 'Check the code',
    refused: 'Not eligible',
    reason: 'The subscription is paused.',
    until: /^Paused until /,
    pausedOnly: 'Paused only',
  },
  'fr-FR': {
    pause: 'Mettre en pause…',
    length: 'Durée de la pause',
    confirm: 'Mettre en pause',
    done: /est en pause jusqu’au/,
    history: 'Historique',
    paused: 'Mis en pause',
    byYou: 'Par vous (le commerce)',
    drawerStatus: /En pause du .+ au .+ : aucun prélèvement, pas d’accès au comptoir\./,
    resume: 'Reprendre maintenant…',
    badge: 'En pause',
    schedule: /^En pause jusqu’au .+\. Aucun paiement d’ici là ; il reprend tout seul\.$/,
    codeField: 'Ou saisissez le code',
    check: 'Vérifier le code',
    refused: 'Non éligible',
    reason: 'L’abonnement est en pause.',
    until: /^En pause jusqu’au /,
    pausedOnly: 'En pause seulement',
  },
} as const;

for (const locale of ['en-US', 'fr-FR'] as const) {
  const text = copy[locale];
  test(`the merchant pauses a subscription from the detail; the customer's area and the counter say paused (${locale})`, async ({
    browser,
  }) => {
    const { context, request } = await merchantContext(browser, { locale });
    const { offer } = await sellingMerchant(request, { plan: 'pro', locale });
    const link = await createLink(request, offer.id, 'Counter');
    const lucas = { name: 'Lucas Bernard', email: uniqueEmail('lucas') };
    await subscribe(request, link.nest_link_id, lucas);
    // Another subscriber, never paused: the "paused only" filter leaves them out.
    const chloe = { name: 'Chloé Petit', email: uniqueEmail('chloe') };
    await subscribe(request, link.nest_link_id, chloe);
    await untilSubscribers(request, 2);

    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto('/admin/app/customers');
    await page
      .locator('tbody > tr', { hasText: lucas.name })
      .getByRole('button', { name: lucas.name })
      .click();
    const drawer = page.getByRole('dialog', { name: lucas.name });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('button', { name: text.pause }).click();
    const confirm = page.getByRole('dialog').last();
    await expect(confirm.getByLabel(text.length)).toHaveValue('1');
    await confirm.getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(page.getByText(text.done)).toBeVisible();

    const history = drawer.getByRole('region', { name: text.history });
    await expect(history.getByRole('listitem').first()).toContainText(text.paused);
    await expect(history.getByRole('listitem').first()).toContainText(text.byYou);
    await expect(drawer.getByText(text.drawerStatus)).toBeVisible();
    await expect(drawer.getByRole('button', { name: text.resume })).toBeVisible();
    expect(errors).toEqual([]);

    // The paid month runs out: the pause begins (no invoice), the customer's card says so.
    await advanceSandboxClock(page, 32);
    const customerContext = await browser.newContext({ locale });
    await signInCustomerThroughApi(customerContext.request, lucas.email);
    const area = await customerContext.newPage();
    await area.goto('/client/app/overview');
    const card = area.getByTestId('subscription-card').first();
    await expect(card.getByTestId('subscription-status')).toHaveText(text.badge);
    await expect(card.getByTestId('subscription-schedule')).toHaveText(text.schedule);
    await expect(card.getByTestId('pass-code')).toHaveText(/^[0-9A-Z]{8}$/, { timeout: 20_000 });
    const code = (await card.getByTestId('pass-code').textContent())!;
    await customerContext.close();

    // The customers table says it too, beside the status.
    await page.goto('/admin/app/customers');
    const row = page.locator('tbody > tr', { hasText: lucas.name });
    await expect(row.getByTestId('row-pause')).toHaveText(text.until);
    await expect(page.locator('tbody > tr')).toHaveCount(2);
    await page.getByLabel(text.pausedOnly).check();
    await expect(page).toHaveURL(/[?&]paused=true/);
    await expect(page.locator('tbody > tr')).toHaveCount(1);
    await expect(row.getByTestId('row-pause')).toHaveText(text.until);

    // At the counter the pass is refused as paused, with the date it resumes.
    await page.goto('/admin/app/verify');
    await page.getByLabel(text.codeField).fill(code);
    await page.getByRole('button', { name: text.check }).click();
    const banner = page.getByTestId('verdict-banner');
    await expect(banner).toHaveAttribute('data-result', 'not_eligible');
    await expect(banner).toContainText(text.refused);
    await expect(banner.getByText(text.reason)).toBeVisible();
    await expect(banner.getByText(text.until)).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });
}
