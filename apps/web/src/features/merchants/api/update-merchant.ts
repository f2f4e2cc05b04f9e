import type { Merchant, UpdateMerchantBody } from '@nest/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Changes the signed-in merchant's profile or password (PATCH /api/v1/users/{id}). */
export async function updateMerchant(input: {
  merchantId: string;
  changes: UpdateMerchantBody;
}): Promise<Merchant> {
  return api.patch<Merchant>(`/api/v1/users/${encodeURIComponent(input.merchantId)}`, input.changes);
}

export function useUpdateMerchant({ onUpdated }: { onUpdated?: (merchant: Merchant) => void } = {}) {
  return useMutation({ mutationFn: updateMerchant, onSuccess: (merchant) => onUpdated?.(merchant) });
}
