import type { CheckoutStarted, StartCheckoutBody } from '@nest/contracts';
import { api } from '@/lib/api-client';

/**
 * Subscribe through a link: answers the payment page to send the visitor to. Never retried. A plain
 * call, not a TanStack mutation: the standalone link page has no query client (ADR 077).
 */
export function startCheckout(nestLinkId: string, body: StartCheckoutBody): Promise<CheckoutStarted> {
  return api.post<CheckoutStarted>(`/api/v1/public/links/${encodeURIComponent(nestLinkId)}/checkout`, body);
}
