import type { Nest, UpdateNestBody } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nestQueryKey } from './get-nest';

/** Changes the signed-in merchant's nest (PATCH /api/v1/nests/me): only the fields sent change. */
export async function updateNest(changes: UpdateNestBody): Promise<Nest> {
  return api.patch<Nest>('/api/v1/nests/me', changes);
}

export function useUpdateNest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNest,
    onSuccess: (nest) => queryClient.setQueryData(nestQueryKey, nest),
  });
}
