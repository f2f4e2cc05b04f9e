import type { Page } from '@playwright/test';

/** Calls made with the page's own fetch need one of our pages open (a new page is about:blank). */
export async function openOurOrigin(page: Page): Promise<void> {
  if (!page.url().startsWith('http')) await page.goto('/legal');
}

/** Calls our API from the page (same origin, the merchant's cookies) and answers status and JSON. */
export async function apiFromPage<T = unknown>(
  page: Page,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  await openOurOrigin(page);
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'include',
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}
