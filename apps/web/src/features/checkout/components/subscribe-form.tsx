import type { Locale, PublicLink } from '@nest/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { isApiError } from '@/lib/api-error';
import { useStartCheckout } from '../api/start-checkout';
import { type Refusal, refusalOfProblemCode } from '../lib/refusal';

interface SubscribeFormProps {
  link: PublicLink;
  price: string;
  /** The checkout refused (409): the page shows why, and reloads the offer for a changed price. */
  onRefused: (refusal: Refusal) => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Email and name, then off to the payment provider's page (POST → { url } → location.assign). */
export function SubscribeForm({ link, price, onRefused }: SubscribeFormProps) {
  const { t, i18n } = useTranslation('links');
  const checkout = useStartCheckout(link.nest_link_id);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ email?: string; name?: string; form?: string }>({});
  // Stays true after success: the page is leaving, a second click must not start a second checkout.
  const [leaving, setLeaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      email: EMAIL.test(email.trim()) ? undefined : t('form.invalidEmail'),
      name: name.trim() ? undefined : t('form.missingName'),
    };
    setErrors(found);
    if (found.email || found.name) return;
    try {
      const { url } = await checkout.mutateAsync({
        email: email.trim(),
        name: name.trim(),
        price_version_id: link.price_version_id,
        locale: (i18n.resolvedLanguage ?? i18n.language) as Locale,
      });
      setLeaving(true);
      window.location.assign(url);
    } catch (error) {
      const refusal = isApiError(error) ? refusalOfProblemCode(error.code) : undefined;
      if (refusal) return onRefused(refusal);
      const tooMany = isApiError(error) && error.status === 429;
      setErrors({ form: tooMany ? t('form.tooMany') : t('form.failed') });
    }
  }

  const busy = checkout.isPending || leaving;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby="subscribe-title">
      <h2 id="subscribe-title" className="text-lg font-semibold">
        {t('form.title')}
      </h2>
      <Field label={t('form.email')} hint={t('form.emailHint')} error={errors.email}>
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        )}
      </Field>
      <Field label={t('form.name')} error={errors.name}>
        {(control) => (
          <Input
            {...control}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        )}
      </Field>
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('form.submitting') : t('form.submit', { price })}
      </Button>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('form.secure')}</p>
    </form>
  );
}
