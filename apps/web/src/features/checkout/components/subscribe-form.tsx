import { coverColors, type PublicLink } from '@nest/contracts';
import { type FormEvent, useState } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { isApiError } from '@/lib/api-error';
import { checkoutEmail } from '@/lib/session-storage';
import { startCheckout } from '../api/start-checkout';
import { useLinkWords } from '../lib/link-words';
import { type Refusal, refusalOfProblemCode } from '../lib/refusal';

interface SubscribeFormProps {
  link: PublicLink;
  price: string;
  /** The checkout refused (409): the page shows why, and reloads the offer for a changed price. */
  onRefused: (refusal: Refusal) => void;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The terms a customer accepts by subscribing (ADR 198). */
const TERMS_OF_SALE = '/legal/documents/customers/terms-of-sale';

/** Email and name, then off to the payment provider's page (POST → { url } → location.assign). */
export function SubscribeForm({ link, price, onRefused }: SubscribeFormProps) {
  const { t, locale } = useLinkWords();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<{ email?: string; name?: string; form?: string }>({});
  const [pending, setPending] = useState(false);
  // Stays true after success: the page is leaving, a second click must not start a second checkout.
  const [leaving, setLeaving] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || leaving) return;
    const found = {
      email: EMAIL.test(email.trim()) ? undefined : t('form.invalidEmail'),
      name: name.trim() ? undefined : t('form.missingName'),
    };
    setErrors(found);
    if (found.email || found.name) return;
    setPending(true);
    try {
      const { url } = await startCheckout(link.nest_link_id, {
        email: email.trim(),
        name: name.trim(),
        price_version_id: link.price_version_id,
        locale,
      });
      setLeaving(true);
      checkoutEmail.set(email.trim());
      window.location.assign(url);
    } catch (error) {
      const refusal = isApiError(error) ? refusalOfProblemCode(error.code) : undefined;
      if (refusal) return onRefused(refusal);
      const tooMany = isApiError(error) && error.status === 429;
      setErrors({ form: tooMany ? t('form.tooMany') : t('form.failed') });
    } finally {
      setPending(false);
    }
  }

  const busy = pending || leaving;
  // The button in the nest's colour, as Checkout's button_color; its text readable on it.
  const colors = coverColors(link.nest.brand_color);
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
      <button
        type="submit"
        className={buttonClasses(
          { size: 'lg' },
          'ring-1 ring-slate-950/10 ring-inset hover:brightness-110 dark:ring-white/25',
        )}
        style={{ backgroundColor: colors.background, color: colors.text }}
        disabled={busy}
      >
        {busy ? t('form.submitting') : t('form.submit', { price })}
      </button>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('form.secure')}</p>
      {/* The customer's terms of sale, and the request to start at once that waives the withdrawal period. */}
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('form.terms.before')}
        <a
          href={TERMS_OF_SALE}
          target="_blank"
          rel="noopener"
          className="underline underline-offset-2 hover:text-slate-700 dark:hover:text-slate-200"
        >
          {t('form.terms.link')}
        </a>
        {t('form.terms.after')}
      </p>
    </form>
  );
}
