import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { type SandboxMetadata, sandboxAccounts } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import type { PayoutSchedule } from '../port.js';
import type { SandboxDeps } from './context.js';
import { emitEvent } from './emit-event.js';
import { sandboxId } from './ids.js';
import { emitted, type SandboxAccountRow } from './to-port.js';

/** Onboarding links are short-lived and single-use, as Stripe's account links are. */
const LINK_LIFETIME_MS = 15 * 60 * 1000;

export async function createAccount(
  tx: Tx,
  input: {
    ownerId: string;
    email: string;
    country: string;
    businessName?: string | null;
    metadata: SandboxMetadata;
  },
  at: Date,
): Promise<SandboxAccountRow> {
  const [account] = await tx
    .insert(sandboxAccounts)
    .values({
      id: sandboxId('acct', 16),
      ownerId: input.ownerId,
      email: input.email,
      country: input.country,
      businessName: input.businessName ?? null,
      metadata: input.metadata,
      createdAt: at,
    })
    .returning();
  return account!;
}

export async function findAccount(tx: Tx, accountId: string): Promise<SandboxAccountRow | undefined> {
  const [account] = await tx.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
  return account;
}

export async function createAccountLink(
  deps: SandboxDeps,
  tx: Tx,
  accountId: string,
  input: { refreshUrl: string; returnUrl: string },
  at: Date,
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(at.getTime() + LINK_LIFETIME_MS);
  const [account] = await tx
    .update(sandboxAccounts)
    .set({
      linkToken: token,
      linkExpiresAt: expiresAt,
      linkReturnUrl: input.returnUrl,
      linkRefreshUrl: input.refreshUrl,
    })
    .where(eq(sandboxAccounts.id, accountId))
    .returning();
  if (!account) throw new AppError('not_found');
  return { url: `${deps.publicUrl}/sandbox/connect/${accountId}?link=${token}`, expiresAt };
}

/** An onboarding link is usable when it is the account's latest, unused and not expired. */
export function linkIsValid(account: SandboxAccountRow, token: string | undefined, at: Date): boolean {
  return (
    !!token &&
    account.linkToken === token &&
    !!account.linkExpiresAt &&
    account.linkExpiresAt.getTime() > at.getTime()
  );
}

/** Valid IBAN check (ISO 13616 mod-97), on the compact form. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The onboarding form was sent: the account can take charges and receive payouts. The link is spent. */
export async function completeOnboarding(
  deps: SandboxDeps,
  tx: Tx,
  account: SandboxAccountRow,
  input: { businessName: string; iban: string },
  at: Date,
): Promise<SandboxAccountRow> {
  const iban = input.iban.replace(/\s+/g, '').toUpperCase();
  const [updated] = await tx
    .update(sandboxAccounts)
    .set({
      businessName: input.businessName,
      ibanLast4: iban.slice(-4),
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
      linkToken: null,
      linkExpiresAt: null,
    })
    .where(eq(sandboxAccounts.id, account.id))
    .returning();
  await emitEvent(deps, tx, {
    ownerId: updated!.ownerId,
    accountId: updated!.id,
    type: 'account.updated',
    object: emitted.account(updated!),
    occurredAt: at,
  });
  return updated!;
}

export async function updatePayoutSchedule(
  deps: SandboxDeps,
  tx: Tx,
  accountId: string,
  schedule: PayoutSchedule,
  at: Date,
): Promise<SandboxAccountRow> {
  const [updated] = await tx
    .update(sandboxAccounts)
    .set({
      payoutInterval: schedule.interval,
      payoutWeeklyAnchor: schedule.interval === 'weekly' ? (schedule.weeklyAnchor ?? 'monday') : null,
      payoutMonthlyAnchor: schedule.interval === 'monthly' ? (schedule.monthlyAnchor ?? 1) : null,
    })
    .where(eq(sandboxAccounts.id, accountId))
    .returning();
  if (!updated) throw new AppError('not_found');
  await emitEvent(deps, tx, {
    ownerId: updated.ownerId,
    accountId: updated.id,
    type: 'account.updated',
    object: emitted.account(updated),
    occurredAt: at,
  });
  return updated;
}
