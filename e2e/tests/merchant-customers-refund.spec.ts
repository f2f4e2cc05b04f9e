import { readFile } from 'node:fs/promises';
import { signInMail } from '../support/customers';
import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { downloadedPdfText } from '../support/pdf';
import { merchantContext, subscribe, untilSubscribers } from '../support/subscribers';

/**
 * Issue 14's journey: the merchant finds a customer by search and filter, opens the detail, refunds
 * part of a payment (the refund shows with who asked), downloads the customer's receipt and the CSV;
 * the customer downloads their receipt from their area. English and French. (Pausing is another piece.)
 */

const copy = {
  'en-US': {
    title: 'Customers',
    search: 'Search customers',
    status: 'Subscription status',
    active: 'Active',
    payments: 'Payments and refunds',
    refund: 'Refund…',
    dialog: 'Refund a payment',
    amount: 'Amount to refund',
    tooMuch: 'At most €24.00 can be refunded.',
    typed: '10.00',
    confirm: 'Refund €10.00',
    done: '€10.00 refunded.',
    refundRow: /Refund[\s\S]*By you[\s\S]*-€10\.00/,
    refunded: '€10.00 refunded',
    history: 'History',
    refundedLine: /Refunded[\s\S]*By you/,
    emails: 'Emails sent',
    receiptEmail: 'Receipt',
    receipt: /Receipt \(PDF\)/,
    pdfAmount: '€24.00',
    download: 'Download CSV',
    totalPaid: '14.00',
    area: 'Invoices and receipts',
    filename: /^receipt-/,
  },
  'fr-FR': {
    title: 'Clients',
    search: 'Rechercher un client',
    status: 'Statut de l’abonnement',
    active: 'Actif',
    payments: 'Paiements et remboursements',
    refund: 'Rembourser…',
    dialog: 'Rembourser un paiement',
    amount: 'Montant à rembourser',
    tooMuch: /Au plus 24,00\s€ peut être remboursé\./,
    typed: '10,00',
    confirm: /Rembourser 10,00\s€/,
    done: /10,00\s€ remboursé\./,
    refundRow: /Remboursement[\s\S]*Par vous[\s\S]*-10,00\s€/,
    refunded: /10,00\s€ remboursé/,
    history: 'Historique',
    refundedLine: /Remboursé[\s\S]*Par vous/,
    emails: 'E-mails envoyés',
    receiptEmail: 'Reçu',
    receipt: /Reçu \(PDF\)/,
    // The receipt is in the buyer's language: Bruno subscribed in English.
    pdfAmount: '€24.00',
    download: 'Télécharger le CSV',
    totalPaid: '14.00',
    area: 'Factures et reçus',
    filename: /^facture-/,
  },
} as const;

for (const locale of ['en-US', 'fr-FR'] as const) {
  const text = copy[locale];
  test(`the merchant finds a customer, refunds part of a payment, downloads a receipt and the CSV; the customer downloads theirs (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const { context, request } = await merchantContext(browser, { locale, acceptDownloads: true });
    const { offer } = await sellingMerchant(request, {
      plan: 'pro',
      locale,
      offer: { name: 'Coffee club', amount_cents: 2400 },
    });
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

    // Found by search and filter.
    await page.goto('/admin/app/customers');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
    const rows = page.locator('tbody > tr');
    await expect(rows).toHaveCount(2);
    await page.getByLabel(text.search).fill('keller');
    await expect(rows).toHaveCount(1);
    await page.getByLabel(text.status).selectOption({ label: text.active });
    await expect(page).toHaveURL(/status=active/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(bruno.email);

    // The detail: the payment, its receipt, the receipt email.
    await rows.first().getByRole('button', { name: 'Bruno Keller' }).click();
    const drawer = page.getByRole('dialog', { name: 'Bruno Keller' });
    await expect(drawer).toBeVisible();
    const payments = drawer.getByRole('region', { name: text.payments });
    const payment = payments.getByTestId('customer-payment');
    await expect(payment).toHaveCount(1);
    await expect(drawer.getByRole('region', { name: text.emails })).toContainText(text.receiptEmail);

    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      payments.getByRole('link', { name: text.receipt }).click(),
    ]);
    expect(receipt.suggestedFilename()).toMatch(text.filename);
    const pdf = await downloadedPdfText(receipt);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.text).toContain('Bruno Keller');
    expect(pdf.text).toContain(text.pdfAmount);

    // Refund part of it: more than what is left is refused before anything is sent.
    await payments.getByRole('button', { name: text.refund }).click();
    const dialog = page.getByRole('dialog', { name: text.dialog });
    await expect(dialog).toBeVisible();
    const amount = dialog.getByLabel(text.amount);
    await amount.fill(locale === 'fr-FR' ? '30,00' : '30.00');
    await dialog
      .getByRole('button', { name: locale === 'fr-FR' ? 'Rembourser' : 'Refund', exact: true })
      .click();
    await expect(dialog.getByText(text.tooMuch)).toBeVisible();
    await amount.fill(text.typed);
    await dialog.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByText(text.done)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The provider's event lands: the refund row (by you), what is left, the history line.
    await expect(payment).toHaveCount(2, { timeout: 20_000 });
    await expect(payment.first()).toContainText(text.refundRow);
    await expect(payment.last()).toContainText(text.refunded);
    await expect(drawer.getByRole('region', { name: text.history })).toContainText(text.refundedLine);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The CSV of the filtered rows: Bruno only, total paid net of the refund.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: text.download }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(bruno.email);
    expect(lines[1]).toContain(`,${text.totalPaid},`);
    expect(csv).not.toContain(alice.email);
    expect(errors).toEqual([]);

    // The customer downloads their receipt from their area.
    const customer = await browser.newContext({ locale, acceptDownloads: true });
    const own = await customer.newPage();
    const asked = await own.request.post('/api/v1/nest-customers/login', { data: { email: bruno.email } });
    expect(asked.ok(), await asked.text()).toBe(true);
    const { link: signIn } = await signInMail(own.request, bruno.email);
    await own.goto(signIn);
    await expect(own).toHaveURL('/client/app/overview');
    await own.goto('/client/app/overview#receipts');
    const section = own.getByRole('region', { name: text.area });
    await expect(section).toBeVisible();
    const [mine] = await Promise.all([
      own.waitForEvent('download'),
      section.getByRole('link', { name: text.receipt }).first().click(),
    ]);
    const theirs = await downloadedPdfText(mine);
    expect(theirs.text).toContain('Bruno Keller');
    expect(theirs.text).toContain(text.pdfAmount);
    await customer.close();
    await context.close();
  });
}
