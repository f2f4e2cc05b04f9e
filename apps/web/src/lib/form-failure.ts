import { isApiError } from './api-error';

export interface FormFailure<Name extends string> {
  /** The message for the whole form, when the failure is not about one of its fields. */
  form?: string;
  fields: Partial<Record<Name, string>>;
}

/**
 * Where a failed call belongs on a form. The API's problem documents are already in the merchant's
 * language (it reads the locale cookie): their field `errors` go next to their fields, as they are,
 * and so do failures reported for the whole request but about one field (`fieldOfCode`, e.g.
 * `{ email_taken: 'email' }`). Whatever is not about one of the form's fields is worded by
 * `messageOf` (the app's one wording of failed calls: the API's detail, "you are offline", or an
 * apology) and shown above the button.
 */
export function formFailure<Name extends string>(
  error: unknown,
  fieldNames: readonly Name[],
  messageOf: (error: unknown) => string,
  fieldOfCode: Partial<Record<string, Name>> = {},
): FormFailure<Name> {
  // 'about:blank' is the client's stand-in for an answer that carried no problem document.
  if (!isApiError(error) || error.isNetworkError || error.problem.type === 'about:blank') {
    return { form: messageOf(error), fields: {} };
  }
  const { problem } = error;
  const isField = (name: string): name is Name => (fieldNames as readonly string[]).includes(name);
  const fields: Partial<Record<Name, string>> = {};
  for (const item of problem.errors ?? []) {
    if (isField(item.field)) fields[item.field] ??= item.message;
  }
  const codeField = fieldOfCode[problem.code];
  if (codeField && isField(codeField)) fields[codeField] ??= problem.detail;
  const unplaced = (problem.errors ?? []).some((item) => !isField(item.field));
  const placed = Object.keys(fields).length > 0 && !unplaced;
  return { form: placed ? undefined : messageOf(error), fields };
}
