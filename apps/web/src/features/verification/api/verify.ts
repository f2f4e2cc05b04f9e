import type { CheckInList, RedeemedReward, Verification, VerifyBody } from '@nest/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const checkInsQueryKey = ['verify', 'check-ins'] as const;

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
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkInsQueryKey }),
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

/** Hands a reward over once (a second press answers 409 reward_already_redeemed). */
export function useRedeemReward() {
  return useMutation({
    mutationFn: (rewardId: string) =>
      api.post<RedeemedReward>(`/api/v1/nests/me/rewards/${encodeURIComponent(rewardId)}/redeem`, undefined, {
        retry: false,
      }),
  });
}
