import { type NestCategory, nestCategories } from '@nest/contracts';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { type CreateNestResult, useCreateNest } from '../api/create-nest';
import {
  countryOptions,
  emptyNestForm,
  type NestField,
  type NestFormValues,
  nestFieldOf,
  readNestForm,
  timeZoneOptions,
  withCountry,
} from '../lib/nest-form';
import { problemFields } from '../lib/problem-fields';
import { LogoPicker } from './logo-picker';

/**
 * Onboarding's first step: the merchant's nest (name, kind of business, description, logo, address,
 * time zone, currency). Checks each field as the merchant leaves it, and again on submit; the API's
 * own field errors land next to the same fields.
 */
export function CreateNestForm({ onCreated }: { onCreated: (result: CreateNestResult) => void }) {
  const { t, i18n } = useTranslation('nests');
  const errorMessage = useApiErrorMessage();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [values, setValues] = useState<NestFormValues>(() => emptyNestForm());
  const [logo, setLogo] = useState<Blob | null>(null);
  const [zoneChosen, setZoneChosen] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<NestField, boolean>>>({});
  const [submitted, setSubmitted] = useState(0);
  const [serverErrors, setServerErrors] = useState<Partial<Record<NestField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const createNest = useCreateNest({ onCreated });

  const { issues } = readNestForm(values);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const zones = useMemo(() => timeZoneOptions(values.timeZone), [values.timeZone]);

  // After a refused submit, move to the first field that needs attention.
  useEffect(() => {
    if (submitted === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [submitted]);

  function errorOf(field: NestField): string | null {
    const server = serverErrors[field];
    if (server) return server;
    const issue = issues[field];
    if (!issue || !(touched[field] || submitted > 0)) return null;
    return t(`errors.${issue.code}`, issue.values);
  }

  function set<K extends keyof NestFormValues>(field: K, value: NestFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  const control = (field: keyof NestFormValues) => ({
    name: field,
    value: values[field],
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    disabled: createNest.isPending,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const { body } = readNestForm(values);
    if (!body) {
      setSubmitted((n) => n + 1);
      return;
    }
    createNest.mutate(
      { body, logo },
      {
        onError: (error) => {
          const { fields, unplaced } = problemFields(error, nestFieldOf);
          setServerErrors(fields);
          if (unplaced) setFormError(errorMessage(error));
          setSubmitted((n) => n + 1);
        },
      },
    );
  }

  const sectionTitle = 'mb-3 text-base font-semibold text-slate-900 dark:text-slate-100';
  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      aria-labelledby="create-nest-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="create-nest-title" className="sr-only">
        {t('form.title')}
      </h2>
      {formError ? (
        <div
          role="alert"
          className="mb-6 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
        >
          {formError}
        </div>
      ) : null}

      <fieldset className="grid gap-5">
        <legend className={sectionTitle}>{t('form.business')}</legend>
        <Field label={t('form.name')} error={errorOf('name')} hint={t('form.nameHint')}>
          {(props) => (
            <Input
              {...props}
              {...control('name')}
              onChange={(e) => set('name', e.target.value)}
              autoComplete="organization"
            />
          )}
        </Field>
        <Field label={t('form.category')} error={errorOf('category')}>
          {(props) => (
            <Select
              {...props}
              {...control('category')}
              onChange={(e) => set('category', e.target.value as NestCategory)}
            >
              <option value="">{t('form.categoryPlaceholder')}</option>
              {nestCategories.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('form.description')}
          labelSuffix={t('form.optional')}
          hint={t('form.descriptionHint')}
          error={errorOf('description')}
        >
          {(props) => (
            <Textarea
              {...props}
              {...control('description')}
              rows={3}
              onChange={(e) => set('description', e.target.value)}
            />
          )}
        </Field>
        <LogoPicker value={logo} onChange={setLogo} disabled={createNest.isPending} />
      </fieldset>

      <fieldset className="mt-8 grid gap-5">
        <legend className={sectionTitle}>{t('form.address')}</legend>
        <Field label={t('form.line1')} error={errorOf('line1')}>
          {(props) => (
            <Input
              {...props}
              {...control('line1')}
              autoComplete="address-line1"
              onChange={(e) => set('line1', e.target.value)}
            />
          )}
        </Field>
        <Field label={t('form.line2')} labelSuffix={t('form.optional')} error={errorOf('line2')}>
          {(props) => (
            <Input
              {...props}
              {...control('line2')}
              autoComplete="address-line2"
              onChange={(e) => set('line2', e.target.value)}
            />
          )}
        </Field>
        <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
          <Field label={t('form.postalCode')} error={errorOf('postalCode')}>
            {(props) => (
              <Input
                {...props}
                {...control('postalCode')}
                autoComplete="postal-code"
                onChange={(e) => set('postalCode', e.target.value)}
              />
            )}
          </Field>
          <Field label={t('form.city')} error={errorOf('city')}>
            {(props) => (
              <Input
                {...props}
                {...control('city')}
                autoComplete="address-level2"
                onChange={(e) => set('city', e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field label={t('form.country')} error={errorOf('country')}>
          {(props) => (
            <Select
              {...props}
              {...control('country')}
              autoComplete="country"
              onChange={(e) => {
                const country = e.target.value;
                setValues((current) => withCountry(current, country, zoneChosen));
                setServerErrors(({ country: _cleared, ...rest }) => rest);
              }}
            >
              {countries.map((country) => (
                <option key={country.value} value={country.value}>
                  {country.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </fieldset>

      <fieldset className="mt-8 grid gap-5 sm:grid-cols-2">
        <legend className={sectionTitle}>{t('form.settings')}</legend>
        <Field label={t('form.timeZone')} hint={t('form.timeZoneHint')} error={errorOf('timeZone')}>
          {(props) => (
            <Select
              {...props}
              {...control('timeZone')}
              onChange={(e) => {
                // A zone picked by hand stays when the country changes afterwards.
                setZoneChosen(true);
                set('timeZone', e.target.value);
              }}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('form.currency')} hint={t('form.currencyHint')}>
          {(props) => (
            <Select {...props} name="currency" value="EUR" disabled>
              <option value="EUR">{t('form.euro')}</option>
            </Select>
          )}
        </Field>
      </fieldset>

      <div className="mt-8 flex justify-end">
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={createNest.isPending}>
          {createNest.isPending ? t('form.creating') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
