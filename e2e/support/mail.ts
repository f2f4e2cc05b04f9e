import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The mail the product sent to one address (the dev mail transport's outbox), oldest first. */
export async function readMail(request: APIRequestContext, to: string): Promise<SentMail[]> {
  const response = await request.get('/api/v1/test/mail', { params: { to } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as SentMail[];
}

/**
 * Waits until at least `count` mails reached the address: the job that sends a mail may already be
 * running in the background worker when the outbox is read.
 */
export async function waitForMail(request: APIRequestContext, to: string, count = 1): Promise<SentMail[]> {
  let mails: SentMail[] = [];
  await expect
    .poll(
      async () => {
        mails = await readMail(request, to);
        return mails.length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return mails;
}

/** The first link to one of our pages in a mail's text. */
export function linkIn(mail: SentMail, path: string): string {
  const match = mail.text.match(
    new RegExp(`https?://[^\\s)]+${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}[^\\s)]*`),
  );
  if (!match) throw new Error(`No link to ${path} in the mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}
