import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { requestLoginCode } from '../api/customer';
import { useSignIn } from '../hooks/use-sign-in';
import { readMagicLink } from '../lib/login-code';
import { CodeStep, EmailStep } from './login-steps';

/**
 * /client/login: the email, then the 6-digit code that was emailed (or the emailed link, which opens
 * this page with `?token=…&email=…` and signs in at once). `?email=` alone fills the email in.
 */
export function CustomerLogin() {
  const { t } = useTranslation('customers');
  const [params, setParams] = useSearchParams();
  const link = readMagicLink(params);
  const next = params.get('next');
  // `?email=` (from the subscription success page) fills the email in; the magic link carries its own.
  const [backEmail, setBackEmail] = useState(() => (link ? '' : (params.get('email') ?? '')));

  const backToEmail = (email: string) => {
    setBackEmail(email);
    setParams(next ? { next } : {}, { replace: true });
  };

  return (
    <>
      <PageTitle>{t('pages.login')}</PageTitle>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        {link ? (
          <MagicLinkSignIn key={link.token} link={link} next={next} onBack={backToEmail} />
        ) : (
          <CodeSignIn initialEmail={backEmail} next={next} />
        )}
      </div>
    </>
  );
}

function MagicLinkSignIn({
  link,
  next,
  onBack,
}: {
  link: { email: string; token: string };
  next: string | null;
  onBack: (email: string) => void;
}) {
  const { t } = useTranslation('customers');
  const messageOf = useApiErrorMessage();
  const signIn = useSignIn(next);
  const sent = useRef(false);
  useEffect(() => {
    // Once per link, even if React runs the effect twice: the token can be used only once.
    if (sent.current) return;
    sent.current = true;
    signIn.mutate(link);
  }, [link, signIn]);

  if (signIn.isError) {
    return (
      <div className="flex flex-col gap-5">
        <FormMessage tone="error" message={`${t('login.linkFailed')} ${messageOf(signIn.error)}`} />
        <Button size="lg" className="w-full" onClick={() => onBack(link.email)}>
          {t('login.backToEmail')}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="text-slate-700 dark:text-slate-200">
      {t('login.linkSigningIn')}
    </p>
  );
}

function CodeSignIn({ initialEmail, next }: { initialEmail: string; next: string | null }) {
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState<{ message: string; at: number } | null>(null);
  const request = useMutation({ mutationFn: requestLoginCode });

  const send = (address: string) =>
    request.mutate(address, {
      onSuccess: (message) => {
        setSent({ message, at: Date.now() });
        setStep('code');
      },
    });

  if (step === 'email' || !sent) {
    return <EmailStep email={email} onEmail={setEmail} request={request} onSubmit={send} />;
  }
  return (
    <CodeStep
      email={email}
      sent={sent}
      next={next}
      resending={request.isPending}
      resendError={request.error}
      onResend={() => send(email)}
      onOtherEmail={() => {
        request.reset();
        setStep('email');
      }}
    />
  );
}
