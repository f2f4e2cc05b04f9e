import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';
import { Card } from '@/components/ui/card';
import { currentMerchantQueryKey, useCurrentMerchant } from '@/features/auth/api/get-current-merchant';
import { PasswordStrengthMeter } from '@/features/auth/components/password-strength-meter';
import { rememberMerchant } from '@/features/auth/merchant-session';
import { PasswordForm } from '@/features/merchants/components/password-form';
import { ProfileForm } from '@/features/merchants/components/profile-form';
import { planInvoicesQueryKey } from '@/features/plans/api/get-plan-invoices';
import { InvoiceHistory } from '@/features/plans/components/invoice-history';
import { PlanPanel } from '@/features/plans/components/plan-panel';

/** The merchant's account (/admin/app/account): profile, plan and its invoices, password. */
export function Component() {
  const { t } = useTranslation('admin');
  const { t: tMerchants } = useTranslation('merchants');
  const queryClient = useQueryClient();
  const { data: merchant } = useCurrentMerchant();
  if (!merchant) return <PageTitle>{t('pages.account')}</PageTitle>;

  const onPlanChanged = () => {
    // The guards read the plan from the signed-in merchant; the change also made an invoice.
    void queryClient.invalidateQueries({ queryKey: currentMerchantQueryKey });
    void queryClient.invalidateQueries({ queryKey: planInvoicesQueryKey(merchant.id) });
  };

  return (
    <div>
      <PageTitle>{t('pages.account')}</PageTitle>
      <div className="flex flex-col gap-6">
        <Card title={tMerchants('profile.title')} description={tMerchants('profile.intro')}>
          <ProfileForm merchant={merchant} onSaved={(saved) => rememberMerchant(queryClient, saved)} />
        </Card>
        <PlanPanel merchantId={merchant.id} timeZone={merchant.time_zone} onChanged={onPlanChanged} />
        <InvoiceHistory merchantId={merchant.id} timeZone={merchant.time_zone} />
        <Card title={tMerchants('password.title')} description={tMerchants('password.intro')}>
          <PasswordForm
            merchant={merchant}
            renderStrength={(password, userInputs) => (
              <PasswordStrengthMeter password={password} userInputs={userInputs} />
            )}
          />
        </Card>
      </div>
    </div>
  );
}
