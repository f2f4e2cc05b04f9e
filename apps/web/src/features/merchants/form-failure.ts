import { isApiError } from '@/lib/api-error';

export interface FormFailure<Name extends string> {
  /** A message for the whole form, when the failure is not about one of its fields. */
  form?: string;
  fields: Partial<Record<Name, string>>;
}

/**
 * Where a failed save belongs on a form. The API's problem documents are already in the merchant's
 * language (it reads the locale cookie): field `errors` go under their fields, failures reported for
 * the whole request but about one field (`fieldOfCode`) go there too, the rest above the button.
 */
export function formFailure<Name extends string>(
  error: unknown,
  fieldNames: readonly Name[],
  fieldOfCode: Partial<Record<string, Name>>,
  /** The sentence for a failure without a problem document of the API's (offline, a proxy's page). */
  describe: (error: unknown) => string,
): FormFailure<Name> {
  if (!isApiError(error) || error.isNetworkError || error.problem.type === 'about:blank') {
    return { form: describe(error), fields: {} };
  }
  const { problem } = error;
  const isField = (name: string): name is Name => (fieldNames as readonly string[]).includes(name);
  const fields: Partial<Record<Name, string>> = {};
  for (const item of problem.errors ?? []) {
    if (isField(item.field)) fields[item.field] ??= item.message;
  }
  const codeField = fieldOfCode[problem.code];
  if (codeField) fields[codeField] ??= problem.detail;
  const placed =
    Object.keys(fields).length > 0 && (problem.errors ?? []).every((item) => isField(item.field));
  return { form: placed ? undefined : problem.detail, fields };
}
