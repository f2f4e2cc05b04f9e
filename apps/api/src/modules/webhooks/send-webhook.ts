import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isForbiddenAddress } from './endpoint-url.js';

/** How long a receiver has to answer (connection and response together). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** What is kept of a receiver's answer; the rest is not read. */
const MAX_RESPONSE_BYTES = 16 * 1024;

export interface WebhookAttempt {
  status: number | null;
  latencyMs: number;
  error: string | null;
}

/**
 * POSTs one signed delivery. Never throws: a network error, a timeout or a refused address is an
 * attempt with an error. Without `allowPrivate`, the connection's own DNS answer is checked (a name
 * that resolved to a public address when saved cannot be pointed at the platform later).
 */
export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<WebhookAttempt> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const done = (attempt: WebhookAttempt) => {
      if (settled) return;
      settled = true;
      resolve(attempt);
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      done({ status: null, latencyMs: 0, error: 'invalid URL' });
      return;
    }
    const lookup = (
      hostname: string,
      opts: object,
      callback: (
        error: NodeJS.ErrnoException | null,
        address: string | LookupAddress[],
        family?: number,
      ) => void,
    ) => {
      dnsLookup(hostname, { ...opts, all: true }, (error, addresses) => {
        if (error) return callback(error, []);
        const list = addresses as LookupAddress[];
        if (!options.allowPrivate && list.some((a) => isForbiddenAddress(a.address))) {
          const refused = new Error(
            'refused: the host resolves to a private address',
          ) as NodeJS.ErrnoException;
          refused.code = 'EADDRNOTPUBLIC';
          return callback(refused, []);
        }
        if ((opts as { all?: boolean }).all) return callback(null, list);
        const first = list[0];
        if (!first) return callback(new Error('no address'), []);
        return callback(null, first.address, first.family);
      });
    };
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'Nest-Webhooks/1.0',
        },
        lookup: lookup as never,
        timeout: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      },
      (response) => {
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > MAX_RESPONSE_BYTES) response.destroy();
        });
        const finish = () => done({ status: response.statusCode ?? null, latencyMs: latency(), error: null });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`timed out after ${options.timeoutMs ?? WEBHOOK_TIMEOUT_MS} ms`));
    }, options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', (error) =>
      done({ status: null, latencyMs: latency(), error: error.message.slice(0, 300) }),
    );
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}
