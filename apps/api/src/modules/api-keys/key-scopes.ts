import type { ApiKeyDomain, ApiKeyScope } from '@nest/contracts';

/**
 * Which merchant operations an API key may call, and with which scope (ADR 175): the one table the
 * OpenAPI document's `bearerAuth` security and the key check both read. A route not matched here is
 * session-only (the account, its password, plans, API keys and webhook endpoints themselves, payouts).
 * Paths are the routes' patterns under /api/v1.
 */
const domainOfPath: readonly [RegExp, ApiKeyDomain][] = [
  [/^\/offers(\/:id)?$/, 'offers'],
  [/^\/links(\/:id)?$/, 'links'],
  [
    /^\/nests\/:nestId\/nest-customers\/:customerId\/subscriptions\/:subscriptionId\/cancellation$/,
    'subscriptions',
  ],
  [/^\/nests\/:nestId\/nest-customers\/(find|export|:customerId|:customerId\/sign-in-link)$/, 'customers'],
  [/^\/nests\/me\/subscriptions\/:id\/pay-now-email$/, 'subscriptions'],
  [/^\/nests\/me\/subscriptions\/:id\/rewards$/, 'verification'],
  [/^\/nests\/me\/verifications(\/customers|\/:id\/undo)?$/, 'verification'],
  [/^\/nests\/me\/rewards\/:id\/redeem$/, 'verification'],
  [
    /^\/users\/:id\/stripe\/(transactions|transactions\/:transactionId\/refund|summary|invoices)$/,
    'transactions',
  ],
  [/^\/nests\/:nestId\/nest-invoices\/:invoiceId\/receipt$/, 'transactions'],
];

/** POSTs that only read (a search with a body): they need the read scope. */
const readingPosts = new Set(['/nests/:nestId/nest-customers/find']);

const API_PREFIX = '/api/v1';

/** The scope an operation needs from a key, or null when keys may not call it. */
export function apiKeyScopeOf(method: string, url: string): ApiKeyScope | null {
  if (!url.startsWith(API_PREFIX)) return null;
  const path = url.slice(API_PREFIX.length);
  const found = domainOfPath.find(([pattern]) => pattern.test(path));
  if (!found) return null;
  const reads = method === 'GET' || method === 'HEAD' || (method === 'POST' && readingPosts.has(path));
  return `${found[1]}:${reads ? 'read' : 'write'}`;
}

/** Whether a key's scopes allow a needed scope: `x:write` includes `x:read`. */
export function scopesAllow(granted: readonly string[], needed: ApiKeyScope): boolean {
  if (granted.includes(needed)) return true;
  const [domain, access] = needed.split(':');
  return access === 'read' && granted.includes(`${domain}:write`);
}
