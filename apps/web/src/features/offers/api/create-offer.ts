import type { CreateOfferBody, Offer } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offersQueryKey } from './get-offers';

/**
 * Creates an offer (POST /api/v1/offers). The idempotency key makes the one retry after a lost answer
 * safe: the API answers the offer it already made instead of making a second one.
 */
export function createOffer(body: CreateOfferBody, idempotencyKey: string): Promise<Offer> {
  return api.post<Offer>('/api/v1/offers', body, {
    headers: { 'idempotency-key': idempotencyKey },
    retry: true,
  });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: CreateOfferBody; idempotencyKey: string }) =>
      createOffer(body, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}
