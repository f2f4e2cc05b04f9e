import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { type RotationResult, rotateRefreshToken } from './rotate-refresh-token.js';

/**
 * The refresh-tokens call: trades the browser's refresh token for new tokens, or refuses with 401
 * invalid_refresh_token. A token presented twice has just revoked its whole family: that is logged
 * as a warning, since someone else holds a copy. The same rotation asked again with its Idempotency-Key
 * (its answer was lost) is answered the same tokens (ADR 219).
 */
export async function refreshSession(
  db: Db,
  input: { refreshToken: string | undefined; retryKey?: string; ip: string; log: FastifyBaseLogger },
): Promise<Extract<RotationResult, { outcome: 'rotated' }>> {
  const result = input.refreshToken
    ? await rotateRefreshToken(db, input.refreshToken, input.retryKey)
    : { outcome: 'invalid' as const };
  if (result.outcome === 'rotated') {
    if (result.retried) {
      input.log.info(
        { event: 'refresh_token.retried', userId: result.userId, sessionId: result.sessionId },
        'rotation asked again with its key: answered the same tokens',
      );
    }
    return result;
  }
  if (result.outcome === 'reused') {
    input.log.warn(
      { event: 'refresh_token.reused', userId: result.userId, sessionId: result.sessionId, ip: input.ip },
      'refresh token reused: session family revoked',
    );
  }
  throw new AppError('invalid_refresh_token');
}
