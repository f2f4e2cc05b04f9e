import {
  canonicalPassCodeInput,
  PASS_CODE_LENGTH,
  type Verification,
  type VerifyBody,
} from '@nest/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/layout/page-title';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { useVerifyPass } from '../api/verify';
import { qrDecoder } from '../lib/decode-qr';
import { useInstallableCounter } from '../offline/install';
import {
  AcceptedOfflineList,
  OfflineSettings,
  OfflineStatus,
  OfflineVerdict,
} from '../offline/offline-panel';
import { isNetworkError, type OfflineAnswer, useOfflineCounter } from '../offline/use-offline-counter';
import { CustomerSearch } from './customer-search';
import { RecentCheckIns } from './recent-check-ins';
import { Scanner } from './scanner';
import { useVerdictWords, Verdict } from './verdict';

/**
 * /admin/app/verify: the counter. Scan the customer's pass (camera or photo), type its 8-character
 * code, or find the customer by name or email and check one of their subscriptions in; the answer
 * fills the screen and is announced; "Next customer" brings the code field back. Phone first.
 */
export function VerificationScreen() {
  const { t } = useTranslation(['admin', 'verification']);
  const errorMessage = useApiErrorMessage();
  const verify = useVerifyPass();
  const [verification, setVerification] = useState<Verification | null>(null);
  const [offlineAnswer, setOfflineAnswer] = useState<OfflineAnswer | null>(null);
  const offline = useOfflineCounter();
  useInstallableCounter();
  const [code, setCode] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const hintId = useId();
  const canonical = canonicalPassCodeInput(code);
  const complete = canonical.length === PASS_CODE_LENGTH && /^[0-9A-Z]+$/.test(canonical);
  const verdictWords = useVerdictWords();
  const announced = verification
    ? verdictWords(verification)
    : offlineAnswer?.kind === 'verdict'
      ? verdictWords(offlineAnswer.verdict)
      : null;

  // The QR decoder is loaded now, while online, so a photo can still be read after the connection drops.
  useEffect(() => {
    void qrDecoder().catch(() => undefined);
  }, []);

  async function checkOffline(token: string) {
    setOfflineAnswer(await offline.verifyOffline(token));
  }

  function check(body: VerifyBody) {
    if (verify.isPending) return;
    // Without the network, a scanned pass is answered from the snapshot (ADR 184).
    if (!offline.online && body.token !== undefined) {
      void checkOffline(body.token);
      return;
    }
    verify.mutate(body, {
      onSuccess: (answer) => setVerification(answer),
      onError: (error) => {
        if (!isNetworkError(error)) return;
        offline.setOffline();
        if (body.token !== undefined) {
          verify.reset();
          void checkOffline(body.token);
        }
      },
    });
  }

  function next() {
    setOfflineAnswer(null);
    setVerification(null);
    setCode('');
    verify.reset();
  }

  // The answer takes the focus (Enter or Space moves on); the code field takes it back after.
  useEffect(() => {
    if (verification || offlineAnswer) nextRef.current?.focus();
    else codeRef.current?.focus();
  }, [verification, offlineAnswer]);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div>
        <PageTitle>{t('admin:pages.verify')}</PageTitle>
        <p className="-mt-3 text-sm text-slate-600 dark:text-slate-300">{t('verification:intro')}</p>
      </div>

      {/* Always in the page, so screen readers announce each answer as it arrives. */}
      <p
        role="status"
        aria-live="assertive"
        aria-atomic="true"
        className="sr-only"
        data-testid="verdict-announcer"
      >
        {announced ? t('verification:verdict.announce', announced) : ''}
      </p>

      <OfflineStatus online={offline.online} snapshot={offline.snapshot} pending={offline.pending} />

      {offlineAnswer ? (
        <OfflineVerdict answer={offlineAnswer} onNext={next} nextRef={nextRef} />
      ) : verification ? (
        <Verdict verification={verification} onNext={next} nextRef={nextRef} />
      ) : (
        <>
          <Scanner disabled={verify.isPending} onScan={(token) => check({ token })} />
          <form
            className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
            onSubmit={(event) => {
              event.preventDefault();
              if (complete) check({ code });
            }}
          >
            <label htmlFor="pass-code" className="text-lg font-semibold">
              {t('verification:code.label')}
            </label>
            <p id={hintId} className="-mt-2 text-sm text-slate-600 dark:text-slate-300">
              {t('verification:code.hint', { count: PASS_CODE_LENGTH })}
            </p>
            <Input
              ref={codeRef}
              id="pass-code"
              name="code"
              value={code}
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              inputMode="text"
              maxLength={16}
              aria-describedby={hintId}
              placeholder="XXXX-XXXX"
              className="h-14 text-center font-mono text-2xl tracking-[0.3em] uppercase"
              onChange={(event) => setCode(event.target.value.toUpperCase())}
            />
            <Button
              type="submit"
              size="lg"
              className="h-14 w-full text-lg"
              disabled={!complete || verify.isPending}
            >
              {verify.isPending ? t('verification:code.checking') : t('verification:code.submit')}
            </Button>
            {verify.error ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {errorMessage(verify.error)}
              </p>
            ) : null}
          </form>
          <CustomerSearch
            disabled={verify.isPending}
            onCheckIn={(subscriptionId) => check({ subscription_id: subscriptionId })}
          />
        </>
      )}

      {offline.online ? <AcceptedOfflineList /> : null}
      {offline.online ? <RecentCheckIns /> : null}
      {offline.online && offline.snapshot ? (
        <details className="rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <summary className="cursor-pointer font-semibold">
            {t('verification:offline.settingsTitle')}
          </summary>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
            {t('verification:offline.settingsIntro')}
          </p>
          <div className="mt-3">
            <OfflineSettings current={offline.snapshot.stale_after_minutes} />
          </div>
        </details>
      ) : null}
    </div>
  );
}
