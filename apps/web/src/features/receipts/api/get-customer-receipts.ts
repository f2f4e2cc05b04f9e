import type { CustomerReceipt, CustomerReceiptList } from '@nest/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const customerReceiptsQueryKey = ['receipts', 'customer', 'me'] as const;

/**
 * The signed-in customer's paid invoices across nests, newest first (GET /api/v1/nest-customers/me/receipts).
 * Typed, not parsed, like the customer area's other answers: the API serialises it through
 * `customerReceiptListSchema` (which transforms nothing), and parsing here would load zod with the
 * overview (ADR 204).
 */
export async function getCustomerReceipts(
  options: { signal?: AbortSignal } = {},
): Promise<CustomerReceipt[]> {
  const body = await api.get<CustomerReceiptList>('/api/v1/nest-customers/me/receipts', {
    signal: options.signal,
  });
  return body.receipts;
}

export function useCustomerReceipts() {
  return useQuery({
    queryKey: customerReceiptsQueryKey,
    queryFn: ({ signal }) => getCustomerReceipts({ signal }),
  });
}
