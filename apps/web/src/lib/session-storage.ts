import type { Merchant } from '@nest/contracts';

/**
 * The signed-in nest customer as the customer area keeps it: who they are, not their subscriptions
 * (those are asked for on every visit, GET /api/v1/nest-customers/me).
 */
export interface CustomerAccount {
  id: string;
  email: string;
  name: string | null;
}

/** One typed value in sessionStorage: gone when the tab closes, never shared across tabs. */
export interface SessionSlot<T> {
  readonly key: string;
  get(): T | null;
  set(value: T): void;
  clear(): void;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames): behave as if empty.
    return null;
  }
}

export function createSessionSlot<T>(key: string): SessionSlot<T> {
  return {
    key,
    get() {
      const raw = storage()?.getItem(key);
      if (raw == null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        storage()?.removeItem(key);
        return null;
      }
    },
    set(value) {
      try {
        storage()?.setItem(key, JSON.stringify(value));
      } catch {
        // Quota exceeded or storage blocked: the account is then fetched again when needed.
      }
    },
    clear() {
      storage()?.removeItem(key);
    },
  };
}

/** The current merchant account (spec §3: one key for the merchant, another for the customer). */
export const merchantAccount = createSessionSlot<Merchant>('nest.merchant');
/** The current nest customer account. */
export const customerAccount = createSessionSlot<CustomerAccount>('nest.customer');
/**
 * The email a visitor subscribed with on a link page, kept in the tab so the success page can open the
 * customer area with it filled in (the checkout session's answer never carries it).
 */
export const checkoutEmail = createSessionSlot<string>('nest.checkout_email');
