import { defaultLocale, isLocale, type Locale } from '@nest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { normalizeEmail } from './normalize-email.js';

/** What other modules may know of a merchant account, password hash included for the auth module. */
export interface MerchantAccount {
  id: string;
  email: string;
  name: string;
  locale: Locale;
  passwordHash: string;
}

const columns = {
  id: users.id,
  email: users.email,
  name: users.name,
  locale: users.locale,
  passwordHash: users.passwordHash,
};

function toAccount(row: { id: string; email: string; name: string; locale: string; passwordHash: string }) {
  return { ...row, locale: isLocale(row.locale) ? row.locale : defaultLocale };
}

/** Case-insensitive, as the unique index on lower(email). */
export async function findMerchantByEmail(db: Tx, email: string): Promise<MerchantAccount | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${normalizeEmail(email)})`)
    .limit(1);
  return row ? toAccount(row) : null;
}

export async function findMerchantById(db: Tx, id: string): Promise<MerchantAccount | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  return row ? toAccount(row) : null;
}

/** True when another account (not excludeMerchantId) already uses this email, in any case. */
export async function isEmailTaken(db: Tx, email: string, excludeMerchantId?: string): Promise<boolean> {
  const found = await findMerchantByEmail(db, email);
  return found !== null && found.id !== excludeMerchantId;
}
