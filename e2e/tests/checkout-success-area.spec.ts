import { expect, test } from '../support/fixtures';
import { createLink, payThroughLink, sellingMerchant } from '../support/links';
import { uniqueEmail } from '../support/merchants';

test('after subscribing, the customer area opens with the email already filled in', async ({ browser }) => {
  const merchant = await browser.newContext();
  const { offer } = await sellingMerchant(merchant.request);
  const link = await createLink(merchant.request, offer.id);
  await merchant.close();

  const email = uniqueEmail('area');
  const { context, buyer } = await payThroughLink(browser, link.url, { email });
  await buyer.getByRole('link', { name: 'Open your customer area' }).click();
  await expect(buyer).toHaveURL(/\/client\/login\?email=/);
  await expect(buyer.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await context.close();
});
