import type { PaymentProvider } from './port.js';

/** The part of the port about the merchants' payout accounts, written once per adapter in its own file. */
export type PayoutAccountProvider = Pick<
  PaymentProvider,
  'createConnectedAccount' | 'createAccountLink' | 'retrieveAccount' | 'updatePayoutSchedule'
>;
