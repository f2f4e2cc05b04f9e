import {
  LEGAL_ADDRESS_MAX_LENGTH,
  LEGAL_NAME_MAX_LENGTH,
  type Nest,
  type NestLegalBody,
  numberFormat,
  VAT_NUMBER_PATTERN,
  type VatRateBps,
  vatRatesBps,
} from '@nest/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { formFailure } from '@/lib/form-failure';
import { toast } from '@/lib/toast';
import { useUpdateNest } from '../api/update-nest';

const fieldNames = ['legal.name', 'legal.address', 'legal.vat_rate_bps', 'legal.vat_number'] as const;
type FieldName = (typeof fieldNames)[number];

interface Values {
  name: string;
  address: string;
  /** '' for no VAT, else the rate in basis points. */
  vatRate: string;
  vatNumber: string;
}

const valuesOf = (nest: Nest): Values => ({
  name: nest.legal.name ?? '',
  address: nest.legal.address ?? '',
  vatRate: nest.legal.vat_rate_bps === null ? '' : String(nest.legal.vat_rate_bps),
  vatNumber: nest.legal.vat_number ?? '',
});

const normalizedVatNumber = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** Only what changed is sent; an emptied field is sent as null (it falls back to the nest's own). */
function changesOf(values: Values, nest: Nest): NestLegalBody {
  const changes: NestLegalBody = {};
  const name = values.name.trim() || null;
  const address = values.address.trim() || null;
  const vatNumber = normalizedVatNumber(values.vatNumber) || null;
  const vatRate = values.vatRate ? (Number(values.vatRate) as VatRateBps) : null;
  if (name !== nest.legal.name) changes.name = name;
  if (address !== nest.legal.address) changes.address = address;
  if (vatNumber !== nest.legal.vat_number) changes.vat_number = vatNumber;
  if (vatRate !== nest.legal.vat_rate_bps) changes.vat_rate_bps = vatRate;
  return changes;
}

/**
 * Who sells, on the receipts the nest's customers download: the legal name and address (else the
 * nest's own), the VAT rate charged and the VAT number. Without VAT the receipts carry the French
 * mention of the franchise en base ("TVA non applicable, art. 293 B du CGI").
 */
export function LegalIdentityForm({ nest }: { nest: Nest }) {
  const { t, i18n } = useTranslation('nests');
  const describe = useApiErrorMessage();
  const [values, setValues] = useState<Values>(() => valuesOf(nest));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const save = useUpdateNest();
  const changes = changesOf(values, nest);
  const dirty = Object.keys(changes).length > 0;
  const percent = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });

  const set = (key: keyof Values, field: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [key]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const check = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    if (values.name.trim().length > LEGAL_NAME_MAX_LENGTH)
      found['legal.name'] = t('errors.tooLong', { max: LEGAL_NAME_MAX_LENGTH });
    if (values.address.trim().length > LEGAL_ADDRESS_MAX_LENGTH)
      found['legal.address'] = t('errors.tooLong', { max: LEGAL_ADDRESS_MAX_LENGTH });
    const vatNumber = normalizedVatNumber(values.vatNumber);
    if (vatNumber && !VAT_NUMBER_PATTERN.test(vatNumber))
      found['legal.vat_number'] = t('legal.vatNumberInvalid');
    else if (values.vatRate && !vatNumber) found['legal.vat_number'] = t('legal.vatNumberRequired');
    return found;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFormError(undefined);
    const found = check();
    setErrors(found);
    const firstInvalid = fieldNames.find((name) => found[name]);
    if (firstInvalid) {
      event.currentTarget.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    if (!dirty) return;
    save.mutate(
      { legal: changes },
      {
        onSuccess: (saved) => {
          setValues(valuesOf(saved));
          toast.success(t('legal.saved'));
        },
        onError: (error) => {
          const failure = formFailure(error, fieldNames, describe, {
            vat_number_required: 'legal.vat_number',
          });
          setErrors(failure.fields);
          setFormError(failure.form);
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-describedby={formError ? 'legal-form-error' : undefined}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('legal.name')}
          labelSuffix={t('form.optional')}
          hint={t('legal.nameHint', { name: nest.name })}
          error={errors['legal.name']}
        >
          {(control) => (
            <Input
              {...control}
              name="legal.name"
              autoComplete="organization"
              value={values.name}
              onChange={set('name', 'legal.name')}
            />
          )}
        </Field>
        <Field
          label={t('legal.address')}
          labelSuffix={t('form.optional')}
          hint={t('legal.addressHint')}
          error={errors['legal.address']}
        >
          {(control) => (
            <Input
              {...control}
              name="legal.address"
              autoComplete="street-address"
              value={values.address}
              onChange={set('address', 'legal.address')}
            />
          )}
        </Field>
        <Field label={t('legal.vatRate')} hint={t('legal.vatRateHint')} error={errors['legal.vat_rate_bps']}>
          {(control) => (
            <Select
              {...control}
              name="legal.vat_rate_bps"
              value={values.vatRate}
              onChange={set('vatRate', 'legal.vat_rate_bps')}
            >
              <option value="">{t('legal.noVat')}</option>
              {vatRatesBps.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {t('legal.rate', { rate: percent.format(rate / 10_000) })}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('legal.vatNumber')}
          labelSuffix={values.vatRate ? undefined : t('form.optional')}
          hint={t('legal.vatNumberHint')}
          error={errors['legal.vat_number']}
        >
          {(control) => (
            <Input
              {...control}
              name="legal.vat_number"
              autoCapitalize="characters"
              spellCheck={false}
              value={values.vatNumber}
              onChange={set('vatNumber', 'legal.vat_number')}
            />
          )}
        </Field>
      </div>
      {!values.vatRate ? (
        <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="vat-exempt-mention">
          {t('legal.exemptMention')}
        </p>
      ) : null}
      {formError ? (
        <p id="legal-form-error" role="alert" className="text-sm text-red-700 dark:text-red-300">
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !dirty}>
          {save.isPending ? t('legal.saving') : t('legal.save')}
        </Button>
      </div>
    </form>
  );
}
