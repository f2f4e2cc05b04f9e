import { type Locale, type OfferInterval, offerIntervals, type UsageAllowance } from '@nest/contracts';
import { useTranslation } from 'react-i18next';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { formatMoneyInput } from '@/lib/money';
import type { OfferField, OfferFormValues } from '../lib/offer-form';
import { RewardRuleFields } from './reward-rule-fields';

export interface OfferFieldsProps {
  values: OfferFormValues;
  onChange: (patch: Partial<OfferFormValues>) => void;
  onBlur: (field: OfferField) => void;
  errorOf: (field: OfferField) => string | null;
  disabled: boolean;
}

const usagePeriods: ReadonlyArray<UsageAllowance['per']> = ['day', 'week', 'period'];

/** The offer's fields: what it is, its price and billing period, trial, capacity, usage and reward. */
export function OfferFormFields({
  values,
  onChange,
  onBlur,
  errorOf,
  disabled,
  rewardAllowed,
  planError,
}: OfferFieldsProps & { rewardAllowed: boolean; planError: string | null }) {
  const { t, i18n } = useTranslation('offers');
  const locale = (i18n.resolvedLanguage ?? i18n.language) as Locale;
  const text = (
    field:
      | 'name'
      | 'description'
      | 'grants'
      | 'amount'
      | 'intervalCount'
      | 'trialDays'
      | 'capacity'
      | 'graceDays'
      | 'pauseMaxPeriods'
      | 'usageUses',
  ) => ({
    name: field,
    value: values[field],
    disabled,
    onBlur: () => onBlur(field),
    onChange: (event: { target: { value: string } }) => onChange({ [field]: event.target.value }),
  });

  return (
    <div className="grid gap-5">
      <Field label={t('fields.name')} hint={t('fields.nameHint')} error={errorOf('name')}>
        {(props) => <Input {...props} {...text('name')} autoComplete="off" />}
      </Field>
      <Field
        label={t('fields.description')}
        labelSuffix={t('fields.optional')}
        error={errorOf('description')}
      >
        {(props) => <Textarea {...props} {...text('description')} rows={2} />}
      </Field>
      <Field label={t('fields.grants')} hint={t('fields.grantsHint')} error={errorOf('grants')}>
        {(props) => <Textarea {...props} {...text('grants')} rows={2} />}
      </Field>

      <div className="grid gap-5 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <Field
          label={t('fields.amount')}
          hint={t('fields.amountHint', { example: formatMoneyInput(1250, locale) })}
          error={errorOf('amount')}
        >
          {(props) => (
            <div className="relative">
              <Input {...props} {...text('amount')} inputMode="decimal" autoComplete="off" className="pr-9" />
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500"
              >
                €
              </span>
            </div>
          )}
        </Field>
        <Field label={t('fields.intervalCount')} error={errorOf('intervalCount')}>
          {(props) => <Input {...props} {...text('intervalCount')} inputMode="numeric" className="sm:w-20" />}
        </Field>
        <Field label={t('fields.interval')} error={errorOf('interval')}>
          {(props) => (
            <Select
              {...props}
              name="interval"
              value={values.interval}
              disabled={disabled}
              onChange={(event) => onChange({ interval: event.target.value as OfferInterval })}
            >
              {offerIntervals.map((interval) => (
                <option key={interval} value={interval}>
                  {t(`intervals.${interval}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label={t('fields.trialDays')}
          labelSuffix={t('fields.optional')}
          hint={t('fields.trialDaysHint')}
          error={errorOf('trialDays')}
        >
          {(props) => <Input {...props} {...text('trialDays')} inputMode="numeric" />}
        </Field>
        <Field
          label={t('fields.capacity')}
          labelSuffix={t('fields.optional')}
          hint={t('fields.capacityHint')}
          error={errorOf('capacity')}
        >
          {(props) => <Input {...props} {...text('capacity')} inputMode="numeric" />}
        </Field>
        <Field
          label={t('fields.graceDays')}
          labelSuffix={t('fields.optional')}
          hint={t('fields.graceDaysHint')}
          error={errorOf('graceDays')}
        >
          {(props) => <Input {...props} {...text('graceDays')} inputMode="numeric" />}
        </Field>
        <Field
          label={t('fields.pauseMaxPeriods')}
          labelSuffix={t('fields.optional')}
          hint={t('fields.pauseMaxPeriodsHint')}
          error={errorOf('pauseMaxPeriods')}
        >
          {(props) => <Input {...props} {...text('pauseMaxPeriods')} inputMode="numeric" />}
        </Field>
      </div>

      <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-800">
        <legend className="px-1 text-sm font-semibold">{t('usage.title')}</legend>
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            checked={values.usageEnabled}
            disabled={disabled}
            onChange={(event) => onChange({ usageEnabled: event.target.checked })}
            className="mt-0.5 size-4 accent-brand-700 dark:accent-brand-400"
          />
          <span>{t('usage.enable')}</span>
        </label>
        {values.usageEnabled ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('usage.uses')} error={errorOf('usageUses')}>
              {(props) => <Input {...props} {...text('usageUses')} inputMode="numeric" />}
            </Field>
            <Field label={t('usage.per')} error={errorOf('usagePer')}>
              {(props) => (
                <Select
                  {...props}
                  value={values.usagePer}
                  disabled={disabled}
                  onChange={(event) => onChange({ usagePer: event.target.value as UsageAllowance['per'] })}
                >
                  {usagePeriods.map((period) => (
                    <option key={period} value={period}>
                      {t(`usage.periods.${period}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        ) : null}
      </fieldset>

      <RewardRuleFields
        values={values}
        onChange={onChange}
        onBlur={onBlur}
        errorOf={errorOf}
        disabled={disabled}
        allowed={rewardAllowed}
        planError={planError}
      />
    </div>
  );
}
