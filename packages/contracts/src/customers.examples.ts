import { customerLoginBodySchema, customerLoginResultSchema, nestCustomerSchema } from './customers.js';
import { example, exampleIds } from './example.js';
import { customerSubscription } from './subscriptions.examples.js';

export const customerLoginBody = example(customerLoginBodySchema, {
  email: 'camille.martin@example.com',
  code: '482913',
});

export const nestCustomer = example(nestCustomerSchema, {
  id: exampleIds.customer,
  email: 'camille.martin@example.com',
  name: 'Camille Martin',
  locale: 'fr-FR',
  subscriptions: [customerSubscription.value],
});

/** Signed in with the emailed code: the customer, as GET /nest-customers/me answers. */
export const customerLoginResult = example(customerLoginResultSchema, nestCustomer.value);
