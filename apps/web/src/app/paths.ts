/**
 * Every route of the app, named once (spec §2). `path` is the router pattern, `getHref` builds a link.
 * Components link with `paths.admin.app.links.getHref()`, never with a literal string.
 */
function fixed(path: string) {
  return { path, getHref: () => path } as const;
}

const encode = (value: string) => encodeURIComponent(value);

/** A page that may carry the plan chosen before signing up (`?plan=pro`), so the choice survives signup. */
function withPlan(path: string) {
  return {
    path,
    getHref: (plan?: 'starter' | 'pro' | 'enterprise') => (plan ? `${path}?plan=${plan}` : path),
  } as const;
}

export const paths = {
  home: fixed('/'),
  notFound: fixed('/404'),
  admin: {
    root: fixed('/admin'),
    login: fixed('/admin/login'),
    signup: withPlan('/admin/signup'),
    /** Asking for a password reset link, and the page that link opens (its `?token=` is the key). */
    forgotPassword: fixed('/admin/forgot-password'),
    resetPassword: fixed('/admin/reset-password'),
    pricing: withPlan('/admin/pricing'),
    app: {
      account: fixed('/admin/app/account'),
      customers: fixed('/admin/app/customers'),
      dashboard: fixed('/admin/app/dashboard'),
      /** Events for subscribers (Pro and Enterprise; Starter sees the upgrade prompt). */
      events: fixed('/admin/app/events'),
      links: fixed('/admin/app/links'),
      prices: fixed('/admin/app/prices'),
      /** The nest's ledger: payments, refunds, disputes, payouts (linked from the dashboard). */
      transactions: fixed('/admin/app/transactions'),
      verify: fixed('/admin/app/verify'),
    },
    onboarding: {
      createNest: fixed('/admin/onboarding/create-nest'),
      paymentRecover: fixed('/admin/onboarding/payment/recover'),
      paymentSuccess: fixed('/admin/onboarding/payment/success'),
      stripeConnectRefresh: {
        path: '/admin/onboarding/stripe-connect/refresh/:stripeConnectAccountId',
        getHref: (stripeConnectAccountId: string) =>
          `/admin/onboarding/stripe-connect/refresh/${encode(stripeConnectAccountId)}`,
      },
      stripeConnectReturn: {
        path: '/admin/onboarding/stripe-connect/return/:stripeConnectAccountId',
        getHref: (stripeConnectAccountId: string) =>
          `/admin/onboarding/stripe-connect/return/${encode(stripeConnectAccountId)}`,
      },
    },
  },
  client: {
    login: fixed('/client/login'),
    app: {
      overview: fixed('/client/app/overview'),
      subscriptionSuccess: fixed('/client/app/subscriptions/success'),
    },
  },
  legal: {
    root: fixed('/legal'),
    document: {
      /** The document part may span several segments (spec §2), hence the splat. */
      path: '/legal/documents/*',
      getHref: (document: string) => `/legal/documents/${document.split('/').map(encode).join('/')}`,
    },
  },
  links: {
    notFound: fixed('/links/404'),
    link: {
      path: '/links/:nestLinkId',
      getHref: (nestLinkId: string) => `/links/${encode(nestLinkId)}`,
    },
  },
} as const;

/** Anchors of the landing page's sections (its navbar links to them). */
export const landingSections = {
  howItWorks: 'how-it-works',
  whoIsItFor: 'who-is-it-for',
  pricing: 'pricing',
} as const;
