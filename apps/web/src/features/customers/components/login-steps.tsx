import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useSignIn } from '../hooks/use-sign-in';
import { resendAllowedAt } from '../lib/countdown';
import { isCompleteCode, normalizeCode } from '../lib/login-code';
import { useCountdown } from '../lib/use-countdown';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first step: the email a code and a link are sent to. */
export function EmailStep({
  email,
  onEmail,
  request,
  onSubmit,
}: {
  email: string;
  onEmail: (email: string) => void;
  request: { isPending: boolean; error: Error | null };
  onSubmit: (email: string) => void;
}) {
  const { t } = useTranslation('customers');
  const messageOf = useApiErrorMessage();
  const [invalid, setInvalid] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    setInvalid(false);
    onSubmit(address);
  };

  return (
    // `post`: the login page arrives painted before its script (ADR 205); sent before the app has
    // adopted it, the email stays out of the address.
    <form
      method="post"
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-label={t('login.emailForm')}
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('login.intro')}</p>
      <FormMessage tone="error" message={request.error ? messageOf(request.error) : undefined} />
      <Field label={t('login.email')} error={invalid ? t('login.emailInvalid') : undefined}>
        {(control) => (
          <Input
            {...control}
            ref={input}
            type="email"
            name="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            autoFocus
            required
            className="h-11"
            value={email}
            onChange={(event) => onEmail(event.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
        {request.isPending ? t('login.sending') : t('login.sendCode')}
      </Button>
    </form>
  );
}

/** The second step: the emailed code, with a countdown before it can be sent again. */
export function CodeStep({
  email,
  sent,
  next,
  resending,
  resendError,
  onResend,
  onOtherEmail,
}: {
  email: string;
  sent: { message: string; at: number };
  next: string | null;
  resending: boolean;
  resendError: Error | null;
  onResend: () => void;
  onOtherEmail: () => void;
}) {
  const { t } = useTranslation('customers');
  const messageOf = useApiErrorMessage();
  const signIn = useSignIn(next);
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const left = useCountdown(resendAllowedAt(sent.at));
  const countdownId = useId();

  // A new code was sent: the field is emptied for it and takes the focus again.
  useEffect(() => {
    if (sent.at) {
      setCode('');
      input.current?.focus();
    }
  }, [sent.at]);

  // Once signed in, the page is leaving: a second submit would spend the used code and fail.
  const done = signIn.isPending || signIn.isSuccess;
  const submitCode = (value: string) => {
    if (done) return;
    if (!isCompleteCode(value)) {
      setIncomplete(true);
      input.current?.focus();
      return;
    }
    setIncomplete(false);
    signIn.mutate({ email, code: value });
  };

  const failure = signIn.error ? messageOf(signIn.error) : undefined;
  const error = incomplete ? t('login.codeIncomplete') : failure;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submitCode(code);
      }}
      className="flex flex-col gap-5"
      aria-label={t('login.codeForm')}
    >
      <FormMessage tone="info" focus={false} message={sent.message || t('login.sentFallback')} />
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('login.sentTo')} <strong className="break-all text-slate-900 dark:text-slate-100">{email}</strong>
      </p>
      <Field label={t('login.code')} hint={t('login.codeHint')} error={error}>
        {(control) => (
          <Input
            {...control}
            ref={input}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            autoFocus
            enterKeyHint="go"
            className="h-14 text-center font-mono text-2xl tracking-[0.5em] sm:text-2xl"
            value={code}
            onChange={(event) => {
              const value = normalizeCode(event.target.value);
              const completed = isCompleteCode(value) && value !== code;
              setCode(value);
              setIncomplete(false);
              // Typing or pasting the sixth digit signs in: nothing more to press on a phone.
              if (completed) submitCode(value);
            }}
          />
        )}
      </Field>
      {/* The field keeps the focus after a refusal; its message is read out from here. */}
      <p className="sr-only" role="alert">
        {failure}
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={done}>
        {done ? t('login.signingIn') : t('login.signIn')}
      </Button>
      <FormMessage tone="error" message={resendError ? messageOf(resendError) : undefined} />
      <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col items-stretch gap-1">
          <Button
            variant="ghost"
            disabled={left > 0 || resending}
            aria-describedby={left > 0 ? countdownId : undefined}
            onClick={onResend}
          >
            {resending ? t('login.sending') : t('login.resend')}
          </Button>
          {left > 0 ? (
            <p
              id={countdownId}
              className="px-2 text-center text-xs text-slate-600 sm:max-w-56 dark:text-slate-300"
              data-testid="resend-countdown"
            >
              {t('login.resendIn', { count: left })}
            </p>
          ) : null}
        </div>
        <Button variant="ghost" onClick={onOtherEmail}>
          {t('login.otherEmail')}
        </Button>
      </div>
    </form>
  );
}
