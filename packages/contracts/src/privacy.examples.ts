import { example } from './example.js';
import { dataExportRequestedSchema, deleteCustomerBodySchema, deleteMerchantBodySchema } from './privacy.js';

export const dataExportRequested = example(dataExportRequestedSchema, {
  status: 'preparing',
  email: 'julie@cafe-lumiere.fr',
  expires_in_days: 7,
});

export const deleteMerchantBody = example(deleteMerchantBodySchema, {
  password: 'croissant-saone-1987',
  cancel_subscriptions: false,
});

export const deleteCustomerBody = example(deleteCustomerBodySchema, { email: 'camille.martin@example.com' });
