import type { Locale, Merchant, SignupBody } from '@nest/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password.js';
import { emailFingerprint } from '../../lib/tokens.js';
import { canonicalTimeZone } from './canonical-time-zone.js';
import { checkPasswordPolicy } from './check-password-policy.js';
import { createMerchant } from './create-merchant.js';
import { isEmailTaken } from './find-merchant.js';
import { getMerchant } from './get-merchant.js';
import type { MerchantSessions, OpenedMerchantSession } from './merchant-sessions.js';

/** Creates a merchant account and signs the merchant in. */
export async function signUp(
  app: FastifyInstance,
  sessions: MerchantSessions,
  input: SignupBody & { requestLocale: Locale; ip: string; userAgent?: string | undefined },
): Promise<{ merchant: Merchant; session: OpenedMerchantSession }> {
  // The language the merchant chose, else the one their browser speaks; the 422 reason uses it too.
  const locale = input.locale ?? input.requestLocale;
  if (await isEmailTaken(app.db, input.email)) throw new AppError('email_taken');
  await checkPasswordPolicy(input.password, { locale, userInputs: [input.email, input.name] });
  const passwordHash = await hashPassword(input.password);
  const { userId, session } = await app.db.transaction(async (tx) => {
    const user = await createMerchant(tx, {
      email: input.email,
      passwordHash,
      name: input.name,
      locale,
      timeZone: input.time_zone ? canonicalTimeZone(input.time_zone) : undefined,
    });
    const session = await sessions.open(tx, { userId: user.id, ip: input.ip, userAgent: input.userAgent });
    return { userId: user.id, session };
  });
  app.log.info(
    { event: 'merchant.signed_up', userId, email: emailFingerprint(input.email) },
    'merchant signed up',
  );
  const merchant = await getMerchant(app.db, userId);
  return { merchant: merchant!, session };
}
