import type { APIRequestContext, Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { expect, test } from '../support/fixtures';
import { createLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';
import { logoPng } from '../support/nests';

/** The merchant's brand in front (ADR 197): the cover colour, the link page, the checkout, the posters. */

const BLUE = 'rgb(29, 78, 216)';
const WHITE = 'rgb(255, 255, 255)';
const NEAR_BLACK = 'rgb(2, 6, 23)';

async function brandedNest(request: APIRequestContext, brandColor?: string) {
  const { offer } = await sellingMerchant(request, { nestName: 'Café Lumière' });
  const logo = await request.post('/api/v1/nests/me/logo', {
    data: logoPng(300, 300),
    headers: { 'content-type': 'image/png' },
  });
  expect(logo.status(), await logo.text()).toBe(200);
  const patched = await request.patch('/api/v1/nests/me', {
    data: { description: 'Roasted on site since 1998.', ...(brandColor ? { brand_color: brandColor } : {}) },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  return { offer, link: await createLink(request, offer.id, 'Window') };
}

test('the merchant picks a cover colour, and the link page and the checkout lead with the nest in it', async ({
  page,
  browser,
  consoleErrors,
}) => {
  const { offer, link } = await brandedNest(page.request);

  await page.goto('/admin/app/account');
  const business = page.getByRole('region', { name: 'Your business' });
  const colours = business.getByRole('group', { name: 'Cover colour' });
  await expect(colours.getByRole('radio', { name: 'Nest’s teal' })).toBeChecked();
  // The swatches are radios drawn as coloured circles: the visible circle is what takes the click.
  await colours.getByTitle('Terracotta').click();
  await expect(colours.getByRole('radio', { name: 'Terracotta' })).toBeChecked();
  await expect(business.getByTestId('brand-preview')).toHaveCSS('background-color', 'rgb(194, 65, 12)');
  await colours.getByLabel('Other colour').fill('#1d4ed8');
  await expect(business.getByTestId('brand-preview')).toHaveCSS('background-color', BLUE);
  await expect(business.getByTestId('brand-preview')).toHaveCSS('color', WHITE);
  await business.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your business details are saved.')).toBeVisible();
  await page.reload();
  await expect(colours.getByLabel('Other colour')).toHaveValue('#1d4ed8');

  // A customer opens the link: the nest leads, Nest is one small line.
  const customer = await browser.newPage({ locale: 'en-US' });
  const customerErrors: string[] = [];
  customer.on('console', (message) => {
    if (message.type() === 'error') customerErrors.push(message.text());
  });
  await customer.goto(link.url);
  const cover = customer.getByTestId('nest-cover');
  await expect(cover).toHaveCSS('background-color', BLUE);
  await expect(cover).toHaveCSS('color', WHITE);
  await expect(cover.getByTestId('nest-name')).toHaveText('Café Lumière');
  await expect(cover.getByRole('img', { name: 'Café Lumière logo' })).toBeVisible();
  await expect(cover.getByTestId('nest-description')).toHaveText('Roasted on site since 1998.');
  await expect(customer.getByRole('heading', { level: 1, name: offer.name })).toBeVisible();
  await expect(customer.getByTestId('offer-price')).toHaveText('€12.00 / month');
  await expect(customer.getByTestId('powered-by')).toHaveText('Powered by Nest');
  await expect(customer.getByRole('banner').getByRole('link', { name: 'Nest, home page' })).toHaveCount(0);
  await expect(customer.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1d4ed8');
  await expect(customer.getByRole('button', { name: /^Subscribe for/ })).toHaveCSS('background-color', BLUE);

  await customer.getByLabel('Email', { exact: true }).fill(uniqueEmail('brand'));
  await customer.getByLabel('Your name').fill('Camille Martin');
  await customer.getByRole('button', { name: /^Subscribe for/ }).click();
  await expect(customer).toHaveURL(/\/sandbox\/checkout\//);
  const checkoutCover = customer.getByTestId('checkout-cover');
  await expect(checkoutCover).toHaveCSS('background-color', BLUE);
  await expect(checkoutCover).toHaveCSS('color', WHITE);
  await expect(checkoutCover).toContainText('Café Lumière');
  await expect(checkoutCover.getByRole('img', { name: 'Café Lumière logo' })).toBeVisible();
  await expect(customer.getByTestId('merchant-name')).toHaveText('Café Lumière SARL');
  await expect(customer.getByTestId('powered-by')).toHaveText('Powered by Nest');
  await expect(customer.getByRole('button', { name: /^Pay/ })).toHaveCSS('background-color', BLUE);

  // A light colour gets near-black text, on the page and on the checkout.
  expect((await page.request.patch('/api/v1/nests/me', { data: { brand_color: '#fde68a' } })).status()).toBe(
    200,
  );
  await customer.goto(link.url);
  await expect(cover).toHaveCSS('background-color', 'rgb(253, 230, 138)');
  await expect(cover).toHaveCSS('color', NEAR_BLACK);
  await customer.close();
  expect(customerErrors).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

/** The page's print, as Chromium lays it out with the CSS page size: its pages' sizes in points. */
async function printedPages(page: Page): Promise<Array<{ width: number; height: number; text: string }>> {
  const bytes = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const printed = await pdf.getPage(n);
    const { width, height } = printed.getViewport({ scale: 1 });
    const content = await printed.getTextContent();
    const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    pages.push({ width: Math.round(width), height: Math.round(height), text: text.replace(/\s+/g, ' ') });
  }
  await pdf.destroy();
  return pages;
}

test('the poster comes as an A4 poster, an A5 table tent and an A6 counter card, each on one page', async ({
  page,
  consoleErrors,
}) => {
  const { offer, link } = await brandedNest(page.request, '#1d4ed8');
  const address = link.url.replace(/^https?:\/\//, '');
  await page.goto('/admin/app/links');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Window' }) });
  await card.getByRole('button', { name: 'Print poster' }).click();
  const dialog = page.getByRole('dialog', { name: 'Poster for “Window”' });
  const formats = dialog.getByRole('group', { name: 'Format' });
  await expect(formats.getByRole('radio', { name: /A4 poster/ })).toBeChecked();

  // A4 and A6 are portrait pages of their size; the tent is an A4 sheet folded across its middle.
  const expected = [
    { name: /A4 poster/, format: 'a4', faces: 1, pdf: { width: 595, height: 842 } },
    { name: /A5 table tent/, format: 'a5-tent', faces: 2, pdf: { width: 595, height: 842 } },
    { name: /A6 counter card/, format: 'a6', faces: 1, pdf: { width: 298, height: 420 } },
  ];
  for (const { name, format, faces, pdf } of expected) {
    await formats.getByText(name).click();
    await expect(formats.getByRole('radio', { name })).toBeChecked();
    const preview = dialog.getByTestId('link-poster');
    await expect(preview).toHaveAttribute('data-format', format);
    // The tent's upside-down face repeats the other for the eye only (hidden from assistive technology).
    await expect(preview.getByRole('heading', { name: offer.name })).toBeVisible();
    await expect(preview.locator('h2', { hasText: offer.name })).toHaveCount(faces);
    await expect(preview.getByText(/^€12\.00 \/ month/)).toHaveCount(faces);
    await expect(preview.getByText(/^12,00\s€ \/ mois/)).toHaveCount(faces);
    await expect(preview.getByTestId('poster-grants')).toHaveCount(faces);
    await expect(preview.getByTestId('poster-grants').first()).toHaveText(/One coffee per day/);
    await expect(preview.getByTestId('poster-address').first()).toHaveText(address);
    await expect(preview.getByRole('img', { name: 'Café Lumière logo' }).first()).toBeVisible();
    await expect(preview.locator('[data-brand-color="#1d4ed8"]')).toHaveCount(faces);
    const qr = preview.getByTestId('poster-qr').first();
    await expect
      .poll(() => qr.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    const printed = await printedPages(page);
    expect(printed, `${format}: one page`).toHaveLength(1);
    expect(printed[0]).toMatchObject(pdf);
    expect(printed[0]!.text).toContain(offer.name);
    expect(printed[0]!.text).toContain(address);
    expect(printed[0]!.text).toContain('Scan to subscribe: no app to install.');
  }
  expect(consoleErrors).toEqual([]);
});
