import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';
import { Card } from '@/components/ui/card';
import { ApiKeysPanel } from '@/features/api-keys/components/api-keys-panel';
import { currentMerchantQueryKey, useCurrentMerchant } from '@/features/auth/api/get-current-merchant';
import { PasswordStrengthMeter } from '@/features/auth/components/password-strength-meter';
import { rememberMerchant } from '@/features/auth/merchant-session';
import { PasswordForm } from '@/features/merchants/components/password-form';
import { ProfileForm } from '@/features/merchants/components/profile-form';
import { useNest } from '@/features/nests/api/get-nest';
import { LegalIdentityForm } from '@/features/nests/components/legal-identity-form';
import { NestProfileForm } from '@/features/nests/components/nest-profile-form';
import { PayoutScheduleCard } from '@/features/payouts/components/payout-schedule-card';
import { planInvoicesQueryKey } from '@/features/plans/api/get-plan-invoices';
import { InvoiceHistory } from '@/features/plans/components/invoice-history';
import { PlanPanel } from '@/features/plans/components/plan-panel';
import { UpgradePlanButton } from '@/features/plans/components/upgrade-plan-button';
import { MerchantPrivacy } from '@/features/privacy/components/merchant-privacy';
import { WebhooksPanel } from '@/features/webhooks/components/webhooks-panel';

/** The merchant's account (/admin/app/account): the business (nest settings, payout schedule), profile, invoicing details, plan and its invoices (with receipts), API keys and webhooks (Enterprise), password. */
export function Component() {
  const { t } = useTranslation('admin');
  const { t: tMerchants } = useTranslation('merchants');
  const { t: tNests } = useTranslation('nests');
  const queryClient = useQueryClient();
  const { data: merchant } = useCurrentMerchant();
  // Before onboarding there is no nest, so no invoicing details to ask for (a 404 would be logged).
  const nest = useNest({ enabled: Boolean(merchant?.onboarded_at) });
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
        {nest.data ? (
          <Card id="business" title={tNests('settings.title')} description={tNests('settings.intro')}>
            <NestProfileForm key={nest.data.updated_at} nest={nest.data} />
          </Card>
        ) : null}
        {nest.data ? <PayoutScheduleCard merchantId={merchant.id} /> : null}
        <Card title={tMerchants('profile.title')} description={tMerchants('profile.intro')}>
          <ProfileForm merchant={merchant} onSaved={(saved) => rememberMerchant(queryClient, saved)} />
        </Card>
        {nest.data ? (
          <Card id="invoicing" title={tNests('legal.title')} description={tNests('legal.intro')}>
            {/* Keyed by the nest's version: a save elsewhere starts the form from what is stored. */}
            <LegalIdentityForm key={nest.data.updated_at} nest={nest.data} />
          </Card>
        ) : null}
        <PlanPanel merchantId={merchant.id} timeZone={merchant.time_zone} onChanged={onPlanChanged} />
        <InvoiceHistory merchantId={merchant.id} timeZone={merchant.time_zone} />
        {nest.data ? (
          <>
            <ApiKeysPanel
              upgrade={
                <UpgradePlanButton
                  merchantId={merchant.id}
                  timeZone={merchant.time_zone}
                  onChanged={onPlanChanged}
                  label={t('account.upgradeForApi')}
                />
              }
            />
            <WebhooksPanel />
          </>
        ) : null}
        <Card title={tMerchants('password.title')} description={tMerchants('password.intro')}>
          <PasswordForm
            merchant={merchant}
            renderStrength={(password, userInputs) => (
              <PasswordStrengthMeter password={password} userInputs={userInputs} />
            )}
          />
        </Card>
        <MerchantPrivacy merchant={merchant} />
      </div>
    </div>
  );
}
