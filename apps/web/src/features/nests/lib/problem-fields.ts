import { isApiError } from '@/lib/api-error';

/**
 * What a failed call says, split for a form: messages of the fields the API named (in the request's
 * language, from its problem's `errors[]`), keyed by our field names, and one message for the rest.
 * `null` as message means "say it in your own words" (no answer came, or it carried no detail).
 */
export function problemFields<F extends string>(
  error: unknown,
  fieldOf: (apiField: string) => F | null,
): { fields: Partial<Record<F, string>>; message: string | null; unplaced: boolean } {
  if (!isApiError(error) || error.isNetworkError) return { fields: {}, message: null, unplaced: true };
  const fields: Partial<Record<F, string>> = {};
  let unplaced = false;
  for (const item of error.problem.errors ?? []) {
    const field = fieldOf(item.field);
    if (field && !fields[field]) fields[field] = item.message;
    else if (!field) unplaced = true;
  }
  const hasFields = Object.keys(fields).length > 0;
  return {
    fields,
    message: error.problem.detail || error.problem.title || null,
    // The form-level message is needed when no field carries the problem.
    unplaced: unplaced || !hasFields,
  };
}
