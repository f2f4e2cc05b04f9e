import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-error';

/**
 * The sentence to show a person for a failed call: the API's own `detail` (already in their language,
 * the API reads the locale cookie), "you are offline" when no answer came, a generic apology otherwise.
 */
export function useApiErrorMessage(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (isApiError(error)) {
        if (error.isNetworkError) return t('connectivity.offline');
        // 'about:blank' is the client's stand-in for an answer without a problem document (a proxy's page).
        if (error.problem.type !== 'about:blank' && error.problem.detail) return error.problem.detail;
      }
      return t('errors.generic.hint');
    },
    [t],
  );
}
