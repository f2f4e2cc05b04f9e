import { type CustomerReceipt, customerReceiptListSchema } from '@nest/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const customerReceiptsQueryKey = ['receipts', 'customer', 'me'] as const;

/** The signed-in customer's paid invoices across nests, newest first (GET /api/v1/nest-customers/me/receipts). */
export async function getCustomerReceipts(
  options: { signal?: AbortSignal } = {},
): Promise<CustomerReceipt[]> {
  const body = await api.get<unknown>('/api/v1/nest-customers/me/receipts', { signal: options.signal });
  return customerReceiptListSchema.parse(body).receipts;
}

export function useCustomerReceipts() {
  return useQuery({
    queryKey: customerReceiptsQueryKey,
    queryFn: ({ signal }) => getCustomerReceipts({ signal }),
  });
}
