import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export type SandboxIdPrefix = 'acct' | 'cs_test' | 'cus' | 'evt' | 'in' | 'link' | 'po' | 'py' | 're' | 'sub';

/** Stripe-looking ids (`sub_…`, `cs_test_…`): unguessable, since hosted pages are reached by id alone. */
export function sandboxId(prefix: SandboxIdPrefix, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  // 62 does not divide 256, but the bias of a 24-character id is irrelevant to its unguessability.
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}
