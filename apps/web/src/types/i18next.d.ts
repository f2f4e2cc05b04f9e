import 'i18next';
import type account from '../locales/en-US/account.json';
import type admin from '../locales/en-US/admin.json';
import type auth from '../locales/en-US/auth.json';
import type billing from '../locales/en-US/billing.json';
import type client from '../locales/en-US/client.json';
import type common from '../locales/en-US/common.json';
import type landing from '../locales/en-US/landing.json';
import type legal from '../locales/en-US/legal.json';
import type linkManager from '../locales/en-US/link-manager.json';
import type links from '../locales/en-US/links.json';
import type merchantCustomers from '../locales/en-US/merchant-customers.json';
import type nests from '../locales/en-US/nests.json';
import type offers from '../locales/en-US/offers.json';
import type payouts from '../locales/en-US/payouts.json';
import type plans from '../locales/en-US/plans.json';
import type revenue from '../locales/en-US/revenue.json';
import type verify from '../locales/en-US/verify.json';

// The English catalogues are the reference: `t('…')` is checked against their keys, and a unit test
// checks that every locale has exactly the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      landing: typeof landing;
      plans: typeof plans;
      legal: typeof legal;
      admin: typeof admin;
      auth: typeof auth;
      client: typeof client;
      links: typeof links;
      'link-manager': typeof linkManager;
      nests: typeof nests;
      offers: typeof offers;
      payouts: typeof payouts;
      billing: typeof billing;
      account: typeof account;
      'merchant-customers': typeof merchantCustomers;
      revenue: typeof revenue;
      verify: typeof verify;
    };
  }
}
