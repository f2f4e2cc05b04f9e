import type { Locale } from '@nest/contracts';
import { AppError } from '../../lib/errors.js';

interface StripeLikeError {
  type?: string;
  statusCode?: number;
  code?: string;
  decline_code?: string;
  message?: string;
  headers?: Record<string, string>;
}

function asStripeError(error: unknown): StripeLikeError | undefined {
  if (error instanceof AppError || !(error instanceof Error)) return undefined;
  const e = error as Error & StripeLikeError;
  return typeof e.type === 'string' && e.type.startsWith('Stripe') ? e : undefined;
}

/** A Stripe "no such object" answer: retrieve calls turn it into null. */
export function isMissing(error: unknown): boolean {
  const e = asStripeError(error);
  return e?.type === 'StripeInvalidRequestError' && (e.statusCode === 404 || e.code === 'resource_missing');
}

/**
 * Stripe's errors as problems the merchant can act on: a declined card says why; rate limits,
 * network failures and Stripe's own 5xx mean "try again in a moment" (nothing was charged: every
 * create carries an idempotency key); anything else is the provider refusing, with its reason.
 */
export function toAppError(error: unknown): unknown {
  const e = asStripeError(error);
  if (!e) return error;
  if (e.type === 'StripeCardError') {
    if (e.decline_code === 'insufficient_funds' || e.code === 'insufficient_funds') {
      return new AppError('insufficient_funds', { status: 402, cause: error });
    }
    return new AppError('card_declined', {
      params: { reason: e.message ?? e.code ?? 'card_declined' },
      cause: error,
    });
  }
  if (
    e.type === 'StripeRateLimitError' ||
    e.type === 'StripeConnectionError' ||
    e.type === 'StripeAPIError' ||
    (e.statusCode ?? 0) >= 500
  ) {
    const retryAfter = e.headers?.['retry-after'];
    return new AppError('provider_unavailable', {
      cause: error,
      ...(retryAfter && /^\d+$/.test(retryAfter) ? { headers: { 'retry-after': retryAfter } } : {}),
    });
  }
  if (isMissing(error)) return new AppError('not_found', { cause: error });
  if (e.type === 'StripeIdempotencyError') return new AppError('conflict', { cause: error });
  return new AppError('provider_error', {
    status: 502,
    params: { reason: e.message ?? e.type ?? 'unknown error' },
    cause: error,
  });
}

/** Runs a Stripe call and turns its errors into problems. */
export async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw toAppError(error);
  }
}

/** A retrieve that answers null when Stripe has no such object. */
export async function retrieve<T>(fn: () => Promise<T>): Promise<T | null> {
  try {
    return await fn();
  } catch (error) {
    if (isMissing(error)) return null;
    throw toAppError(error);
  }
}

/** Stripe's page language for ours. */
export const stripeLocale = (locale: Locale) => (locale === 'fr-FR' ? 'fr' : 'en');
