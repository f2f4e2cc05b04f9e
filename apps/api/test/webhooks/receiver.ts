import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** What the standardwebhooks package made of it: the payload, or the error it threw. */
  verified: unknown;
  error: string | null;
}

/**
 * A local receiver as a merchant would write it: it verifies every request with the
 * `standardwebhooks` package and the endpoint's secret, answers with the next status of `statuses`
 * (200 once they run out), and counts the events it accepted once per `webhook-id`.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const accepted = new Map<string, unknown>();
  let secret = '';
  let statuses: number[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: unknown = null;
      let error: string | null = null;
      try {
        verified = new Webhook(secret).verify(body, request.headers as Record<string, string>);
      } catch (e) {
        error = (e as Error).message;
      }
      received.push({ headers: request.headers, body, verified, error });
      const status = error ? 400 : (statuses.shift() ?? 200);
      if (status >= 200 && status < 300) accepted.set(String(request.headers['webhook-id']), verified);
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/hooks`,
    received,
    accepted,
    setSecret(value: string) {
      secret = value;
    },
    failNext(...codes: number[]) {
      statuses = codes;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
