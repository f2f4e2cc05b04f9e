import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { formFailure } from '@/lib/form-failure';
import type { useFormFields } from '../hooks/use-form-fields';
import { FormAlert } from './form-alert';
import { FormSubmit } from './form-submit';

interface AuthFormProps<Name extends string, Body, Result> {
  /** The form's accessible name. */
  label: string;
  form: ReturnType<typeof useFormFields<Name>>;
  fieldNames: readonly Name[];
  mutation: UseMutationResult<Result, Error, Body>;
  /** The request from the form's values, once they pass their checks. */
  body: () => Body;
  onSuccess?: (result: Result) => void;
  /** Failures the API reports for the whole request that belong to one field (`email_taken`). */
  fieldOfCode?: Partial<Record<string, Name>>;
  submitLabel: string;
  pendingLabel: string;
  /** The fields, between the form's alert and its button. */
  children: ReactNode;
  /** Under the button: the links to the other forms. */
  footer?: ReactNode;
}

/**
 * The shell of the sign-up, log-in and password forms: checks the fields before sending, sends once
 * at a time, puts the API's field messages next to their fields and the rest in an alert above them
 * that takes the focus, and a submit button that says when the request is on its way.
 */
export function AuthForm<Name extends string, Body, Result>({
  label,
  form,
  fieldNames,
  mutation,
  body,
  onSuccess,
  fieldOfCode,
  submitLabel,
  pendingLabel,
  children,
  footer,
}: AuthFormProps<Name, Body, Result>) {
  const messageOf = useApiErrorMessage();
  const failure = mutation.error
    ? formFailure(mutation.error, fieldNames, messageOf, fieldOfCode)
    : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending || !form.validate()) return;
    mutation.mutate(body(), {
      onSuccess: (result) => onSuccess?.(result),
      onError: (error) =>
        form.showServerErrors(formFailure(error, fieldNames, messageOf, fieldOfCode).fields),
    });
  };

  return (
    // `post`: a login page arrives painted before its script (ADR 205); a form sent before the app has
    // adopted it must not put the password in the address (the server answers it with a 404).
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label={label}>
      <FormAlert key={mutation.submittedAt} message={failure?.form} />
      {children}
      <FormSubmit pending={mutation.isPending} label={submitLabel} pendingLabel={pendingLabel} />
      {footer}
    </form>
  );
}
