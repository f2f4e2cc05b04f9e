import { isApiError } from '@/lib/api-error';

/**
 * The field errors of a failed call, keyed by our form's field names (the API's `errors[]`, already in
 * the request's language). `unplaced` says the form must also show a message of its own: no field
 * carries the problem, or some field is not one of ours.
 */
export function problemFields<F extends string>(
  error: unknown,
  fieldOf: (apiField: string) => F | null,
): { fields: Partial<Record<F, string>>; unplaced: boolean } {
  if (!isApiError(error) || error.isNetworkError) return { fields: {}, unplaced: true };
  const fields: Partial<Record<F, string>> = {};
  let unplaced = false;
  for (const item of error.problem.errors ?? []) {
    const field = fieldOf(item.field);
    if (field && !fields[field]) fields[field] = item.message;
    else if (!field) unplaced = true;
  }
  return { fields, unplaced: unplaced || Object.keys(fields).length === 0 };
}
