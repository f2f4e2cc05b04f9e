import { CHECK_IN_UNDO_SECONDS, type CheckIn } from '@nest/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { checkIns, nestCustomers, nestSubscriptions, rewards } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../nests/find-nest.js';
import { priceOffer, subscriptionPrice } from '../subscriptions/subscription-offer.js';
import { checkInColumns, checkInView } from './recent-check-ins.js';

/**
 * Undoes a check-in recorded by mistake, within 2 minutes (ADR 132): the row stays, marked undone
 * with who and when, and stops counting, so the allowance gets its use back and check-in reward
 * progress goes back one; a reward that check-in earned is taken back unless it was already handed
 * over. Under the same lock on the subscription row as a check-in, so an undo racing a scan leaves
 * the count right. Another nest's check-in is 404; too late is 409 `undo_too_late`; a refusal, a
 * repeat or an undone check-in is 409 `check_in_not_undoable`.
 */
export async function undoCheckIn(
  db: Db,
  nestId: string,
  userId: string,
  checkInId: string,
  now: Date = new Date(),
): Promise<CheckIn> {
  if (!isUuid(checkInId)) throw notFound();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ subscriptionId: checkIns.subscriptionId })
      .from(checkIns)
      .where(and(eq(checkIns.id, checkInId), eq(checkIns.nestId, nestId)));
    if (!found) throw notFound();
    if (found.subscriptionId) {
      await tx
        .select({ id: nestSubscriptions.id })
        .from(nestSubscriptions)
        .where(eq(nestSubscriptions.id, found.subscriptionId))
        .for('update');
    }
    // Read again under the lock: a concurrent undo of the same check-in has committed by now.
    const [checkIn] = await tx
      .select({ counts: checkIns.counts, undoneAt: checkIns.undoneAt, checkedAt: checkIns.checkedAt })
      .from(checkIns)
      .where(eq(checkIns.id, checkInId));
    if (!checkIn?.counts || checkIn.undoneAt) throw new AppError('check_in_not_undoable');
    if (now.getTime() - checkIn.checkedAt.getTime() > CHECK_IN_UNDO_SECONDS * 1000) {
      throw new AppError('undo_too_late');
    }
    await tx
      .update(checkIns)
      .set({ counts: false, undoneAt: now, undoneBy: userId })
      .where(eq(checkIns.id, checkInId));
    // The reward this check-in earned, if still waiting; one already handed over stays handed over.
    await tx.delete(rewards).where(and(eq(rewards.checkInId, checkInId), isNull(rewards.redeemedAt)));
    const [row] = await tx
      .select(checkInColumns)
      .from(checkIns)
      .leftJoin(nestCustomers, eq(nestCustomers.id, checkIns.customerId))
      .leftJoin(nestSubscriptions, eq(nestSubscriptions.id, checkIns.subscriptionId))
      .leftJoin(...subscriptionPrice)
      .leftJoin(...priceOffer)
      .where(eq(checkIns.id, checkInId));
    return checkInView(row!);
  });
}
