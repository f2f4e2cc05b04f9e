import type { Offer } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { offersQueryKey } from './get-offers';

export type OfferStatusAction = 'archive' | 'restore';

/**
 * Archives an offer (no new subscribers; existing ones keep renewing) or restores it
 * (POST /api/v1/offers/{id}/archive|restore).
 */
export function setOfferStatus(id: string, action: OfferStatusAction): Promise<Offer> {
  return api.post<Offer>(`/api/v1/offers/${encodeURIComponent(id)}/${action}`);
}

export function useSetOfferStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: OfferStatusAction }) => setOfferStatus(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersQueryKey }),
  });
}
