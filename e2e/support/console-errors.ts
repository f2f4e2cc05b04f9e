/**
 * Console errors that point at a bug: script errors, and failed answers the app did not handle. The
 * browser also logs every 4xx answer as an error, even when the app handles it as it should (the
 * guard's 401 before a refresh, a wrong password, a page asking whether a nest exists yet); those are
 * left out. 5xx answers stay in.
 */
export function appErrors(errors: Array<{ text: string }>) {
  return errors.filter((error) => !/the server responded with a status of 4\d\d/.test(error.text));
}

/**
 * Console errors a test did not provoke. Chromium logs every 4xx answer as a console error; a test
 * that provokes one on purpose (a foreign account id, a refused plan) names its status.
 */
export function unexpectedErrors(errors: Array<{ text: string }>, expectedStatuses: number[]) {
  return errors.filter(
    (error) =>
      !expectedStatuses.some((status) =>
        error.text.includes(`the server responded with a status of ${status}`),
      ),
  );
}
