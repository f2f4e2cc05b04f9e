import { hasFeature } from '@nest/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';
import { currentMerchantQueryKey, useCurrentMerchant } from '@/features/auth/api/get-current-merchant';
import { EventsScreen } from '@/features/events/components/events-screen';
import { UpgradePlanButton } from '@/features/plans/components/upgrade-plan-button';

/**
 * Events for subscribers (/admin/app/events). Creating one needs Pro or Enterprise: on Starter the
 * page says what events do and offers the upgrade; events made before a downgrade stay listed.
 */
export function Component() {
  const { t } = useTranslation(['admin', 'events']);
  const queryClient = useQueryClient();
  const merchant = useCurrentMerchant().data;
  const plan = merchant?.subscription?.plan ?? null;
  const canCreate = plan !== null && hasFeature(plan, 'events');
  const upgrade = merchant ? (
    <section
      aria-labelledby="events-upgrade-title"
      data-testid="events-upgrade"
      className="mb-6 flex flex-col gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between dark:border-brand-800 dark:bg-brand-950"
    >
      <div>
        <h2 id="events-upgrade-title" className="text-lg font-semibold">
          {t('events:upgrade.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{t('events:upgrade.body')}</p>
      </div>
      <UpgradePlanButton
        merchantId={merchant.id}
        timeZone={merchant.time_zone}
        label={t('events:upgrade.button')}
        onChanged={() => void queryClient.invalidateQueries({ queryKey: currentMerchantQueryKey })}
      />
    </section>
  ) : null;
  return (
    <div>
      <PageTitle>{t('admin:pages.events')}</PageTitle>
      <p className="-mt-3 mb-6 text-slate-600 dark:text-slate-300">{t('events:page.intro')}</p>
      <EventsScreen canCreate={canCreate} upgrade={upgrade} />
    </div>
  );
}
