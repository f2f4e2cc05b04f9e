import { createHmac, hash, randomBytes } from 'node:crypto';

/** A bearer secret: 256 bits from the OS CSPRNG, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A bearer secret derived from one the caller already holds: HMAC-SHA256 of `purpose`, keyed by
 * `secret` (256 bits, URL-safe, shaped like generateToken's). The same inputs give the same token, so
 * a retried request can be answered with exactly what its lost answer carried (ADR 219); without
 * `secret` nobody can compute it.
 */
export function deriveToken(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}

/**
 * What the database keeps of a token. A plain SHA-256 is enough (no salt, no slow hash): the token
 * already has 256 bits of entropy, and a fast, deterministic hash allows the indexed look-up.
 */
export function hashToken(token: string): string {
  // One-shot: every signed-in request hashes its token, and a Hash object cost 3–4 times as much.
  return hash('sha256', token, 'hex');
}

/** Identifies an email in logs without writing it down (correlate attempts, never reveal the address). */
export function emailFingerprint(email: string): string {
  return hash('sha256', email.trim().toLowerCase(), 'hex').slice(0, 16);
}

const SECRET_QUERY_PARAMS = /([?&](?:token|code)=)[^&#]*/gi;

/** A URL fit for the logs: one-time tokens and codes in the query are replaced by a marker. */
export function redactUrl(url: string): string {
  // Every request's log line passes here; most URLs carry no parameter at all.
  return url.includes('=') ? url.replace(SECRET_QUERY_PARAMS, '$1[redacted]') : url;
}

/** Fastify's request log line, with secrets in the URL redacted (a reset link's page load carries its token). */
export function requestLogSerializer(req: unknown) {
  const r = req as {
    method?: string;
    url?: string;
    host?: string;
    ip?: string;
    headers?: Record<string, unknown>;
    socket?: { remotePort?: number };
  };
  return {
    method: r.method,
    url: r.url === undefined ? undefined : redactUrl(r.url),
    version: r.headers?.['accept-version'] as string | undefined,
    host: r.host,
    remoteAddress: r.ip,
    remotePort: r.socket?.remotePort,
  };
}
