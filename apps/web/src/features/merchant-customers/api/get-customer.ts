import type { MerchantCustomerDetail } from '@nest/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { merchantCustomersQueryKey } from './find-customers';

/** One customer in detail (GET /api/v1/nests/me/nest-customers/{id}). */
export function useCustomerDetail(customerId: string | null) {
  return useQuery({
    queryKey: [...merchantCustomersQueryKey, 'detail', customerId],
    queryFn: ({ signal }) =>
      api.get<MerchantCustomerDetail>(
        `/api/v1/nests/me/nest-customers/${encodeURIComponent(customerId ?? '')}`,
        {
          signal,
        },
      ),
    enabled: customerId !== null,
  });
}
