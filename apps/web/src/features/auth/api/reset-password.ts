import type { PasswordResetConfirm } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { forgetMerchant } from '../merchant-session';

/** POST /api/v1/users/password-reset/confirm: sets the new password; every session of the merchant ends. */
export async function resetPassword(body: PasswordResetConfirm): Promise<void> {
  await api.post<void>('/api/v1/users/password-reset/confirm', body, { renewSession: false });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // The API ended every session of that merchant, this tab's included if it was theirs.
    onSuccess: () => forgetMerchant(queryClient),
  });
}
