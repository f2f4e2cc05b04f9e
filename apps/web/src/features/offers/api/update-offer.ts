import type { Offer, UpdateOfferBody } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offersQueryKey } from './get-offers';

/**
 * Edits an offer (PATCH /api/v1/offers/{id}). A new amount or billing interval on a price that has had
 * subscribers makes a new price version for new subscribers; existing ones keep theirs.
 */
export function updateOffer(id: string, body: UpdateOfferBody): Promise<Offer> {
  return api.patch<Offer>(`/api/v1/offers/${encodeURIComponent(id)}`, body);
}

export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateOfferBody }) => updateOffer(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}
