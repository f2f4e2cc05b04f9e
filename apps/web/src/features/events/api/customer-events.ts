import type { CustomerEvent, EventRegistration } from '@nest/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const customerEventsQueryKey = ['customer-events'] as const;

/** Upcoming events my subscriptions give access to (GET /api/v1/nest-customers/me/events). */
export function useCustomerEvents() {
  return useQuery({
    queryKey: customerEventsQueryKey,
    queryFn: ({ signal }) =>
      api.get<{ items: CustomerEvent[] }>('/api/v1/nest-customers/me/events', { signal }),
  });
}

export function useRegisterForEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, guests }: { id: string; guests: number }) =>
      api.post<EventRegistration>(
        `/api/v1/nest-customers/me/events/${id}/registrations`,
        { guests },
        { retry: true },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerEventsQueryKey }),
  });
}

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registrationId: string) =>
      api.post<EventRegistration>(`/api/v1/nest-customers/me/event-registrations/${registrationId}/cancel`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerEventsQueryKey }),
  });
}
