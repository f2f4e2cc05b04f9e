import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, keys as Stripe sends them (`recurring[interval]`). */
  form: Record<string, string>;
}

export type Answer = { status: number; body: unknown; headers?: Record<string, string> };
export type Handler = (request: RecordedRequest) => Answer | undefined;

/**
 * A local stand-in for Stripe's API: records every request and answers from handlers, newest first.
 * Unknown requests get Stripe's 404 shape, so a test notices a call it did not expect.
 */
export async function startFakeStripe() {
  const requests: RecordedRequest[] = [];
  const handlers: Handler[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : raw));
      const recorded = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, form };
      requests.push(recorded);
      const answer = handlers.map((h) => h(recorded)).find((a) => a !== undefined) ?? {
        status: 404,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such ${url.pathname}`,
          },
        },
      };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Handlers added later win. */
    on(handler: Handler) {
      handlers.unshift(handler);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

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

export const stripeError = (status: number, type: string, message: string, code?: string): Answer => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});
