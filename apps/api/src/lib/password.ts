import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's recommended baseline (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane.
 * Stored hashes carry their own parameters, so raising these later only needs needsRehash on login.
 */
export const ARGON2_PARAMS = {
  algorithm: 2, // Algorithm.Argon2id; the package exports it as an ambient const enum, unusable with isolatedModules
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

// Made when the module loads, not on first use, so even the first unknown-email login costs the same.
const dummyHash = hashPassword(randomBytes(16).toString('hex'));

/**
 * Checks a password against a stored hash. Without a hash (unknown email) it checks against a dummy
 * hash of the same cost and answers false, so both cases take the same time and say the same thing.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A corrupt stored hash must not turn a login into a 500; it simply does not match.
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than today's. */
export function needsRehash(storedHash: string): boolean {
  try {
    const options = parseOptions(storedHash);
    return (
      options.algorithm !== ARGON2_PARAMS.algorithm ||
      options.memoryCost < ARGON2_PARAMS.memoryCost ||
      options.timeCost < ARGON2_PARAMS.timeCost
    );
  } catch {
    return true;
  }
}
