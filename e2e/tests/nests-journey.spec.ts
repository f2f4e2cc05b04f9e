import { expect, test } from '../support/fixtures';
import { seedMerchant, uniqueEmail } from '../support/merchants';
import { logoPng } from '../support/nests';
import { apiFromPage } from '../support/page-api';
import { completeSandboxOnboarding } from '../support/payouts';

test.use({ timezoneId: 'Europe/Paris', locale: 'en-US' });

interface OfferView {
  id: string;
  name: string;
  amount_cents: number;
  interval: string;
  interval_count: number;
  trial_days: number;
  usage_allowance: { uses: number; per: string } | null;
  reward_rule: { kind: string; every: number; reward_name: string } | null;
  versions: Array<{ version: number; amount_cents: number; subscriber_count: number; current: boolean }>;
}

test('a paid Pro merchant creates a nest with a logo, turns payouts on, sets a weekly schedule and sells three offers', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  await seedMerchant(page, 'not-onboarded', { email: uniqueEmail('journey') });

  // 1. The nest, with a logo the browser shrinks before sending.
  await page.goto('/admin/onboarding/create-nest');
  await expect(page.getByRole('heading', { level: 1, name: 'Create your nest' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Onboarding steps' }).locator('[aria-current="step"]'),
  ).toHaveText(/Your nest/);
  await page.getByLabel('Name', { exact: true }).fill('Café Lumière');
  await page.getByLabel('Kind of business').selectOption('cafe');
  await page.getByLabel('Short description (optional)').fill('Specialty coffee and pastries since 2012.');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: logoPng(),
  });
  await expect(page.getByRole('img', { name: 'Preview of your logo' })).toBeVisible();
  await page.getByLabel('Street address').fill('12 rue des Lilas');
  await page.getByLabel('Postal code').fill('75011');
  await page.getByLabel('City').fill('Paris');
  await expect(page.getByLabel('Country')).toHaveValue('FR');
  // The time zone defaults to the browser's.
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await expect(page.getByLabel('Currency')).toHaveValue('EUR');
  const create = page.getByRole('button', { name: 'Create my nest' });
  await create.click();

  await expect(page.getByText('Your nest “Café Lumière” is ready.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Get paid: connect your payout account' })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Onboarding steps' }).locator('[aria-current="step"]'),
  ).toHaveText(/Payouts/);

  const nest = await apiFromPage<{
    name: string;
    logo_url: string | null;
    time_zone: string;
    currency: string;
  }>(page, 'GET', '/api/v1/nests/me');
  expect(nest.body).toMatchObject({ name: 'Café Lumière', time_zone: 'Europe/Paris', currency: 'EUR' });
  expect(nest.body.logo_url).toBeTruthy();
  const logo = await page.request.get(nest.body.logo_url!);
  expect(logo.headers()['content-type']).toBe('image/webp');
  const me = await apiFromPage<{ onboarded_at: string | null }>(page, 'GET', '/api/v1/users/me');
  expect(me.body.onboarded_at).not.toBeNull();

  // 2. Payouts, on the provider's hosted page (the sandbox), back through the return route.
  await page.getByRole('button', { name: 'Set up payouts' }).click();
  await completeSandboxOnboarding(page);
  await expect(page).toHaveURL(/\/admin\/onboarding\/stripe-connect\/return\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Payouts are on' })).toBeVisible();

  // 3. The payout schedule, beside the prices.
  await page.getByRole('link', { name: 'Create your first price' }).click();
  await expect(page).toHaveURL('/admin/app/prices');
  await expect(page.getByRole('heading', { level: 1, name: 'Prices' })).toBeVisible();
  const schedule = page.getByRole('region', { name: 'Payout schedule' });
  await schedule.getByRole('radio', { name: 'Every week' }).check();
  await schedule.getByLabel('Day of the week').selectOption('friday');
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Payouts will be sent every week on Friday.')).toBeVisible();
  await expect(schedule.getByText('Now: every week on Friday.')).toBeVisible();
  const me2 = await apiFromPage<{ id: string }>(page, 'GET', '/api/v1/users/me');
  const settings = await apiFromPage<{ schedule: unknown; charges_enabled: boolean }>(
    page,
    'GET',
    `/api/v1/users/${me2.body.id}/stripe/payout-settings`,
  );
  expect(settings.body).toMatchObject({
    charges_enabled: true,
    schedule: { interval: 'weekly', weekly_anchor: 'friday' },
  });

  // 4. Three offers.
  async function openNewPrice() {
    await page.getByRole('button', { name: 'New price' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New price' });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  let dialog = await openNewPrice();
  await dialog.getByLabel('Name').fill('Morning coffee');
  await dialog.getByLabel('What it gives').fill('One coffee every morning');
  await dialog.getByLabel('Amount in euros').fill('12.50');
  await dialog.getByLabel('Billing period').selectOption('month');
  await dialog.getByLabel('Free trial (days) (optional)').fill('14');
  await dialog.getByRole('button', { name: 'Create price' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Price “Morning coffee” created.')).toBeVisible();

  dialog = await openNewPrice();
  await dialog.getByLabel('Name').fill('Yoga class');
  await dialog.getByLabel('What it gives').fill('One class a day');
  await dialog.getByLabel('Amount in euros').fill('15');
  await dialog.getByLabel('Billing period').selectOption('week');
  await dialog.getByRole('checkbox', { name: 'Limit how often it can be used' }).check();
  await dialog.getByLabel('Uses').fill('1');
  await dialog.getByLabel('Per', { exact: true }).selectOption('day');
  await dialog.getByRole('button', { name: 'Create price' }).click();
  await expect(dialog).toBeHidden();

  dialog = await openNewPrice();
  await dialog.getByLabel('Name').fill('Annual membership');
  await dialog.getByLabel('What it gives').fill('Members’ prices all year');
  await dialog.getByLabel('Amount in euros').fill('120');
  await dialog.getByLabel('Billing period').selectOption('year');
  await dialog.getByRole('checkbox', { name: 'Reward loyal subscribers' }).check();
  await dialog.getByLabel('Earned').selectOption('check_ins');
  await dialog.getByLabel('N', { exact: true }).fill('10');
  await dialog.getByLabel('Reward', { exact: true }).fill('A free pastry');
  await dialog.getByRole('button', { name: 'Create price' }).click();
  await expect(dialog).toBeHidden();

  const active = page.getByRole('list', { name: 'Active' });
  const card = (name: string) =>
    active.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card('Morning coffee')).toContainText('€12.50 / month');
  await expect(card('Morning coffee')).toContainText('14-day free trial');
  await expect(card('Yoga class')).toContainText('€15.00 / week');
  await expect(card('Yoga class')).toContainText('1 use(s) per day');
  await expect(card('Annual membership')).toContainText('€120.00 / year');
  await expect(card('Annual membership')).toContainText('Reward every 10 check-ins: A free pastry');

  const offers = await apiFromPage<{ items: OfferView[] }>(page, 'GET', '/api/v1/offers');
  const byName = Object.fromEntries(offers.body.items.map((o) => [o.name, o]));
  expect(byName['Morning coffee']).toMatchObject({ amount_cents: 1250, interval: 'month', trial_days: 14 });
  expect(byName['Yoga class']).toMatchObject({
    amount_cents: 1500,
    interval: 'week',
    usage_allowance: { uses: 1, per: 'day' },
  });
  expect(byName['Annual membership']).toMatchObject({
    amount_cents: 12000,
    interval: 'year',
    reward_rule: { kind: 'check_ins', every: 10, reward_name: 'A free pastry' },
  });

  // 5. A price with a subscriber: editing its amount makes a new version for new subscribers.
  const coffee = byName['Morning coffee']!;
  const subscribed = await apiFromPage(page, 'POST', `/api/v1/test/offers/${coffee.id}/subscribers`, {});
  expect(subscribed.status).toBe(201);
  await page.reload();
  await expect(card('Morning coffee')).toContainText('1 subscriber');
  await card('Morning coffee').getByRole('button', { name: 'Edit Morning coffee' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit “Morning coffee”' });
  await expect(dialog).toContainText('This price has 1 subscriber.');
  await expect(dialog.getByLabel('Amount in euros')).toHaveValue('12.50');
  await dialog.getByLabel('Amount in euros').fill('14');
  await expect(dialog.getByRole('status')).toHaveText(
    'Saving will create a new version of this price for new subscribers.',
  );
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('New version v2 of “Morning coffee” created for new subscribers.'),
  ).toBeVisible();
  await expect(card('Morning coffee')).toContainText('€14.00 / month');
  await card('Morning coffee').getByText('Price versions (2)').click();
  const versions = card('Morning coffee').getByRole('table', { name: 'Price versions of Morning coffee' });
  await expect(versions.getByRole('row').nth(1)).toContainText(/v2\s*current\s*€14\.00 \/ month\s*0/);
  await expect(versions.getByRole('row').nth(2)).toContainText(/v1\s*€12\.50 \/ month\s*1/);

  const edited = await apiFromPage<OfferView>(page, 'GET', `/api/v1/offers/${coffee.id}`);
  expect(edited.body.versions.map((v) => [v.version, v.amount_cents, v.subscriber_count, v.current])).toEqual(
    [
      [2, 1400, 0, true],
      [1, 1250, 1, false],
    ],
  );

  // 6. Payouts are on: the dashboard has nothing to warn about.
  await page.goto('/admin/app/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payouts are not set up yet' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
