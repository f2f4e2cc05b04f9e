import type {
  CreateEventBody,
  EventDetail,
  EventList,
  NestEvent,
  OfferPage,
  UpdateEventBody,
} from '@nest/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const eventsQueryKey = ['events'] as const;

export type EventListWhen = 'upcoming' | 'past';

/** The nest's events and the dashboard's figures (GET /api/v1/nests/me/events). */
export function eventsQueryOptions(when: EventListWhen) {
  return queryOptions({
    queryKey: [...eventsQueryKey, 'list', when],
    queryFn: ({ signal }) => api.get<EventList>('/api/v1/nests/me/events', { query: { when }, signal }),
  });
}

export const useEvents = (when: EventListWhen) => useQuery(eventsQueryOptions(when));

/** One event with who registered and who came. */
export function useEventDetail(id: string | null) {
  return useQuery({
    queryKey: [...eventsQueryKey, 'detail', id],
    queryFn: ({ signal }) => api.get<EventDetail>(`/api/v1/nests/me/events/${id}`, { signal }),
    enabled: id !== null,
  });
}

/** The nest's active offers, to choose which give access (one page of 100 is every offer a nest has in practice). */
export function useEventOffers() {
  return useQuery({
    queryKey: [...eventsQueryKey, 'offers'],
    queryFn: ({ signal }) =>
      api.get<OfferPage>('/api/v1/offers', { query: { status: 'active', limit: 100 }, signal }),
  });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventBody) => api.post<NestEvent>('/api/v1/nests/me/events', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateEventBody }) =>
      api.patch<NestEvent>(`/api/v1/nests/me/events/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}

export function useCancelEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<NestEvent>(`/api/v1/nests/me/events/${id}/cancel`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}
