import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { passwordResets, sessions } from '../../db/schema/index.js';

export const PRUNE_SESSIONS_JOB = 'auth.prune-sessions';

/**
 * Deletes sessions a day past their absolute end (their refresh tokens go with them) and reset links a
 * day past expiry. Until then, a used refresh token is kept: it is what detects a stolen copy.
 */
export async function pruneSessions(db: Db): Promise<{ sessions: number; passwordResets: number }> {
  const dayAgo = sql`now() - interval '1 day'`;
  const deletedSessions = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, dayAgo))
    .returning({ id: sessions.id });
  const deletedResets = await db
    .delete(passwordResets)
    .where(lt(passwordResets.expiresAt, dayAgo))
    .returning({ id: passwordResets.id });
  return { sessions: deletedSessions.length, passwordResets: deletedResets.length };
}

export function schedulePruneSessions(app: FastifyInstance): void {
  app.jobs.register(PRUNE_SESSIONS_JOB, async () => {
    const deleted = await pruneSessions(app.db);
    if (deleted.sessions + deleted.passwordResets > 0) app.log.info({ deleted }, 'expired sessions pruned');
  });
  app.jobs.every(PRUNE_SESSIONS_JOB, 60 * 60 * 1000);
}
