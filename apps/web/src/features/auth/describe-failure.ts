import type { TFunction } from 'i18next';
import { isApiError } from '@/lib/api-error';

export interface FormFailure<Name extends string> {
  /** The message for the whole form, when the failure is not about one of its fields. */
  form?: string;
  fields: Partial<Record<Name, string>>;
}

/** Failures that belong to a field even though the API reports them for the whole request. */
const fieldOfCode: Record<string, string> = { email_taken: 'email' };

/**
 * What a failed call means for a form. The API's problem documents are already in the merchant's
 * language (it reads the locale cookie): their `detail` and field `errors` are shown as they are.
 * Only failures without such a document (offline, a proxy's error page) get the app's own words.
 */
export function describeFailure<Name extends string>(
  error: unknown,
  fieldNames: readonly Name[],
  t: TFunction<'auth'>,
): FormFailure<Name> {
  if (!isApiError(error)) return { form: t('errors.unexpected'), fields: {} };
  if (error.isNetworkError) return { form: t('errors.network'), fields: {} };
  const { problem } = error;
  // A problem the API wrote has its own type; 'about:blank' is the client's stand-in for a bare answer.
  if (problem.type === 'about:blank') {
    return { form: error.status >= 500 ? t('errors.server') : t('errors.unexpected'), fields: {} };
  }
  const isField = (name: string): name is Name => (fieldNames as readonly string[]).includes(name);
  const fields: Partial<Record<Name, string>> = {};
  for (const item of problem.errors ?? []) {
    if (isField(item.field)) fields[item.field] ??= item.message;
  }
  const codeField = fieldOfCode[problem.code];
  if (codeField && isField(codeField)) fields[codeField] ??= problem.detail;
  const unplaced = (problem.errors ?? []).some((item) => !isField(item.field));
  const hasFields = Object.keys(fields).length > 0;
  return { form: hasFields && !unplaced ? undefined : problem.detail, fields };
}
