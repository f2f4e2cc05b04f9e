import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { logOutCustomer } from '../api/customer';
import { forgetCustomer } from '../customer-session';
import { pendingLogout } from '../lib/pending-logout';

/**
 * Sign out (spec §4): the stored account is cleared and the visitor goes to the login page even if
 * the call fails or the API is down — the customer's rule, unlike the merchant's (ADR 019).
 */
export function CustomerLogout() {
  const { t } = useTranslation('customers');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logOut = useMutation({
    mutationFn: logOutCustomer,
    // The server did not hear it: remembered, and sent again before the area opens (ADR 082).
    onError: () => pendingLogout.set(),
    onSettled: () => {
      forgetCustomer(queryClient);
      void navigate(paths.client.login.getHref(), { replace: true });
    },
  });
  return (
    <Button variant="secondary" size="sm" disabled={logOut.isPending} onClick={() => logOut.mutate()}>
      {t('logout')}
    </Button>
  );
}
