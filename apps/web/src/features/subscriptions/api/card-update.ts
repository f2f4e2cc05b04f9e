import type { RedirectUrl } from '@nest/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Opens the provider's hosted page where the customer gives another card for one subscription (on
 * the merchant's connected account). The page sends them back to
 * `/client/app/overview?pay=<id>&card=updated`; the card and the payment are applied by the webhook.
 */
export function useCardUpdateSession(subscriptionId: string) {
  return useMutation({
    mutationFn: () =>
      api.post<RedirectUrl>(
        `/api/v1/payments/external/nest-subs/${encodeURIComponent(subscriptionId)}/card-update-session`,
        undefined,
        { renewSession: false },
      ),
  });
}
