import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type APIRequestContext, chromium, type Page } from '@playwright/test';
import { baseURL, chromiumArgs, chromiumPath } from '../playwright.config';
import { appErrors } from '../support/console-errors';
import { customerArea } from '../support/customers';
import { qrPng, writeQrVideo } from '../support/fake-camera';
import { expect, phone, test } from '../support/fixtures';
import { sellingMerchant } from '../support/links';
import { waitForMail } from '../support/mail';
import { uniqueEmail } from '../support/merchants';

/** A subscriber attached to the offer by the test route: a name, a status, a period that began days ago. */
async function subscriber(
  request: APIRequestContext,
  offerId: string,
  body: { name: string; status?: string; period_started_days_ago?: number },
) {
  const email = uniqueEmail(
    body.name
      .split(' ')[0]!
      .normalize('NFD')
      .replace(/[^a-zA-Z]/g, '')
      .toLowerCase(),
  );
  const added = await request.post(`/api/v1/test/offers/${offerId}/subscribers`, {
    data: { email, status: 'active', ...body },
  });
  expect(added.status(), await added.text()).toBe(201);
  return { email, id: ((await added.json()) as { subscription_id: string }).subscription_id };
}

/** Finds a customer by name at the counter and checks in their (only) subscription. */
async function checkInByName(page: Page, name: string) {
  await page.getByLabel('Find by name or email').fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const found = page.getByTestId('search-customer').filter({ hasText: name });
  await expect(found).toHaveCount(1);
  await found.getByRole('button', { name: /^Check in/ }).click();
}

const banner = (page: Page) => page.getByTestId('verdict-banner');

test.use({ ...phone, locale: 'en-US' });

test('the camera sees a pass and the counter says green; a forged pass and an expired pass are red', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { offer } = await sellingMerchant(page.request, { plan: 'pro', offer: { trial_days: 0 } });
  const camille = await subscriber(page.request, offer.id, { name: 'Camille Martin' });

  // The customer's pass, as their phone shows it now (a pass lives 60 s: made just before the scan).
  const area = await customerArea(browser, camille.email);
  const passResponse = await area.request.get(`/api/v1/nest-customers/me/subscriptions/${camille.id}/pass`);
  expect(passResponse.ok()).toBe(true);
  const { token } = (await passResponse.json()) as { token: string };
  await area.context().close();
  const video = path.join(mkdtempSync(path.join(tmpdir(), 'nest-camera-')), 'pass.y4m');
  writeQrVideo(video, token);

  // A counter whose camera films that pass.
  const cameraBrowser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...chromiumArgs,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const counter = await cameraBrowser.newContext({
      ...phone,
      locale: 'en-US',
      baseURL,
      permissions: ['camera'],
      storageState: await page.context().storageState(),
    });
    const screen = await counter.newPage();
    const errors: string[] = [];
    screen.on('pageerror', (error) => errors.push(error.message));
    await screen.goto('/admin/app/verify');
    await screen.getByRole('button', { name: 'Scan with the camera' }).click();
    await expect(banner(screen)).toHaveAttribute('data-result', 'eligible', { timeout: 20_000 });
    await expect(banner(screen).getByRole('heading', { name: 'Access granted' })).toBeVisible();
    await expect(screen.getByTestId('verdict').getByText('Camille Martin')).toBeVisible();
    await expect(screen.getByTestId('verdict-announcer')).toHaveText('Access granted. ');
    await screen.getByRole('button', { name: 'Next customer' }).click();

    // A forged pass (one character of the signature changed), photographed: red, and why.
    const forged = `${token.slice(0, -3)}${token.at(-3) === 'A' ? 'B' : 'A'}${token.slice(-2)}`;
    await screen
      .getByTestId('scan-photo')
      .setInputFiles({ name: 'pass.png', mimeType: 'image/png', buffer: await qrPng(forged) });
    await expect(banner(screen)).toHaveAttribute('data-result', 'not_eligible');
    await expect(banner(screen).getByText('This is not a valid pass of your nest.')).toBeVisible();
    await screen.getByRole('button', { name: 'Next customer' }).click();

    // The same customer's pass as their phone showed it five minutes ago: expired, red, and why.
    const old = await page.request.get(`/api/v1/test/subscriptions/${camille.id}/pass?seconds_ago=300`);
    expect(old.ok()).toBe(true);
    const expired = ((await old.json()) as { token: string }).token;
    await screen
      .getByTestId('scan-photo')
      .setInputFiles({ name: 'pass.png', mimeType: 'image/png', buffer: await qrPng(expired) });
    await expect(banner(screen)).toHaveAttribute('data-result', 'not_eligible');
    await expect(
      banner(screen).getByText('This pass has expired. Ask the customer to open it again.'),
    ).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    await cameraBrowser.close();
  }
});

