import { createHmac, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';

/**
 * Each nest signs its customers' passes with its own Ed25519 key (ADR 183), so a counter device can
 * check a pass with the nest's public key alone, without the network and without any secret. The
 * private key is derived from the pass secret and the nest's id rather than stored: every process
 * sharing the session secret signs and verifies the same passes, and there is nothing more to keep.
 * `PASS_KEY_VERSION` is part of the derivation: raising it gives every nest a new key.
 */
export const PASS_KEY_VERSION = 1;

/** The DER prefix of a PKCS #8 Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** The DER prefix of an SPKI Ed25519 public key; the 32 raw bytes follow it. */
const SPKI_ED25519_PREFIX_LENGTH = 12;

export interface NestPassKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The raw 32-byte public key, base64url: what the counter device keeps. */
  publicKeyRaw: string;
}

/** At most this many nests' keys are kept in memory (a key is re-derived in about 50 µs). */
const CACHE_SIZE = 2000;
const cache = new Map<string, NestPassKey>();

export function uuidBytes(id: string): Buffer {
  return Buffer.from(id.replaceAll('-', ''), 'hex');
}

/** The nest's pass key pair, derived from the pass secret and the nest id. */
export function nestPassKey(secret: string, nestId: string): NestPassKey {
  const cacheKey = `${secret}\u0000${nestId}`;
  const known = cache.get(cacheKey);
  if (known) return known;
  const seed = createHmac('sha256', secret)
    .update(`nest pass ed25519 v${PASS_KEY_VERSION}\u0000`)
    .update(uuidBytes(nestId))
    .digest();
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  const key = {
    privateKey,
    publicKey,
    publicKeyRaw: spki.subarray(SPKI_ED25519_PREFIX_LENGTH).toString('base64url'),
  };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(cacheKey, key);
  return key;
}
