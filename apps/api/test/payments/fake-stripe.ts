import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request Stripe's SDK sent to the fake, as the fake understood it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The form-encoded body, flattened as Stripe encodes it: `metadata[nest_plan]`, `line_items[0][price]`. */
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
}

export interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Responder = (request: RecordedRequest) => FakeAnswer | undefined;

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  /**
   * Answers requests matching method and path (a string, or a RegExp on the path), or every request a
   * responder answers (it returns undefined for the ones it leaves alone); the latest rule wins.
   */
  on(method: string, path: string | RegExp, answer: FakeAnswer | Responder): void;
  on(responder: Responder): void;
  /** The requests sent to one method and path. */
  sent(method: string, path: string | RegExp): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

/** Stripe's error body, as its API answers. */
export function stripeError(
  status: number,
  error: { type: string; code?: string; decline_code?: string; message: string },
  headers: Record<string, string> = {},
): FakeAnswer {
  return { status, body: { error }, ...(Object.keys(headers).length > 0 ? { headers } : {}) };
}

const matches = (pattern: string | RegExp, path: string) =>
  typeof pattern === 'string' ? pattern === path : pattern.test(path);

/**
 * A local HTTP server standing in for api.stripe.com: it records every request (method, path,
 * query, form fields, headers such as Idempotency-Key and Stripe-Account) and answers canned JSON
 * or Stripe's error answers. Anything not set up answers Stripe's 404 "No such …".
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  let rules: { method: string | null; path: string | RegExp; answer: FakeAnswer | Responder }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form: Object.fromEntries(new URLSearchParams(body)),
        headers: req.headers,
      };
      requests.push(recorded);
      let answer: FakeAnswer | undefined;
      for (const rule of [...rules].reverse()) {
        if (rule.method !== null && (rule.method !== recorded.method || !matches(rule.path, recorded.path)))
          continue;
        answer = typeof rule.answer === 'function' ? rule.answer(recorded) : rule.answer;
        if (answer) break;
      }
      answer ??= stripeError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such object: ${recorded.path}`,
      });
      res.writeHead(answer.status ?? 200, {
        'content-type': 'application/json',
        'request-id': `req_${requests.length}`,
        ...answer.headers,
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(methodOrResponder: string | Responder, path?: string | RegExp, answer?: FakeAnswer | Responder) {
      if (typeof methodOrResponder === 'function')
        rules.push({ method: null, path: /./, answer: methodOrResponder });
      else rules.push({ method: methodOrResponder, path: path!, answer: answer! });
    },
    sent: (method, path) => requests.filter((r) => r.method === method && matches(path, r.path)),
    reset() {
      requests.length = 0;
      rules = [];
    },
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A product and a price as Stripe answers their creation, from the form the adapter sent. */
export const stripeProduct = (form: Record<string, string>, id = 'prod_fake1') => ({
  id,
  object: 'product',
  name: form.name ?? 'Product',
  description: form.description || null,
  active: form.active === undefined ? true : form.active === 'true',
  metadata: {},
});

export const stripePrice = (form: Record<string, string>, id = 'price_fake1') => ({
  id,
  object: 'price',
  product: form.product ?? 'prod_fake1',
  unit_amount: Number(form.unit_amount ?? 100),
  currency: form.currency ?? 'eur',
  recurring: {
    interval: form['recurring[interval]'] ?? 'month',
    interval_count: Number(form['recurring[interval_count]'] ?? 1),
  },
  active: form.active === undefined ? true : form.active === 'true',
  metadata: {},
});

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Stripe-shaped objects for the fake's answers (only the fields the adapter reads, plus ids). */
export const stripeObjects = {
  price: (id: string, plan: string, amount: number) => ({
    id,
    object: 'price',
    active: true,
    currency: 'eur',
    unit_amount: amount,
    recurring: { interval: 'month', interval_count: 1 },
    lookup_key: `nest_plan_${plan}_${amount}_eur_month`,
    metadata: { nest_plan: plan },
    product: `prod_${plan}`,
  }),
  invoice: (input: {
    id: string;
    customer: string;
    subscription: string;
    status: 'open' | 'paid' | 'void' | 'draft' | 'uncollectible';
    amount: number;
    billingReason: string;
    periodStart: Date;
    periodEnd: Date;
    attemptCount?: number;
    nextAttempt?: Date | null;
    declineCode?: string;
  }) => ({
    id: input.id,
    object: 'invoice',
    customer: input.customer,
    status: input.status,
    amount_due: input.amount,
    amount_paid: input.status === 'paid' ? input.amount : 0,
    currency: 'eur',
    billing_reason: input.billingReason,
    period_start: unix(input.periodStart),
    period_end: unix(input.periodEnd),
    attempt_count: input.attemptCount ?? 1,
    next_payment_attempt: input.nextAttempt ? unix(input.nextAttempt) : null,
    created: unix(input.periodStart),
    status_transitions: { paid_at: input.status === 'paid' ? unix(input.periodStart) : null },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: input.subscription, metadata: {} },
    },
    payments: {
      object: 'list',
      data: input.declineCode
        ? [
            {
              id: 'inpay_1',
              object: 'invoice_payment',
              status: 'open',
              payment: {
                type: 'payment_intent',
                payment_intent: {
                  id: 'pi_1',
                  object: 'payment_intent',
                  last_payment_error: {
                    type: 'card_error',
                    code: 'card_declined',
                    decline_code: input.declineCode,
                  },
                },
              },
            },
          ]
        : [],
    },
  }),
  subscription: (input: {
    id: string;
    customer: string;
    status: string;
    userId: string;
    plan: string;
    amount: number;
    periodStart: Date;
    periodEnd: Date;
    cancelAtPeriodEnd?: boolean;
    latestInvoice?: unknown;
    schedule?: unknown;
  }) => ({
    id: input.id,
    object: 'subscription',
    customer: input.customer,
    status: input.status,
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    created: unix(input.periodStart),
    metadata: { nest_kind: 'plan', nest_user_id: input.userId, nest_plan: input.plan },
    latest_invoice: input.latestInvoice ?? null,
    schedule: input.schedule ?? null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_1',
          object: 'subscription_item',
          current_period_start: unix(input.periodStart),
          current_period_end: unix(input.periodEnd),
          price: stripeObjects.price(`price_${input.plan}`, input.plan, input.amount),
        },
      ],
    },
  }),
  checkoutSession: (input: {
    id: string;
    mode: 'subscription' | 'setup';
    status: 'open' | 'complete' | 'expired';
    customer: string;
    subscription?: string | null;
    metadata: Record<string, string>;
    url?: string | null;
  }) => ({
    id: input.id,
    object: 'checkout.session',
    mode: input.mode,
    status: input.status,
    customer: input.customer,
    subscription: input.subscription ?? null,
    metadata: input.metadata,
    url: input.url ?? null,
  }),
  account: (input: {
    id: string;
    detailsSubmitted?: boolean;
    enabled?: boolean;
    interval?: string;
    weeklyAnchor?: string;
  }) => ({
    id: input.id,
    object: 'account',
    email: 'merchant@example.com',
    business_profile: { name: 'Café Lumière' },
    details_submitted: input.detailsSubmitted ?? false,
    charges_enabled: input.enabled ?? false,
    payouts_enabled: input.enabled ?? false,
    settings: {
      payouts: {
        schedule: { interval: input.interval ?? 'daily', delay_days: 7, weekly_anchor: input.weeklyAnchor },
      },
    },
    metadata: {},
  }),
};