test('amber within grace sends the pay-now email; red past grace; found by name; allowance used up is red; undo gives the use back', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const { offer } = await sellingMerchant(page.request, {
    plan: 'pro',
    offer: { trial_days: 0, grace_days: 3, usage_allowance: { uses: 1, per: 'day' } },
  });
  const louis = await subscriber(page.request, offer.id, {
    name: 'Louis Bernard',
    status: 'past_due',
    period_started_days_ago: 1,
  });
  await subscriber(page.request, offer.id, {
    name: 'Chloé Petit',
    status: 'past_due',
    period_started_days_ago: 5,
  });
  await subscriber(page.request, offer.id, { name: 'Ana Costa' });

  await page.goto('/admin/app/verify');
  await expect(page.getByRole('heading', { name: 'Customer without their phone?' })).toBeVisible();

  // Past due for a day, 3 days of grace: amber, let in, and the pay-now email goes out.
  await checkInByName(page, 'louis');
  await expect(banner(page)).toHaveAttribute('data-result', 'grace');
  await expect(banner(page).getByRole('heading', { name: 'Let them in' })).toBeVisible();
  await expect(
    banner(page).getByText('Ask them to update their card: their last payment failed.'),
  ).toBeVisible();
  await expect(banner(page).getByText(/^Grace until /)).toBeVisible();
  await page.getByRole('button', { name: 'Email the pay-now link' }).click();
  await expect(page.getByTestId('pay-now-sent')).toHaveText(`✉Pay-now link sent to ${louis.email}.`);
  const [mail] = await waitForMail(page.request, louis.email);
  expect(mail!.subject).toMatch(/did not go through/);
  expect(mail!.text).toContain(`/client/app/overview?pay=${louis.id}`);
  await page.getByRole('button', { name: 'Next customer' }).click();

  // Past due for 5 days: beyond the grace, red with the reason.
  await checkInByName(page, 'Chloé');
  await expect(banner(page)).toHaveAttribute('data-result', 'not_eligible');
  await expect(banner(page).getByRole('heading', { name: 'Not eligible' })).toBeVisible();
  await expect(
    banner(page).getByText('The last payment failed. The customer can pay now from their area.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Email the pay-now link' })).toBeVisible();
  await page.getByRole('button', { name: 'Next customer' }).click();

  // One use a day: the first check-in is green, the next one red — used up.
  await checkInByName(page, 'ana costa');
  await expect(banner(page)).toHaveAttribute('data-result', 'eligible');
  await expect(page.getByTestId('usage-left')).toHaveText('0 uses left today');
  await page.getByRole('button', { name: 'Next customer' }).click();
  await checkInByName(page, 'ana costa');
  await expect(banner(page)).toHaveAttribute('data-result', 'not_eligible');
  await expect(banner(page).getByText('Everything included is used up for now.')).toBeVisible();
  await page.getByRole('button', { name: 'Next customer' }).click();

  // Undo the green one from today's list, within 2 minutes: the use is back.
  const recent = page.getByRole('list', { name: 'Today’s check-ins' });
  const granted = recent
    .getByTestId('check-in')
    .filter({ hasText: 'Ana Costa' })
    .filter({ hasText: 'Granted' });
  await granted.getByRole('button', { name: /^Undo the check-in of Ana Costa/ }).click();
  await expect(page.getByText('Check-in undone: the use is given back.')).toBeVisible();
  await expect(recent.getByTestId('check-in').filter({ hasText: 'Undone' })).toHaveCount(1);
  await page.getByLabel('Find by name or email').fill('ana costa');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const ana = page.getByTestId('search-customer').filter({ hasText: 'Ana Costa' });
  await expect(ana.getByText('Eligible', { exact: true })).toBeVisible();
  await expect(ana.getByText('1 use left')).toBeVisible();

  expect(appErrors(consoleErrors)).toEqual([]);
});

test('a reward earned on the 2nd check-in waits on the customer’s card, is redeemed once, and shows as collected', async ({
  page,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  const { offer } = await sellingMerchant(page.request, {
    plan: 'pro',
    offer: { trial_days: 0, reward_rule: { kind: 'check_ins', every: 2, reward_name: 'Free croissant' } },
  });
  const emma = await subscriber(page.request, offer.id, { name: 'Emma Laurent' });

  await page.goto('/admin/app/verify');
  await checkInByName(page, 'emma');
  await expect(page.getByText('1 of 2 towards Free croissant')).toBeVisible();
  await page.getByRole('button', { name: 'Next customer' }).click();
  // The next visit is another day (past the 5-minute repeat window).
  const aged = await page.request.post(`/api/v1/test/subscriptions/${emma.id}/age-check-ins`, {
    data: { seconds: 3600 },
  });
  expect(aged.status()).toBe(204);
  await checkInByName(page, 'emma');
  await expect(page.getByText('Reward earned: Free croissant!')).toBeVisible();
  await expect(page.getByText('Waiting: Free croissant')).toBeVisible();

  // The customer sees it waiting on their card.
  const area = await customerArea(browser, emma.email);
  await expect(area.getByTestId('rewards-waiting')).toContainText(
    'Free croissant: show your pass at the counter',
  );

  await page.getByRole('button', { name: 'Redeem reward' }).click();
  await expect(page.getByText('Handed over ✓')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Redeem reward' })).toHaveCount(0);
  // Once: a second hand-over of the same reward is refused.
  const verification = await page.request.post('/api/v1/nests/me/verifications', {
    data: { subscription_id: emma.id },
  });
  const answer = (await verification.json()) as {
    reward: { waiting: unknown[]; redeemed: { id: string }[] };
  };
  expect(answer.reward.waiting).toEqual([]);
  const again = await page.request.post(`/api/v1/nests/me/rewards/${answer.reward.redeemed[0]!.id}/redeem`);
  expect(again.status()).toBe(409);

  await area.reload();
  await expect(area.getByTestId('rewards-waiting')).toHaveCount(0);
  await expect(area.getByTestId('rewards-redeemed')).toContainText('Free croissant');
  await area.getByTestId('subscription-card').screenshot({
    path: path.join(test.info().project.outputDir, 'counter-screens', 'customer-card-rewards.png'),
  });
  await area.context().close();
  expect(appErrors(consoleErrors)).toEqual([]);
});
