import type { APIRequestContext, Browser } from '@playwright/test';
import { appErrors } from '../support/console-errors';
import { signInCustomerThroughApi } from '../support/customers';
import { expect, phone, test } from '../support/fixtures';
import { sellingMerchant } from '../support/links';
import { type SentMail, waitForMail } from '../support/mail';
import { uniqueEmail } from '../support/merchants';

type Locale = 'en-US' | 'fr-FR';

const words = {
  'en-US': {
    nav: 'Events',
    newEvent: 'New event',
    title: 'Title',
    starts: 'Starts',
    ends: 'Ends',
    place: 'Place',
    capacity: 'Capacity',
    create: 'Create the event',
    created: /is created/,
    eventsHeading: 'Events',
    placesLeft: (n: number) => `${n} places left`,
    register: 'Register',
    registered: 'You are registered.',
    onCard: 'Registered for',
    codeField: 'Or type the code',
    checkCode: 'Check the code',
    granted: 'Access granted',
    admitted: 'Registered — let them in, attendance recorded',
    whoIsComing: 'Who is coming',
    upgradeTitle: 'Events come with Pro',
    upgradeButton: 'Upgrade to Pro',
  },
  'fr-FR': {
    nav: 'Évènements',
    newEvent: 'Nouvel évènement',
    title: 'Titre',
    starts: 'Début',
    ends: 'Fin',
    place: 'Lieu',
    capacity: 'Capacité',
    create: 'Créer l’évènement',
    created: /est créé/,
    eventsHeading: 'Évènements',
    placesLeft: (n: number) => `${n} places restantes`,
    register: 'M’inscrire',
    registered: 'Vous êtes inscrit.',
    onCard: 'Inscrit à',
    codeField: 'Ou saisissez le code',
    checkCode: 'Vérifier le code',
    granted: 'Accès autorisé',
    admitted: 'Inscrit — laissez entrer, présence enregistrée',
    whoIsComing: 'Qui vient',
    upgradeTitle: 'Les évènements sont inclus dans Pro',
    upgradeButton: 'Passer à Pro',
  },
} as const;

/** Tomorrow's date in Paris (the nest's zone), as a datetime-local input wants it. */
function tomorrowInParis(hour: number): string {
  const day = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + 86_400_000));
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

