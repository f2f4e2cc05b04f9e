import { defaultLocale, isLocale, type Locale } from '@nest/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { normalizeEmail } from './normalize-email.js';

/** What other modules may know of a merchant account, password hash included for the auth module. */
export interface UserAccount {
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
export async function findUserByEmail(db: Tx, email: string): Promise<UserAccount | null> {
  const [row] = await db
    .select(columns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${normalizeEmail(email)})`)
    .limit(1);
  return row ? toAccount(row) : null;
}

export async function findUserById(db: Tx, id: string): Promise<UserAccount | null> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  return row ? toAccount(row) : null;
}

/** True when another account (not excludeUserId) already uses this email, in any case. */
export async function isEmailTaken(db: Tx, email: string, excludeUserId?: string): Promise<boolean> {
  const found = await findUserByEmail(db, email);
  return found !== null && found.id !== excludeUserId;
}
