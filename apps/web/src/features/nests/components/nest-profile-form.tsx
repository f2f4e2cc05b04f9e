import { type Nest, type NestCategory, nestCategories } from '@nest/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { toast } from '@/lib/toast';
import { nestQueryKey } from '../api/get-nest';
import { updateNest } from '../api/update-nest';
import { uploadLogo } from '../api/upload-logo';
import {
  countryOptions,
  type NestField,
  type NestFormValues,
  nestFieldOf,
  nestFormOf,
  readNestForm,
  timeZoneOptions,
} from '../lib/nest-form';
import { problemFields } from '../lib/problem-fields';
import { BrandColorPicker } from './brand-color-picker';
import { LogoPicker } from './logo-picker';

/**
 * The nest's settings, everything onboarding asked (name, kind of business, description, logo,
 * address, time zone) and the colour of its cover, edited in one form. Its links' public pages show the change at once. The slug
 * never changes: printed QR codes keep working.
 */
export function NestProfileForm({ nest }: { nest: Nest }) {
  const { t, i18n } = useTranslation('nests');
  const errorMessage = useApiErrorMessage();
  const queryClient = useQueryClient();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const [values, setValues] = useState<NestFormValues>(() => nestFormOf(nest));
  const [logo, setLogo] = useState<Blob | null>(null);
  const [brandColor, setBrandColor] = useState<string | null>(nest.brand_color);
  const [showIssues, setShowIssues] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<NestField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const countries = useMemo(() => countryOptions(locale), [locale]);
  const zones = useMemo(() => timeZoneOptions(values.timeZone), [values.timeZone]);
  const { issues } = readNestForm(values);
  const dirty =
    logo !== null ||
    brandColor !== nest.brand_color ||
    JSON.stringify(values) !== JSON.stringify(nestFormOf(nest));

  const save = useMutation({
    mutationFn: async ({ body, image }: { body: Parameters<typeof updateNest>[0]; image: Blob | null }) => {
      const saved = await updateNest(body);
      return image ? uploadLogo(image) : saved;
    },
    onSuccess: (saved) => queryClient.setQueryData(nestQueryKey, saved),
  });

  function errorOf(field: NestField): string | null {
    const server = serverErrors[field];
    if (server) return server;
    const issue = issues[field];
    if (!issue || !showIssues) return null;
    return t(`errors.${issue.code}`, issue.values);
  }

  function set<K extends keyof NestFormValues>(field: K, value: NestFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  const control = (field: keyof NestFormValues) => ({
    name: `nest.${field}`,
    value: values[field],
    disabled: save.isPending,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const { body } = readNestForm(values);
    if (!body) {
      setShowIssues(true);
      // Move to the first field that needs attention once React has marked it.
      queueMicrotask(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    if (!dirty) return;
    const { currency: _currency, ...fields } = body;
    const changes = brandColor !== nest.brand_color ? { ...fields, brand_color: brandColor } : fields;
    save.mutate(
      { body: changes, image: logo },
      {
        onSuccess: (saved) => {
          setValues(nestFormOf(saved));
          setBrandColor(saved.brand_color);
          setLogo(null);
          setShowIssues(false);
          toast.success(t('settings.saved'));
        },
        onError: (error) => {
          const { fields, unplaced } = problemFields(error, nestFieldOf);
          setServerErrors(fields);
          if (unplaced) setFormError(errorMessage(error));
        },
      },
    );
  }

  return (
    <form
      ref={form}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-label={t('settings.title')}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('form.name')} error={errorOf('name')} hint={t('form.nameHint')}>
          {(props) => (
            <Input
              {...props}
              {...control('name')}
              autoComplete="organization"
              onChange={(e) => set('name', e.target.value)}
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
              {nestCategories.map((category) => (
                <option key={category} value={category}>
                  {t(`categories.${category}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
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
      <LogoPicker value={logo} currentUrl={nest.logo_url} onChange={setLogo} disabled={save.isPending} />
      <BrandColorPicker
        value={brandColor}
        onChange={setBrandColor}
        nestName={values.name.trim() || nest.name}
        logoUrl={nest.logo_url}
        disabled={save.isPending}
      />
      <div className="grid gap-5 sm:grid-cols-2">
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
        <Field label={t('form.country')} error={errorOf('country')}>
          {(props) => (
            <Select
              {...props}
              {...control('country')}
              autoComplete="country"
              onChange={(e) => set('country', e.target.value)}
            >
              {countries.map((country) => (
                <option key={country.value} value={country.value}>
                  {country.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('form.timeZone')} hint={t('form.timeZoneHint')} error={errorOf('timeZone')}>
          {(props) => (
            <Select {...props} {...control('timeZone')} onChange={(e) => set('timeZone', e.target.value)}>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {formError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !dirty}>
          {save.isPending ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </form>
  );
}
