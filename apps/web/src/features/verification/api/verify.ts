import type {
  CheckIn,
  CheckInList,
  CounterSearchResult,
  PayNowEmail,
  RedeemedReward,
  Verification,
  VerifyBody,
} from '@nest/contracts';
import type { OfflineSettingsBody } from '@nest/contracts/offline';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const checkInsQueryKey = ['verify', 'check-ins'] as const;
const searchQueryKey = ['verify', 'search'] as const;
export const acceptedOfflineQueryKey = ['verify', 'accepted-offline'] as const;

/** How many recent check-ins the counter screen asks for (today's are shown). */
const RECENT_LIMIT = 50;

/**
 * Verifies a pass at the counter (POST /api/v1/nests/me/verifications). Never retried: each call
 * records a check-in (a second one within 5 minutes would only be a repeat, but it is noise).
 */
export function verifyPass(body: VerifyBody): Promise<Verification> {
  return api.post<Verification>('/api/v1/nests/me/verifications', body, { retry: false });
}

export function useVerifyPass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPass,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: checkInsQueryKey });
      void queryClient.invalidateQueries({ queryKey: searchQueryKey });
    },
  });
}

export function recentCheckInsQueryOptions() {
  return queryOptions({
    queryKey: checkInsQueryKey,
    queryFn: ({ signal }) =>
      api.get<CheckInList>(`/api/v1/nests/me/verifications?limit=${RECENT_LIMIT}`, { signal }),
  });
}

export function useRecentCheckIns() {
  return useQuery(recentCheckInsQueryOptions());
}

/**
 * Whether the counter has recorded anything yet, a refusal included (the dashboard's first steps tick
 * the counter's step with it). Under `checkInsQueryKey`, so a scan refreshes it.
 */
export function useCounterTried() {
  return useQuery({
    queryKey: [...checkInsQueryKey, 'any'],
    queryFn: ({ signal }) => api.get<CheckInList>('/api/v1/nests/me/verifications?limit=1', { signal }),
    select: (list) => list.check_ins.length > 0,
  });
}

/** The nest's customers matching a name or email, with the answer the counter would give (records nothing). */
export function useCounterSearch(query: string) {
  return useQuery({
    queryKey: [...searchQueryKey, query],
    queryFn: ({ signal }) =>
      api.get<CounterSearchResult>(
        `/api/v1/nests/me/verifications/customers?q=${encodeURIComponent(query)}`,
        { signal },
      ),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });
}

/** Undoes a check-in within 2 minutes; the list and any search answer change with it. */
export function useUndoCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (checkInId: string) =>
      api.post<CheckIn>(`/api/v1/nests/me/verifications/${encodeURIComponent(checkInId)}/undo`, undefined, {
        retry: false,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: checkInsQueryKey });
      void queryClient.invalidateQueries({ queryKey: searchQueryKey });
    },
  });
}

/** Emails the customer the pay-now link (once per 10 minutes per subscription). */
export function useSendPayNow() {
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      api.post<PayNowEmail>(
        `/api/v1/nests/me/subscriptions/${encodeURIComponent(subscriptionId)}/pay-now-email`,
        undefined,
        { retry: false },
      ),
  });
}

/** Hands a reward over once (a second press answers 409 reward_already_redeemed). */
export function useRedeemReward() {
  return useMutation({
    mutationFn: (rewardId: string) =>
      api.post<RedeemedReward>(`/api/v1/nests/me/rewards/${encodeURIComponent(rewardId)}/redeem`, undefined, {
        retry: false,
      }),
  });
}

/** Check-ins let in offline that the server would have refused (ADR 185), newest first. */
export function useAcceptedOffline() {
  return useQuery({
    queryKey: acceptedOfflineQueryKey,
    queryFn: ({ signal }) =>
      api.get<CheckInList>('/api/v1/nests/me/verifications/accepted-offline?limit=20', { signal }),
    retry: false,
  });
}

/** The age past which the offline snapshot is shown in amber. */
export function useSaveOfflineSettings() {
  return useMutation({
    mutationFn: (body: OfflineSettingsBody) =>
      api.put<OfflineSettingsBody>('/api/v1/nests/me/verifications/offline/settings', body, { retry: false }),
  });
}
