import { appErrors } from '../support/console-errors';
import { customerArea } from '../support/customers';
import { expect, phone, test } from '../support/fixtures';
import { createLink, payThroughLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';

const offer = {
  trial_days: 0,
  usage_allowance: { uses: 2, per: 'day' },
  reward_rule: { kind: 'check_ins', every: 2, reward_name: 'Free croissant' },
};

test.use({ ...phone, locale: 'en-US' });

test('the merchant types the code of a pass at the counter on a phone: access granted, usage goes down, a photo of the QR code reads too, a past-due subscription is refused with the reason, and the customer sees usage and reward progress', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  // The merchant (Pro: rewards) with a link; `page` is signed in as them.
  const { offer: seeded } = await sellingMerchant(page.request, { plan: 'pro', offer });
  const link = await createLink(page.request, seeded.id);

  // A customer subscribes through the link on their phone and lands on the success page with a pass.
  const email = uniqueEmail('camille');
  const { context: buyerContext, buyer } = await payThroughLink(browser, link.url, { email });
  const pass = buyer.getByTestId('pass');
  await expect(pass.getByTestId('pass-code')).toHaveText(/^[0-9A-Z]{8}$/, { timeout: 20_000 });
  const code = (await pass.getByTestId('pass-code').textContent())!;

  // The counter: the code field has the focus; typed in lower case with a dash.
  await page.goto('/admin/app/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Scan a pass' })).toBeVisible();
  const codeField = page.getByLabel('Or type the code');
  await expect(codeField).toBeFocused();
  await page.keyboard.type(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
  await expect(codeField).toHaveValue(`${code.slice(0, 4)}-${code.slice(4)}`);
  await page.keyboard.press('Enter');

  const verdict = page.getByTestId('verdict');
  await expect(verdict.getByRole('heading', { name: 'Access granted' })).toBeVisible();
  await expect(verdict.getByText('Camille Martin')).toBeVisible();
  await expect(verdict.getByText(seeded.name, { exact: true })).toBeVisible();
  await expect(verdict.getByText('One coffee per day')).toBeVisible();
  await expect(verdict.getByTestId('usage-left')).toHaveText('1 use left today');
  await expect(verdict.getByText('1 of 2 towards Free croissant')).toBeVisible();
  // The green banner spans the screen's width.
  const banner = await verdict.getByTestId('verdict-banner').boundingBox();
  expect(banner!.width).toBeGreaterThan(300);
  // "Next customer" has the focus: Enter brings the code field back.
  await expect(page.getByRole('button', { name: 'Next customer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Today’s check-ins' }).getByRole('listitem')).toHaveCount(1);

  // The camera is not available headless: a photo of the pass's QR code goes through the same decoder.
  const qr = await pass.getByRole('img').screenshot();
  await page.getByTestId('scan-photo').setInputFiles({ name: 'pass.png', mimeType: 'image/png', buffer: qr });
  await expect(verdict.getByRole('heading', { name: 'Access granted' })).toBeVisible();
  // Scanned right after the typed code: a repeat, nothing more is used.
  await expect(verdict.getByText(/Already checked in a few minutes ago/)).toBeVisible();
  await expect(verdict.getByTestId('usage-left')).toHaveText('1 use left today');
  await page.getByRole('button', { name: 'Next customer' }).click();
  await buyerContext.close();

  // A past-due subscriber of the same nest shows their pass: not eligible, and why.
  const lateEmail = uniqueEmail('late');
  const added = await page.request.post(`/api/v1/test/offers/${seeded.id}/subscribers`, {
    data: { email: lateEmail, name: 'Louis Bernard', status: 'past_due' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const late = await customerArea(browser, lateEmail);
  await expect(late.getByTestId('pass-code')).toHaveText(/^[0-9A-Z]{8}$/);
  const lateCode = await late.getByTestId('pass-code').textContent();
  await codeField.fill(lateCode!);
  await page.getByRole('button', { name: 'Check the code' }).click();
  await expect(verdict.getByRole('heading', { name: 'Not eligible' })).toBeVisible();
  await expect(
    verdict.getByText('The last payment failed. The customer can pay now from their area.'),
  ).toBeVisible();
  await expect(verdict.getByText('Louis Bernard')).toBeVisible();
  await late.context().close();
  await page.getByRole('button', { name: 'Next customer' }).click();
  await expect(page.getByRole('list', { name: 'Today’s check-ins' }).getByRole('listitem')).toHaveCount(3);

  // The customer's area now shows what is left today and the reward's progress.
  const area = await customerArea(browser, email);
  const card = area.getByTestId('subscription-card');
  await expect(card.getByText('1 use left')).toBeVisible();
  await expect(card.getByText('1 of 2 towards Free croissant')).toBeVisible();
  await area.context().close();

  expect(appErrors(consoleErrors)).toEqual([]);
});

test.describe('in French, on a desktop in dark mode', () => {
  test.use({
    locale: 'fr-FR',
    viewport: { width: 1280, height: 800 },
    isMobile: false,
    hasTouch: false,
    colorScheme: 'dark',
  });

  test('an unknown code is not eligible, said in French, and recorded', async ({ page, consoleErrors }) => {
    await sellingMerchant(page.request, { plan: 'starter', payouts: false });
    await page.goto('/admin/app/verify');
    await expect(page.getByRole('heading', { name: 'Scanner un pass' })).toBeVisible();
    await page.getByLabel('Ou saisissez le code').fill('ZZZZ 9999');
    await page.getByRole('button', { name: 'Vérifier le code' }).click();
    const verdict = page.getByTestId('verdict');
    await expect(verdict.getByRole('heading', { name: 'Non éligible' })).toBeVisible();
    await expect(verdict.getByText('Aucun pass de votre nest n’a ce code en ce moment.')).toBeVisible();
    await page.getByRole('button', { name: 'Client suivant' }).click();
    await expect(
      page.getByRole('list', { name: 'Passages du jour' }).getByText('Pass inconnu'),
    ).toBeVisible();
    expect(appErrors(consoleErrors)).toEqual([]);
  });
});
