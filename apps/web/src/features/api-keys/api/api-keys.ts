import {
  type ApiKeyList,
  apiKeyListSchema,
  apiKeySchema,
  type CreateApiKeyBody,
  type CreatedApiKey,
  createdApiKeySchema,
} from '@nest/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const apiKeysQueryKey = ['api-keys'] as const;

/** The merchant's API keys (GET /api/v1/nests/me/api-keys). */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: async ({ signal }): Promise<ApiKeyList> =>
      apiKeyListSchema.parse(await api.get('/api/v1/nests/me/api-keys', { signal })),
  });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateApiKeyBody): Promise<CreatedApiKey> =>
      createdApiKeySchema.parse(await api.post('/api/v1/nests/me/api-keys', body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      apiKeySchema.parse(await api.delete(`/api/v1/nests/me/api-keys/${encodeURIComponent(id)}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
