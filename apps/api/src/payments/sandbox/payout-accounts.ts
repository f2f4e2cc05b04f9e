import { AppError } from '../../lib/errors.js';
import type { PayoutAccountProvider } from '../payout-accounts.js';
import * as accounts from './accounts.js';
import { clockOffsetSeconds, sandboxNow } from './clock.js';
import { inTransaction, type SandboxDeps } from './context.js';
import { accountToPort } from './to-port.js';

/** The merchants' payout accounts in the sandbox: onboarding on a hosted page, payout schedules. */
export function sandboxPayoutAccounts(deps: SandboxDeps): PayoutAccountProvider {
  return {
    async createConnectedAccount(input, options) {
      return inTransaction(deps, options?.tx, async (tx) =>
        accountToPort(await accounts.createAccount(tx, input, await sandboxNow(tx, input.ownerId))),
      );
    },

    async createAccountLink(accountId, input, options) {
      return inTransaction(deps, options?.tx, async (tx) => {
        const account = await accounts.findAccount(tx, accountId);
        if (!account) throw new AppError('not_found');
        const offset = await clockOffsetSeconds(tx, account.ownerId);
        const link = await accounts.createAccountLink(
          deps,
          tx,
          accountId,
          input,
          await sandboxNow(tx, account.ownerId),
        );
        return { url: link.url, expiresAt: new Date(link.expiresAt.getTime() - offset * 1000) };
      });
    },

    async retrieveAccount(accountId, options) {
      return inTransaction(deps, options?.tx, async (tx) => {
        const account = await accounts.findAccount(tx, accountId);
        return account ? accountToPort(account) : null;
      });
    },

    async updatePayoutSchedule(accountId, schedule, options) {
      return inTransaction(deps, options?.tx, async (tx) => {
        const account = await accounts.findAccount(tx, accountId);
        if (!account) throw new AppError('not_found');
        return accountToPort(
          await accounts.updatePayoutSchedule(
            deps,
            tx,
            accountId,
            schedule,
            await sandboxNow(tx, account.ownerId),
          ),
        );
      });
    },
  };
}
