import { type PayoutSchedule, weekdays } from '@nest/contracts';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Select } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { usePayoutAccount } from '../api/get-payout-account';
import { useStartPayoutOnboarding } from '../api/start-payout-onboarding';
import { useUpdatePayoutSchedule } from '../api/update-payout-schedule';
import { payoutErrorKind } from '../lib/payout-error';
import { type ScheduleForm, scheduleFormFrom, scheduleOf } from '../lib/schedule-form';

const days = Array.from({ length: 31 }, (_, i) => i + 1);

/**
 * The payout settings: when the provider pays the balance out (daily, weekly on a weekday, monthly on a
 * day). Needs a payout account; before one exists the card offers to set it up.
 */
export function PayoutScheduleCard({ merchantId }: { merchantId: string }) {
  const { t } = useTranslation('payouts');
  const errorMessage = useApiErrorMessage();
  const titleId = useId();
  const account = usePayoutAccount();
  const update = useUpdatePayoutSchedule(merchantId);
  const start = useStartPayoutOnboarding();
  const [form, setForm] = useState<ScheduleForm>(() => scheduleFormFrom(null));
  const saved = account.data?.schedule ?? null;

  // Show what the provider has once it is known (and after each save).
  useEffect(() => setForm(scheduleFormFrom(saved)), [saved]);

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(scheduleOf(form), {
      onSuccess: (result) => toast.success(t('schedule.saved', { schedule: describe(result.schedule) })),
    });
  }

  function describe(schedule: PayoutSchedule | null): string {
    if (!schedule) return t('schedule.manual');
    if (schedule.interval === 'daily') return t('schedule.dailyText');
    if (schedule.interval === 'weekly')
      return t('schedule.weeklyOn', { day: t(`weekdays.${schedule.weekly_anchor}`) });
    return t('schedule.monthlyOn', { day: schedule.monthly_anchor });
  }

  const card =
    'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900';
  const heading = (
    <h2 id={titleId} className="text-lg font-semibold tracking-tight">
      {t('schedule.title')}
    </h2>
  );

  if (account.isPending) {
    return (
      <section aria-labelledby={titleId} aria-busy="true" className={card}>
        {heading}
        <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{t('schedule.loading')}</p>
      </section>
    );
  }

  if (account.isError) {
    const kind = payoutErrorKind(account.error);
    return (
      <section aria-labelledby={titleId} className={card}>
        {heading}
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {kind === 'noNest' ? t('schedule.noNest') : errorMessage(account.error)}
        </p>
      </section>
    );
  }

  if (!account.data.account_id) {
    return (
      <section aria-labelledby={titleId} className={card}>
        {heading}
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('schedule.needsAccount')}</p>
        {start.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
            {errorMessage(start.error)}
          </p>
        ) : null}
        <Button
          className="mt-4 w-full"
          disabled={start.isPending || start.isSuccess}
          onClick={() => start.mutate()}
        >
          {start.isPending || start.isSuccess ? t('onboarding.redirecting') : t('banner.start')}
        </Button>
      </section>
    );
  }

  const error = update.isError ? errorMessage(update.error) : null;
  return (
    <section aria-labelledby={titleId} className={card}>
      {heading}
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {t('schedule.current', { schedule: describe(saved) })}
      </p>
      <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
        <fieldset className="grid gap-2" disabled={update.isPending}>
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
            {t('schedule.frequency')}
          </legend>
          {(['daily', 'weekly', 'monthly'] as const).map((interval) => (
            <label key={interval} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="payout-interval"
                value={interval}
                checked={form.interval === interval}
                onChange={() => setForm((current) => ({ ...current, interval }))}
                className="size-4 accent-brand-700 dark:accent-brand-400"
              />
              {t(`schedule.${interval}`)}
            </label>
          ))}
        </fieldset>
        {form.interval === 'weekly' ? (
          <Field label={t('schedule.weekday')}>
            {(props) => (
              <Select
                {...props}
                value={form.weeklyAnchor}
                disabled={update.isPending}
                onChange={(e) =>
                  setForm((current) => ({
                    ...current,
                    weeklyAnchor: e.target.value as ScheduleForm['weeklyAnchor'],
                  }))
                }
              >
                {weekdays.map((day) => (
                  <option key={day} value={day}>
                    {t(`weekdays.${day}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        {form.interval === 'monthly' ? (
          <Field label={t('schedule.monthDay')} hint={t('schedule.monthDayHint')}>
            {(props) => (
              <Select
                {...props}
                value={String(form.monthlyAnchor)}
                disabled={update.isPending}
                onChange={(e) =>
                  setForm((current) => ({ ...current, monthlyAnchor: Number(e.target.value) }))
                }
              >
                {days.map((day) => (
                  <option key={day} value={day}>
                    {day}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t('schedule.saving') : t('schedule.save')}
        </Button>
      </form>
    </section>
  );
}
