import type { CheckoutStarted, StartCheckoutBody } from '@nest/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Subscribe through a link: answers the payment page to send the visitor to. Never retried. */
export function startCheckout(nestLinkId: string, body: StartCheckoutBody): Promise<CheckoutStarted> {
  return api.post<CheckoutStarted>(`/api/v1/public/links/${encodeURIComponent(nestLinkId)}/checkout`, body);
}

export function useStartCheckout(nestLinkId: string) {
  return useMutation({ mutationFn: (body: StartCheckoutBody) => startCheckout(nestLinkId, body) });
}
