import {
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointBody,
  createdWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
} from '@nest/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const base = '/api/v1/nests/me/webhook-endpoints';
export const webhookEndpointsQueryKey = ['webhook-endpoints'] as const;
const deliveriesKey = (endpointId: string) => ['webhook-endpoints', endpointId, 'deliveries'] as const;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookEndpointsQueryKey,
    queryFn: async ({ signal }) => webhookEndpointListSchema.parse(await api.get(base, { signal })),
  });
}

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateWebhookEndpointBody): Promise<CreatedWebhookEndpoint> =>
      createdWebhookEndpointSchema.parse(await api.post(base, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) =>
      webhookEndpointSchema.parse(await api.patch(`${base}/${encodeURIComponent(id)}`, { enabled })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => api.delete(`${base}/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey }),
  });
}

/** An endpoint's deliveries log; asked again every 2 s while a delivery waits to be sent. */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: deliveriesKey(endpointId),
    queryFn: async ({ signal }) =>
      webhookDeliveryListSchema.parse(
        await api.get(`${base}/${encodeURIComponent(endpointId)}/deliveries`, { signal }),
      ).deliveries,
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending' && delivery.attempts === 0)
        ? 1000
        : query.state.data?.some((delivery) => delivery.status === 'pending')
          ? 5000
          : false,
  });
}

export function useSendTestEvent(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      webhookDeliverySchema.parse(await api.post(`${base}/${encodeURIComponent(endpointId)}/test`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}

export function useReplayDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deliveryId: string) =>
      webhookDeliverySchema.parse(
        await api.post(
          `${base}/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/replay`,
        ),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
