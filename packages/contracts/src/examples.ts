import * as apiKeys from './api-keys.examples.js';
import * as auth from './auth.examples.js';
import * as checkout from './checkout.examples.js';
import * as customers from './customers.examples.js';
import * as events from './events.examples.js';
import type { Example } from './example.js';
import * as health from './health.examples.js';
import * as links from './links.examples.js';
import * as merchantCustomers from './merchant-customers.examples.js';
import * as merchants from './merchants.examples.js';
import * as nests from './nests.examples.js';
import * as offers from './offers.examples.js';
import * as offline from './offline.examples.js';
import * as payments from './payments.examples.js';
import * as payouts from './payouts.examples.js';
import * as plans from './plans.examples.js';
import * as privacy from './privacy.examples.js';
import * as receipts from './receipts.examples.js';
import * as revenue from './revenue.examples.js';
import * as revenueLedger from './revenue-ledger.examples.js';
import * as subscriptions from './subscriptions.examples.js';
import * as verification from './verification.examples.js';
import * as webhooks from './webhooks.examples.js';

export { problemExample } from './problem.examples.js';

/**
 * Every example of the API reference (ADR 196), each with the schema it illustrates. Kept out of the
 * package's main entry so the web app never loads them.
 */
export const examples: readonly Example[] = [
  apiKeys,
  auth,
  checkout,
  customers,
  events,
  health,
  links,
  merchantCustomers,
  merchants,
  nests,
  offers,
  offline,
  payments,
  payouts,
  plans,
  privacy,
  receipts,
  revenue,
  revenueLedger,
  subscriptions,
  verification,
  webhooks,
].flatMap((module): Example[] => Object.values(module));

/**
 * The example of a schema a route uses, if it has one: the one written for this status when the
 * schema serves several answers that differ, else its only one.
 */
export function exampleOf(schema: unknown, status?: number): unknown {
  const candidates = examples.filter((example) => example.schema === schema);
  return (
    candidates.find((example) => example.status === status) ??
    candidates.find((example) => example.status === undefined)
  )?.value;
}
