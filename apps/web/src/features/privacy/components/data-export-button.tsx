import type { DataExportRequested } from '@nest/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { useApiErrorMessage } from '@/lib/api-error-message';

interface DataExportButtonProps {
  request: () => Promise<DataExportRequested>;
  labels: { action: string; pending: string; sent: (email: string, days: number) => string };
}

/** Asks for a copy of the account's data; the link arrives by email (ADR 171). */
export function DataExportButton({ request, labels }: DataExportButtonProps) {
  const describe = useApiErrorMessage();
  const ask = useMutation({ mutationFn: request });
  return (
    <div className="flex flex-col items-start gap-3">
      <Button variant="secondary" disabled={ask.isPending} onClick={() => ask.mutate()}>
        {ask.isPending ? labels.pending : labels.action}
      </Button>
      <div aria-live="polite">
        {ask.data ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {labels.sent(ask.data.email, ask.data.expires_in_days)}
          </p>
        ) : null}
        {ask.error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {describe(ask.error)}
          </p>
        ) : null}
      </div>
    </div>
  );
}
