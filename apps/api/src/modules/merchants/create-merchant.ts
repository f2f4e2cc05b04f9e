import type { Locale } from '@nest/contracts';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { isUniqueViolation } from './is-unique-violation.js';
import { normalizeEmail } from './normalize-email.js';

export interface NewMerchant {
  email: string;
  passwordHash: string;
  name: string;
  locale: Locale;
  timeZone?: string | undefined;
  onboardedAt?: Date | null;
}

/** Inserts a merchant account; a taken email (in any case) is a 409, even when two sign-ups race. */
export async function createMerchant(tx: Tx, input: NewMerchant): Promise<{ id: string }> {
  try {
    const [row] = await tx
      .insert(users)
      .values({
        email: normalizeEmail(input.email),
        passwordHash: input.passwordHash,
        name: input.name,
        locale: input.locale,
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
        onboardedAt: input.onboardedAt ?? null,
      })
      .returning({ id: users.id });
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken', { cause: error });
    throw error;
  }
}
