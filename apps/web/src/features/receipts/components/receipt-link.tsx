import { receiptPaths } from '@nest/contracts';
import { type MouseEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { getConfig } from '@/lib/config';
import { toast } from '@/lib/toast';
import { downloadReceipt } from '../api/download-receipt';

interface ReceiptLinkProps {
  /** The API path of the PDF: one of `receiptPaths` (`receiptPaths.nest(nestId, invoiceId)`…). */
  path: string;
  /** What the saved file is called, without `.pdf` (the receipt's number, or the invoice's date). */
  name: string;
  /** Read by screen readers after "Download receipt": which receipt it is (date, amount). */
  description?: string;
  className?: string;
}

/**
 * A link that downloads a paid invoice's PDF receipt. It is a real link to the API (it works without
 * the script), and with the script the file is fetched through the API client so an expired session
 * is renewed first, and a refusal is shown as a toast instead of a page of JSON. Reusable wherever an
 * invoice is listed: the account page (plan), a customer's detail (their invoices), the customer area.
 */
export function ReceiptLink({ path, name, description, className }: ReceiptLinkProps) {
  const { t } = useTranslation('receipts');
  const describe = useApiErrorMessage();
  const [busy, setBusy] = useState(false);
  const filename = `${t('filename')}-${name}.pdf`;

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    downloadReceipt(path, filename)
      .catch((error: unknown) => toast.error(describe(error)))
      .finally(() => setBusy(false));
  };

  return (
    <a
      href={`${getConfig().apiBaseUrl}${path}`}
      download={filename}
      onClick={onClick}
      aria-busy={busy || undefined}
      className={cn(buttonClasses({ variant: 'secondary', size: 'sm' }), className)}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
        <path d="M10 3a1 1 0 0 1 1 1v7.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V4a1 1 0 0 1 1-1ZM4 15a1 1 0 0 1 1 1h10a1 1 0 1 1 2 0 2 2 0 0 1-2 2H5a2 2 0 0 1-2-2 1 1 0 0 1 1-1Z" />
      </svg>
      {busy ? t('downloading') : t('download')}
      {description ? <span className="sr-only">, {description}</span> : null}
    </a>
  );
}

export { receiptPaths };
