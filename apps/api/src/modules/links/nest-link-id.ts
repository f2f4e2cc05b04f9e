import { randomBytes } from 'node:crypto';

/** Bytes of randomness in a nestLinkId: 72 bits, twelve base64url characters, no padding. */
export const NEST_LINK_ID_BYTES = 9;

/**
 * A new public link id, from the operating system's CSPRNG. Unguessable: nobody finds a merchant's
 * links by trying addresses, so a link can be shared with one audience only (a flyer, a window).
 */
export function generateNestLinkId(): string {
  return randomBytes(NEST_LINK_ID_BYTES).toString('base64url');
}
