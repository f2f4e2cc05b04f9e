import { type ComponentPropsWithRef, useId } from 'react';
import { cn } from './cn';

type SelectFieldProps = ComponentPropsWithRef<'select'> & {
  label: string;
  /** Keep the label for screen readers only (compact toolbars). */
  hideLabel?: boolean;
  options: ReadonlyArray<{ value: string; label: string; lang?: string }>;
};

/** A native select with its label: accessible and comfortable on phones. */
export function SelectField({
  label,
  hideLabel = false,
  options,
  className,
  id,
  ...props
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label
        htmlFor={selectId}
        className={cn('text-sm text-slate-600 dark:text-slate-300', hideLabel && 'sr-only')}
      >
        {label}
      </label>
      <select
        id={selectId}
        className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        {...props}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
