import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unexpectedErrors } from '../support/console-errors';
import { expect, test } from '../support/fixtures';
import { seedMerchant, uniqueEmail } from '../support/merchants';
import { createNest } from '../support/nests';

/** A receiver on this machine that answers 200 and keeps what it got. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/nest-webhooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('an Enterprise merchant creates an API key, calls the API with it, adds an endpoint, tests and replays a delivery', async ({
  page,
  playwright,
  baseURL,
  consoleErrors,
}) => {
  const receiver = await startReceiver();
  try {
    await seedMerchant(page, 'ready', { plan: 'enterprise', email: uniqueEmail('api') });
    await createNest(page);
    await page.goto('/admin/app/account');
    const keys = page.getByRole('region', { name: 'API keys' });
    await expect(keys.getByText('No API key yet.')).toBeVisible();

    await keys.getByLabel('Key name').fill('Till sync');
    await keys.getByLabel('Offers').selectOption('write');
    await keys.getByLabel('Expires').selectOption({ label: 'In 90 days' });
    await keys.getByRole('button', { name: 'Create key' }).click();
    const shown = keys.getByLabel('Your new key “Till sync”');
    await expect(shown).toHaveValue(/^nest_test_[A-Za-z0-9_-]{43}$/);
    const key = await shown.inputValue();
    await keys.getByRole('button', { name: 'I have copied it' }).click();
    // Shown once: gone from the page, the list shows its prefix only.
    await expect(shown).toBeHidden();
    await expect(keys.getByText('Till sync', { exact: true })).toBeVisible();
    await expect(keys.getByText(/expires /)).toBeVisible();
    await expect(keys.getByText(`${key.slice(0, 16)}…`)).toBeVisible();
    await expect(page.locator(`text=${key}`)).toHaveCount(0);

    // The key works from outside the browser, without cookies.
    const client = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    const offers = await client.get('/api/v1/offers');
    expect(offers.status(), await offers.text()).toBe(200);
    const account = await client.get('/api/v1/users/me');
    expect(account.status()).toBe(403);
    await client.dispose();
    await page.reload();
    await expect(page.getByRole('region', { name: 'API keys' }).getByText(/last used/)).toBeVisible();

    const hooks = page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByLabel('Endpoint URL').fill(receiver.url);
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = hooks.getByLabel(`Signing secret of ${receiver.url}`);
    await expect(secret).toHaveValue(/^whsec_/);
    await hooks.getByRole('button', { name: 'I have copied it' }).click();
    await expect(secret).toBeHidden();

    await hooks.getByRole('button', { name: 'Send test event' }).click();
    const log = hooks.getByRole('table', { name: 'Latest deliveries to this endpoint' });
    const row = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('200');
    expect(receiver.received).toHaveLength(1);
    const id = receiver.received[0]?.headers['webhook-id'];
    expect(receiver.received[0]?.headers['webhook-signature']).toMatch(/^v1,/);

    await row.getByRole('button', { name: 'Replay' }).click();
    await expect(page.getByText('Delivery sent again')).toBeVisible();
    await expect(row.getByRole('cell').nth(2)).toHaveText('2');
    await expect(row).toContainText('Delivered');
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]?.headers['webhook-id']).toBe(id);
    expect(consoleErrors).toEqual([]);
  } finally {
    await receiver.close();
  }
});

test.describe('en français', () => {
  test.use({ locale: 'fr-FR' });
  test('une clé et une adresse de webhooks, avec leurs textes', async ({ page, consoleErrors }) => {
    const receiver = await startReceiver();
    try {
      await seedMerchant(page, 'ready', {
        plan: 'enterprise',
        locale: 'fr-FR',
        email: uniqueEmail('api-fr'),
      });
      await createNest(page);
      await page.goto('/admin/app/account');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compte');
      const keys = page.getByRole('region', { name: 'Clés d’API' });
      await keys.getByLabel('Nom de la clé').fill('Synchro caisse');
      await keys.getByLabel('Expiration').selectOption({ label: 'Dans 30 jours' });
      await keys.getByRole('button', { name: 'Créer la clé' }).click();
      await expect(keys.getByLabel('Votre nouvelle clé « Synchro caisse »')).toHaveValue(/^nest_test_/);
      await expect(keys.getByText('Copiez cette clé maintenant')).toBeVisible();
      await keys.getByRole('button', { name: 'Je l’ai copiée' }).click();
      await expect(keys.getByText(/expire le /)).toBeVisible();
      await expect(
        keys.getByText('Clients : lecture · Abonnements : lecture', { exact: false }),
      ).toBeVisible();

      const hooks = page.getByRole('region', { name: 'Webhooks' });
      // A refused address says why, in French.
      await hooks.getByLabel('Adresse de réception').fill('ftp://example.com/x');
      await hooks.getByRole('button', { name: 'Ajouter l’adresse' }).click();
      await expect(hooks.getByText('Adresse de réception').locator('..')).toContainText('https');
      await hooks.getByLabel('Adresse de réception').fill(receiver.url);
      await hooks.getByRole('button', { name: 'Ajouter l’adresse' }).click();
      await expect(hooks.getByLabel(`Secret de signature de ${receiver.url}`)).toHaveValue(/^whsec_/);
      await hooks.getByRole('button', { name: 'Je l’ai copié' }).click();
      await hooks.getByRole('button', { name: 'Envoyer un événement de test' }).click();
      const row = hooks
        .getByRole('table', { name: 'Derniers envois à cette adresse' })
        .getByRole('row')
        .filter({ hasText: 'webhook.test' });
      await expect(row).toContainText('Livré');
      // The refused address above is a 422 the form shows.
      expect(unexpectedErrors(consoleErrors, [422])).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

test('a Pro merchant sees that API access comes with Enterprise', async ({ page, consoleErrors }) => {
  await seedMerchant(page, 'ready', { plan: 'pro', email: uniqueEmail('api-pro') });
  await createNest(page);
  await page.goto('/admin/app/account');
  const keys = page.getByRole('region', { name: 'API keys' });
  await expect(keys.getByText('API access is part of the Enterprise plan.')).toBeVisible();
  await expect(
    keys
      .getByRole('button', { name: 'Upgrade to Enterprise' })
      .or(keys.getByRole('link', { name: 'Upgrade to Enterprise' })),
  ).toBeVisible();
  await expect(keys.getByLabel('Key name')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Webhooks' })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});
