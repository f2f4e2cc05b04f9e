import 'i18next';
import type admin from '../locales/en-US/admin.json';
import type apiKeys from '../locales/en-US/api-keys.json';
import type auth from '../locales/en-US/auth.json';
import type checkout from '../locales/en-US/checkout.json';
import type common from '../locales/en-US/common.json';
import type customers from '../locales/en-US/customers.json';
import type events from '../locales/en-US/events.json';
import type landing from '../locales/en-US/landing.json';
import type legal from '../locales/en-US/legal.json';
import type links from '../locales/en-US/links.json';
import type merchantCustomers from '../locales/en-US/merchant-customers.json';
import type merchants from '../locales/en-US/merchants.json';
import type nests from '../locales/en-US/nests.json';
import type offers from '../locales/en-US/offers.json';
import type payouts from '../locales/en-US/payouts.json';
import type plans from '../locales/en-US/plans.json';
import type receipts from '../locales/en-US/receipts.json';
import type revenue from '../locales/en-US/revenue.json';
import type subscriptions from '../locales/en-US/subscriptions.json';
import type verification from '../locales/en-US/verification.json';
import type webhooks from '../locales/en-US/webhooks.json';

// The English catalogues are the reference: `t('…')` is checked against their keys, and a unit test
// checks that every locale has exactly the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      landing: typeof landing;
      legal: typeof legal;
      admin: typeof admin;
      auth: typeof auth;
      merchants: typeof merchants;
      plans: typeof plans;
      nests: typeof nests;
      payouts: typeof payouts;
      offers: typeof offers;
      links: typeof links;
      checkout: typeof checkout;
      customers: typeof customers;
      subscriptions: typeof subscriptions;
      'merchant-customers': typeof merchantCustomers;
      verification: typeof verification;
      revenue: typeof revenue;
      receipts: typeof receipts;
      events: typeof events;
      'api-keys': typeof apiKeys;
      webhooks: typeof webhooks;
    };
  }
}
