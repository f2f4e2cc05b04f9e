import type { PasswordResetRequest } from '@nest/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/v1/users/password-reset: emails a reset link if the account exists (204 either way). */
export async function requestPasswordReset(body: PasswordResetRequest): Promise<void> {
  await api.post<void>('/api/v1/users/password-reset', body, { renewSession: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
