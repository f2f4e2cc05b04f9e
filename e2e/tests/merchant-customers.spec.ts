import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { merchantContext, subscribe, untilSubscribers } from '../support/subscribers';

/**
 * The merchant's customers table: find a subscriber by search and filter, open their detail, and
 * download the filtered rows as CSV, in English and in French. The dashboard's limits are in
 * revenue-dashboard.spec.ts.
 */

const copy = {
  'en-US': {
    title: 'Customers',
    search: 'Search customers',
    status: 'Subscription status',
    cancelled: 'Cancelled',
    active: 'Active',
    noMatch: 'No customer matches this search.',
    pastDue: 'Past due only',
    sortName: 'Customer',
    payments: 'Payments and refunds',
    close: 'Close',
    download: 'Download CSV',
    header:
      'Name,Email,Offer,Status,Since,Next payment,Total paid (EUR),Last check-in,Price (EUR),Billing period,Link',
    revenue: '€24.00',
    resend: 'Send the pass again',
    confirmResend: 'Send the email',
    resent: 'Sign-in email sent to',
  },
  'fr-FR': {
    title: 'Clients',
    search: 'Rechercher un client',
    status: 'Statut de l’abonnement',
    cancelled: 'Résilié',
    active: 'Actif',
    noMatch: 'Aucun client ne correspond à cette recherche.',
    pastDue: 'En retard de paiement seulement',
    sortName: 'Client',
    payments: 'Paiements et remboursements',
    close: 'Fermer',
    download: 'Télécharger le CSV',
    header:
      'Nom,E-mail,Offre,Statut,Depuis,Prochain paiement,Total payé (EUR),Dernier passage,Prix (EUR),Période de facturation,Lien',
    revenue: /24,00\s€/,
    resend: 'Renvoyer le pass',
    confirmResend: 'Envoyer l’e-mail',
    resent: 'E-mail de connexion envoyé à',
  },
} as const;

for (const locale of ['en-US', 'fr-FR'] as const) {
  const text = copy[locale];
  test(`the merchant finds a subscriber, opens their detail and downloads the CSV (${locale})`, async ({
    browser,
  }) => {
    const { context, request } = await merchantContext(browser, { locale });
    const { offer } = await sellingMerchant(request, { plan: 'pro', locale });
    const link = await createLink(request, offer.id, 'Counter');
    const alice = { name: 'Alice Martin', email: uniqueEmail('alice') };
    const bruno = { name: 'Bruno Keller', email: uniqueEmail('bruno') };
    await subscribe(request, link.nest_link_id, alice);
    await subscribe(request, link.nest_link_id, bruno);
    await untilSubscribers(request, 2);

    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto('/admin/app/customers');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    const rows = page.locator('tbody > tr');
    await expect(rows).toHaveCount(2);
    const aliceRow = rows.filter({ hasText: alice.email });
    await expect(aliceRow).toContainText('Coffee club');
    await expect(aliceRow.locator('[data-status]')).toHaveAttribute('data-status', 'active');

    // Sort by name from the header, in both directions.
    await page.getByRole('button', { name: text.sortName, exact: true }).click();
    await expect(rows.first()).toContainText('Alice Martin');
    await page.getByRole('button', { name: text.sortName, exact: true }).click();
    await expect(rows.first()).toContainText('Bruno Keller');
    await expect(page).toHaveURL(/sort=name&dir=desc|dir=desc&sort=name/);

    // Search, from the keyboard: typing narrows the table once the typing pauses.
    const search = page.getByLabel(text.search);
    await search.focus();
    await page.keyboard.type('BRUNO');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Bruno Keller');
    await expect(page).toHaveURL(/q=BRUNO/);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(text.status)).toBeFocused();
    await page.getByLabel(text.status).selectOption({ label: text.cancelled });
    await expect(page.getByText(text.noMatch)).toBeVisible();
    await page.getByLabel(text.status).selectOption({ label: text.active });
    await expect(rows).toHaveCount(1);
    await page.getByLabel(text.pastDue).check();
    await expect(page.getByText(text.noMatch)).toBeVisible();
    await page.getByLabel(text.pastDue).uncheck();

    // The detail opens in a panel, and closes with Escape.
    await rows.first().getByRole('button', { name: 'Bruno Keller' }).click();
    const drawer = page.getByRole('dialog', { name: 'Bruno Keller' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toContainText(bruno.email);
    await expect(
      drawer.getByRole('region', { name: text.payments }).getByTestId('customer-payment'),
    ).toHaveCount(1);
    await expect(page).toHaveURL(/customer=/);
    // Sending the pass again is confirmed first.
    await drawer.getByRole('button', { name: text.resend }).click();
    await page
      .getByRole('alertdialog')
      .or(page.getByRole('dialog').last())
      .getByRole('button', { name: text.confirmResend })
      .click();
    await expect(page.getByText(text.resent)).toBeVisible();
    // The focus is back on the button, in the drawer, which Escape then closes.
    await expect(drawer.getByRole('button', { name: text.resend })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The CSV holds the filtered rows only (Bruno, active), with the header in the merchant's language.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: text.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(text.header);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(bruno.email);
    expect(csv).not.toContain(alice.email);

    // The dashboard's past-due link opens the table filtered.
    await page.goto('/admin/app/customers?status=past_due');
    await expect(page.getByLabel(text.status)).toHaveValue('past_due');
    await expect(page.getByText(text.noMatch)).toBeVisible();

    await page.goto('/admin/app/dashboard');
    await expect(page.getByTestId('month-revenue')).toHaveText(text.revenue);
    await expect(page.getByTestId('figure-active_subscribers')).toHaveText('2');
    expect(errors).toEqual([]);
    await context.close();
  });
}
