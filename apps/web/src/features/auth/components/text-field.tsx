import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import { cn } from '@/components/ui/cn';
import { Field, Input } from '@/components/ui/field';

export type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'children'> & {
  label: string;
  /** Shown under the field and read with it (aria-describedby). */
  hint?: ReactNode;
  error?: string | undefined;
  /** Inside the field, at its end (the show-password button). */
  trailing?: ReactNode;
  /** Right under the field (the strength meter). */
  below?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** The app's one field (components/ui/field) with room for a button inside and a line below. */
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
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <>
          <div className="relative">
            <Input ref={ref} {...control} {...input} className={cn('h-11', trailing ? 'pr-12' : undefined)} />
            {trailing ? (
              <div className="absolute inset-y-0 right-0 flex items-center pr-0.5">{trailing}</div>
            ) : null}
          </div>
          {below}
        </>
      )}
    </Field>
  );
}

/** The email field of the sign-up, log-in and forgotten-password forms. */
export function EmailField(props: Omit<TextFieldProps, 'type'>) {
  return (
    <TextField
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  );
}
