import type { FastifyInstance } from 'fastify';
import type { MerchantSessions } from '../merchants/merchant-sessions.js';
import { beginPasswordAttempt } from './login-limits.js';
import { openSession } from './open-session.js';
import { cancelPasswordResets } from './reset-password.js';
import { revokeMerchantSessions } from './revoke-sessions.js';
import { setSessionCookies } from './session-cookies.js';

/** The sessions the merchant's account use cases ask for (sign-up, password change), made by auth. */
export function merchantSessions(app: FastifyInstance): MerchantSessions {
  return {
    async open(tx, input) {
      const session = await openSession(tx, input);
      return {
        sessionId: session.sessionId,
        setCookies: (reply) => setSessionCookies(reply, app.config, session),
      };
    },
    beginPasswordAttempt: (input) => beginPasswordAttempt(app, input),
    async endOtherSessions(tx, userId, currentSessionId) {
      await cancelPasswordResets(tx, userId);
      return revokeMerchantSessions(tx, userId, 'password_changed', { exceptSessionId: currentSessionId });
    },
  };
}
