import { type ComponentPropsWithoutRef, type ReactNode, type Ref, useId } from 'react';
import { cn } from '@/components/ui/cn';

export type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'children'> & {
  label: string;
  /** Shown under the field and announced with it (aria-describedby). */
  hint?: ReactNode;
  error?: string | undefined;
  /** Inside the field, at its end (e.g. the show-password button). */
  trailing?: ReactNode;
  /** Under the field, above the hint (e.g. the strength meter). */
  below?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its hint and its error, wired for screen readers; 16 px text so phones do not zoom. */
export function TextField({
  label,
  hint,
  error,
  trailing,
  below,
  id,
  className,
  ref,
  ...input
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cn(
            'h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 dark:bg-slate-900 dark:text-slate-100',
            error
              ? 'border-red-600 dark:border-red-400'
              : 'border-slate-300 hover:border-slate-400 dark:border-slate-700 dark:hover:border-slate-600',
            trailing ? 'pr-12' : undefined,
          )}
          {...input}
        />
        {trailing ? (
          <div className="absolute inset-y-0 right-0 flex items-center pr-1">{trailing}</div>
        ) : null}
      </div>
      {below}
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-red-700 dark:text-red-300">
          <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-0.5 size-4 shrink-0" fill="currentColor">
            <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16m0 4a1 1 0 0 1 1 1v3.5a1 1 0 1 1-2 0V7a1 1 0 0 1 1-1m0 8.5a1.1 1.1 0 1 1 0-2.2 1.1 1.1 0 0 1 0 2.2" />
          </svg>
          <span>{error}</span>
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
