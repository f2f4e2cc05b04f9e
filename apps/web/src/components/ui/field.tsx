import { type ComponentPropsWithRef, type ReactNode, useId } from 'react';
import { cn } from './cn';

/** What a form control needs from its field: its id, and the ids of the hint and error that describe it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** A short help text under the control. */
  hint?: ReactNode;
  /** The message of a failed check; marks the control invalid and is read with it. */
  error?: string | null;
  /** A label suffix such as "(optional)". */
  labelSuffix?: ReactNode;
  className?: string;
  id?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form control with its hint and inline error. The control is rendered by `children`,
 * which receives the props that tie it to its label, hint and error for screen readers.
 */
export function Field({ label, hint, error, labelSuffix, className, id, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
        {labelSuffix ? (
          <>
            {' '}
            <span className="font-normal text-slate-500 dark:text-slate-400">{labelSuffix}</span>
          </>
        ) : null}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const controlBase =
  'w-full rounded-lg border bg-white px-3 text-base text-slate-900 shadow-xs transition-colors placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 dark:disabled:bg-slate-800 dark:disabled:text-slate-400';
const controlBorder =
  'border-slate-300 aria-invalid:border-red-600 dark:border-slate-700 dark:aria-invalid:border-red-400';

/** A text input in the app's style (16 px text on phones, so iOS does not zoom in). */
export function Input({ className, ...props }: ComponentPropsWithRef<'input'>) {
  return <input className={cn(controlBase, controlBorder, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
  return <textarea className={cn(controlBase, controlBorder, 'min-h-20 py-2', className)} {...props} />;
}

/** A native select: keyboard and screen-reader friendly, and the phone's own picker. */
export function Select({ className, ...props }: ComponentPropsWithRef<'select'>) {
  return <select className={cn(controlBase, controlBorder, 'h-10 pr-8', className)} {...props} />;
}
