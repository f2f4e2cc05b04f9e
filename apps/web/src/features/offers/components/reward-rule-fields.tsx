import type { RewardRule } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { Field, Input, Select } from '@/components/ui/field';
import type { OfferFieldsProps } from './offer-form-fields';

const kinds: ReadonlyArray<RewardRule['kind']> = ['check_ins', 'paid_periods'];

/**
 * The offer's reward rule (progression): every N check-ins, or after N paid periods, the subscriber
 * earns a named reward. Pro and Enterprise only: on Starter the fields are shown disabled with the way
 * to upgrade, and the API's plan_required answer is shown here if it ever comes back.
 */
export function RewardRuleFields({
  values,
  onChange,
  onBlur,
  errorOf,
  disabled,
  allowed,
  planError,
}: OfferFieldsProps & { allowed: boolean; planError: string | null }) {
  const { t } = useTranslation('offers');
  const locked = !allowed;
  const off = disabled || locked;
  return (
    <fieldset
      disabled={locked}
      aria-describedby={locked || planError ? 'reward-plan-note' : undefined}
      className="grid gap-4 rounded-xl border border-slate-200 p-4 disabled:bg-slate-50 dark:border-slate-800 dark:disabled:bg-slate-950/40"
    >
      <legend className="px-1 text-sm font-semibold">
        {t('reward.title')}
        <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-900 dark:bg-brand-950 dark:text-brand-200">
          {t('reward.badge')}
        </span>
      </legend>
      {locked || planError ? (
        // A link is not a form control: it stays usable inside the disabled fieldset.
        <p id="reward-plan-note" className="text-sm text-slate-600 dark:text-slate-300">
          {planError ?? t('reward.locked')}{' '}
          <Link
            to={paths.admin.pricing.getHref()}
            className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-950 dark:text-brand-300 dark:hover:text-brand-200"
          >
            {t('reward.upgrade')}
          </Link>
        </p>
      ) : null}
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          checked={values.rewardEnabled && !locked}
          disabled={off}
          onChange={(event) => onChange({ rewardEnabled: event.target.checked })}
          className="mt-0.5 size-4 accent-brand-700 dark:accent-brand-400"
        />
        <span>{t('reward.enable')}</span>
      </label>
      {values.rewardEnabled && !locked ? (
        <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
          <Field label={t('reward.kind')} error={errorOf('rewardKind')}>
            {(props) => (
              <Select
                {...props}
                value={values.rewardKind}
                disabled={off}
                onChange={(event) => onChange({ rewardKind: event.target.value as RewardRule['kind'] })}
              >
                {kinds.map((kind) => (
                  <option key={kind} value={kind}>
                    {t(`reward.kinds.${kind}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('reward.every')} error={errorOf('rewardEvery')}>
            {(props) => (
              <Input
                {...props}
                name="rewardEvery"
                inputMode="numeric"
                value={values.rewardEvery}
                disabled={off}
                onBlur={() => onBlur('rewardEvery')}
                onChange={(event) => onChange({ rewardEvery: event.target.value })}
              />
            )}
          </Field>
          <Field
            className="sm:col-span-2"
            label={t('reward.name')}
            hint={t('reward.nameHint')}
            error={errorOf('rewardName')}
          >
            {(props) => (
              <Input
                {...props}
                name="rewardName"
                value={values.rewardName}
                disabled={off}
                onBlur={() => onBlur('rewardName')}
                onChange={(event) => onChange({ rewardName: event.target.value })}
              />
            )}
          </Field>
        </div>
      ) : null}
    </fieldset>
  );
}
