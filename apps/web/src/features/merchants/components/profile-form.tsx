import {
  type Locale,
  locales,
  type Merchant,
  NAME_MAX_LENGTH,
  type UpdateMerchantBody,
  updateMerchantBodySchema,
} from '@nest/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { formFailure } from '@/lib/form-failure';
import { changeLocale } from '@/lib/i18n/i18n';
import { toast } from '@/lib/toast';
import { useUpdateMerchant } from '../api/update-merchant';
import { timeZoneChoices } from '../time-zones';

const fieldNames = ['name', 'email', 'locale', 'time_zone'] as const;
type FieldName = (typeof fieldNames)[number];
type Values = Record<FieldName, string>;

const valuesOf = (merchant: Merchant): Values => ({
  name: merchant.name,
  email: merchant.email,
  locale: merchant.locale,
  time_zone: merchant.time_zone,
});

/** Only what the merchant changed is sent: a PATCH that says nothing about a field leaves it alone. */
function changesOf(values: Values, merchant: Merchant): UpdateMerchantBody {
  const changes: UpdateMerchantBody = {};
  if (values.name.trim() !== merchant.name) changes.name = values.name.trim();
  if (values.email.trim() !== merchant.email) changes.email = values.email.trim();
  if (values.locale !== merchant.locale) changes.locale = values.locale as Locale;
  if (values.time_zone !== merchant.time_zone) changes.time_zone = values.time_zone;
  return changes;
}

/**
 * The merchant's name, email, language and time zone. The language is the app's and the emails'; the
 * time zone decides what "this month" means for revenue. A new language applies at once.
 */
export function ProfileForm({
  merchant,
  onSaved,
}: {
  merchant: Merchant;
  onSaved: (merchant: Merchant) => void;
}) {
  const { t } = useTranslation('merchants');
  const { t: tCommon } = useTranslation();
  const describe = useApiErrorMessage();
  const [values, setValues] = useState<Values>(() => valuesOf(merchant));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const save = useUpdateMerchant();
  const changes = changesOf(values, merchant);
  const dirty = Object.keys(changes).length > 0;

  const set = (name: FieldName) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const check = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    const name = values.name.trim();
    if (!name) found.name = t('validation.nameRequired');
    else if (name.length > NAME_MAX_LENGTH)
      found.name = t('validation.nameTooLong', { maximum: NAME_MAX_LENGTH });
    const email = values.email.trim();
    if (!email) found.email = t('validation.emailRequired');
    else if (!updateMerchantBodySchema.shape.email.safeParse(email).success)
      found.email = t('validation.emailInvalid');
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
      { merchantId: merchant.id, changes },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          setValues(valuesOf(saved));
          toast.success(t('profile.saved'));
          if (changes.locale) void changeLocale(saved.locale);
        },
        onError: (error) => {
          const failure = formFailure(error, fieldNames, describe, { email_taken: 'email' });
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
      aria-describedby={formError ? 'profile-form-error' : undefined}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('profile.name')} error={errors.name}>
          {(control) => (
            <Input {...control} name="name" autoComplete="name" value={values.name} onChange={set('name')} />
          )}
        </Field>
        <Field label={t('profile.email')} error={errors.email} hint={t('profile.emailHint')}>
          {(control) => (
            <Input
              {...control}
              name="email"
              type="email"
              autoComplete="email"
              inputMode="email"
              value={values.email}
              onChange={set('email')}
            />
          )}
        </Field>
        <Field label={t('profile.language')} error={errors.locale}>
          {(control) => (
            <Select {...control} name="locale" value={values.locale} onChange={set('locale')}>
              {locales.map((locale) => (
                <option key={locale} value={locale} lang={locale}>
                  {tCommon(`language.names.${locale}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('profile.timeZone')} error={errors.time_zone} hint={t('profile.timeZoneHint')}>
          {(control) => (
            <Select {...control} name="time_zone" value={values.time_zone} onChange={set('time_zone')}>
              {timeZoneChoices(merchant.time_zone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {formError ? (
        <p id="profile-form-error" role="alert" className="text-sm text-red-700 dark:text-red-300">
          {formError}
        </p>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !dirty}>
          {save.isPending ? t('profile.saving') : t('profile.save')}
        </Button>
      </div>
    </form>
  );
}
