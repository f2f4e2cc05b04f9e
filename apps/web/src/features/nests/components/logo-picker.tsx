import { LOGO_MAX_BYTES } from '@nest/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { type LogoProblem, prepareLogo } from '../lib/prepare-logo';

interface LogoPickerProps {
  value: Blob | null;
  /** The logo already saved (nest settings), shown until another is chosen. */
  currentUrl?: string | null;
  onChange: (logo: Blob | null) => void;
  /** A message from the API about the logo, shown under the picker. */
  error?: string | null;
  disabled?: boolean;
}

const megabytes = LOGO_MAX_BYTES / (1024 * 1024);

/** Chooses the nest's logo: checked and shrunk in the browser, previewed before anything is sent. */
export function LogoPicker({ value, currentUrl, onChange, error, disabled }: LogoPickerProps) {
  const { t } = useTranslation('nests');
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<LogoProblem | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  async function choose(file: File | undefined) {
    if (!file) return;
    setPreparing(true);
    setProblem(null);
    const prepared = await prepareLogo(file);
    setPreparing(false);
    if (prepared.ok) onChange(prepared.blob);
    else {
      setProblem(prepared.problem);
      onChange(null);
    }
    // Choosing the same file again after removing it must fire a change.
    if (input.current) input.current.value = '';
  }

  const message = problem ? t(`logo.problems.${problem}`, { max: megabytes }) : error;
  const messageId = `${inputId}-message`;
  const hintId = `${inputId}-hint`;

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${inputId}-label`} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('logo.label')}{' '}
        <span className="font-normal text-slate-500 dark:text-slate-400">{t('form.optional')}</span>
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <div
          className={cn(
            'flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-xl border bg-white dark:bg-slate-900',
            message ? 'border-red-600 dark:border-red-400' : 'border-slate-300 dark:border-slate-700',
          )}
        >
          {preview || currentUrl ? (
            <img
              src={preview ?? currentUrl ?? ''}
              alt={t('logo.preview')}
              className="size-full object-contain"
            />
          ) : (
            <svg viewBox="0 0 24 24" aria-hidden="true" className="size-8 text-slate-400" fill="none">
              <path
                d="M4 16l4.5-4.5a2 2 0 0 1 2.8 0L16 16m-2-2 1.5-1.5a2 2 0 0 1 2.8 0L20 14M6 20h12a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
              />
            </svg>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {/* The real input stays in the page (visually hidden) so the keyboard and screen readers reach it. */}
          <input
            ref={input}
            id={inputId}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="peer sr-only"
            disabled={disabled || preparing}
            aria-labelledby={`${inputId}-label`}
            aria-describedby={[message ? messageId : '', hintId].filter(Boolean).join(' ')}
            aria-invalid={message ? true : undefined}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <label
            htmlFor={inputId}
            className={cn(
              'inline-flex h-9 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
              'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 dark:peer-focus-visible:outline-brand-400',
              (disabled || preparing) && 'pointer-events-none opacity-50',
            )}
          >
            {preparing ? t('logo.preparing') : value || currentUrl ? t('logo.change') : t('logo.choose')}
          </label>
          {value ? (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled}>
              {t('logo.remove')}
            </Button>
          ) : null}
        </div>
      </div>
      <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
        {t('logo.hint', { max: megabytes })}
      </p>
      {message ? (
        <p id={messageId} className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
