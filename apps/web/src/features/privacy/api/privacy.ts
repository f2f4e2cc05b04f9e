import type { DataExportRequested, DeleteCustomerBody, DeleteMerchantBody } from '@nest/contracts';
import { api } from '@/lib/api-client';

/*
 * The export's answer is typed, not parsed: the API serialises it through `dataExportRequestedSchema`,
 * and a parse here would load zod with the customer overview, where the privacy card is (ADR 204).
 */

/** POST /api/v1/users/me/data-export: a job prepares the ZIP and emails its link (ADR 171). */
export async function requestMerchantExport(): Promise<DataExportRequested> {
  return api.post<DataExportRequested>('/api/v1/users/me/data-export');
}

/** POST /api/v1/nest-customers/me/data-export. */
export async function requestCustomerExport(): Promise<DataExportRequested> {
  return api.post<DataExportRequested>('/api/v1/nest-customers/me/data-export');
}

/** DELETE /api/v1/users/me: 409 `active_subscribers` while customers are subscribed, unless cancelled. */
export async function eraseMerchant(body: DeleteMerchantBody): Promise<void> {
  await api.delete<void>('/api/v1/users/me', { body, renewSession: false });
}

/** DELETE /api/v1/nest-customers/me: 409 `active_subscribers` while a subscription renews. */
export async function eraseCustomer(body: DeleteCustomerBody): Promise<void> {
  await api.delete<void>('/api/v1/nest-customers/me', { body });
}