async function subscriber(request: APIRequestContext, offerId: string, name: string) {
  const email = uniqueEmail('member');
  const response = await request.post(`/api/v1/test/offers/${offerId}/subscribers`, {
    data: { email, name, status: 'active' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return email;
}

/** A subscriber's own phone, signed in to their area in the given language. */
async function customerPhone(browser: Browser, email: string, locale: Locale) {
  const context = await browser.newContext({ ...phone, locale });
  await signInCustomerThroughApi(context.request, email);
  const page = await context.newPage();
  await page.goto('/client/app/overview');
  await expect(page.getByTestId('subscription-card')).toBeVisible();
  return page;
}

for (const locale of ['en-US', 'fr-FR'] as const) {
  const w = words[locale];
  test.describe(`events (${locale})`, () => {
    test.use({ locale, viewport: { width: 1280, height: 800 } });

    test(`a Pro merchant creates an event for one offer; its subscriber registers on a phone, gets the calendar file and is admitted at the door; another offer's subscriber does not see it (${locale})`, async ({
      page,
      browser,
      consoleErrors,
    }) => {
      test.setTimeout(150_000);
      const { offer } = await sellingMerchant(page.request, { plan: 'pro', payouts: false, locale });
      const other = await page.request.post('/api/v1/offers', {
        data: { name: 'Yoga mornings', grants: 'One class a week', amount_cents: 3000, interval: 'month' },
      });
      expect(other.status(), await other.text()).toBe(201);
      const member = await subscriber(page.request, offer.id, 'Inès Moreau');
      const outsider = await subscriber(
        page.request,
        ((await other.json()) as { id: string }).id,
        'Paul Simon',
      );

      // The merchant creates the event from the sidebar.
      await page.goto('/admin/app/dashboard');
      await page.getByRole('navigation').getByRole('link', { name: w.nav }).click();
      await expect(page.getByRole('heading', { level: 1, name: w.nav })).toBeVisible();
      await page.getByRole('button', { name: w.newEvent }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(w.title).fill('Tasting night');
      await dialog.getByLabel(w.starts, { exact: true }).fill(tomorrowInParis(18));
      await dialog.getByLabel(w.ends, { exact: true }).fill(tomorrowInParis(20));
      await dialog.getByLabel(w.place).fill('12 rue Oberkampf');
      await dialog.getByLabel(w.capacity).fill('10');
      await dialog.getByRole('checkbox', { name: 'Coffee club' }).check();
      await dialog.getByRole('button', { name: w.create }).click();
      await expect(dialog).toBeHidden();
      const card = page.getByTestId('event-card').filter({ hasText: 'Tasting night' });
      await expect(card).toBeVisible();
      await expect(card.getByTestId('event-registrations')).toHaveText('0');
      const listed = await page.request.get('/api/v1/nests/me/events');
      const eventId = ((await listed.json()) as { items: { id: string }[] }).items[0]!.id;

      // The subscriber of that offer registers from their phone in one click.
      const area = await customerPhone(browser, member, locale);
      const event = area.getByTestId('customer-event').filter({ hasText: 'Tasting night' });
      await expect(event.getByTestId('places-left')).toHaveText(w.placesLeft(10));
      await event.getByRole('button', { name: w.register }).click();
      await expect(event.getByText(w.registered)).toBeVisible();
      await expect(event.getByTestId('places-left')).toHaveText(w.placesLeft(9));
      await expect(area.getByTestId('card-registrations')).toContainText(w.onCard);
      await expect(area.getByTestId('card-registrations')).toContainText('Tasting night');

      // The confirmation email carries the calendar file.
      const mails = (await waitForMail(page.request, member, 2)) as (SentMail & {
        attachments?: { filename: string; content: string }[];
      })[];
      const confirmation = mails.find((m) => /Tasting night/.test(m.subject));
      expect(confirmation?.attachments?.[0]?.filename).toBe('event.ics');
      expect(confirmation?.attachments?.[0]?.content).toContain('SUMMARY:Tasting night — Café Lumière');

      // The subscriber of another offer does not see it.
      // The page comes with its events answered (painted by the server, ADR 209, or asked by the app).
      const otherArea = await customerPhone(browser, outsider, locale);
      await otherArea.reload();
      await expect(otherArea.locator('#root')).not.toHaveAttribute('data-prerendered');
      await otherArea.waitForLoadState('networkidle');
      await expect(otherArea.getByTestId('subscription-card')).toBeVisible();
      await expect(otherArea.getByText('Tasting night')).toHaveCount(0);
      await otherArea.context().close();

      // The day comes: at the door the registered subscriber is admitted and counted.
      expect((await page.request.post(`/api/v1/test/events/${eventId}/start`)).status()).toBe(204);
      const code = (await area.getByTestId('pass-code').textContent())!;
      await page.goto('/admin/app/verify');
      await page.getByLabel(w.codeField).fill(code);
      await page.getByRole('button', { name: w.checkCode }).click();
      const verdict = page.getByTestId('verdict');
      await expect(verdict.getByRole('heading', { name: w.granted })).toBeVisible();
      const door = verdict.getByTestId('door-events');
      await expect(door.getByText(w.admitted)).toBeVisible();
      await area.context().close();

      await page.getByRole('navigation').getByRole('link', { name: w.nav }).click();
      const started = page.getByTestId('event-card').filter({ hasText: 'Tasting night' });
      await expect(started.getByTestId('event-attended')).toHaveText('1');
      await started.getByRole('button', { name: w.whoIsComing }).click();
      await expect(started.getByTestId('attendee').filter({ hasText: 'Inès Moreau' })).toBeVisible();

      expect(appErrors(consoleErrors)).toEqual([]);
    });

    test(`a Starter merchant sees the upgrade prompt and cannot create an event (${locale})`, async ({
      page,
      consoleErrors,
    }) => {
      await sellingMerchant(page.request, { plan: 'starter', payouts: false, locale });
      await page.goto('/admin/app/events');
      const prompt = page.getByTestId('events-upgrade');
      await expect(prompt.getByRole('heading', { name: w.upgradeTitle })).toBeVisible();
      await expect(
        prompt
          .getByRole('link', { name: w.upgradeButton })
          .or(prompt.getByRole('button', { name: w.upgradeButton })),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: w.newEvent })).toHaveCount(0);
      expect(appErrors(consoleErrors)).toEqual([]);
    });
  });
}
