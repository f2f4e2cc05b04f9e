import { isApiError } from '@/lib/api-error';

export type PayoutErrorKind = 'notYours' | 'noNest' | 'network' | 'other';

/**
 * How a payout call failed, in the words the screens use: an account id that is not the signed-in
 * merchant's is a 404 from the API (it never says whose it is), and "no nest yet" is a 409.
 */
export function payoutErrorKind(error: unknown): PayoutErrorKind {
  if (!isApiError(error)) return 'other';
  if (error.isNetworkError) return 'network';
  if (error.status === 404) return 'notYours';
  if (error.code === 'nest_required') return 'noNest';
  return 'other';
}
