import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { PASS_STEP_SECONDS } from '@nest/contracts';
import { describe, expect, it } from 'vitest';
import {
  codeLookupIn,
  codeLookupOf,
  passCode,
  passStep,
  passToken,
  SIGNED_PAYLOAD_BYTES,
} from '../../src/modules/subscriptions/pass-format.js';
import { nestPassKey } from '../../src/modules/subscriptions/pass-keys.js';
import { signPass } from '../../src/modules/subscriptions/pass-sign.js';
import {
  codeLookupsOf,
  DEFAULT_HMAC_ACCEPTED_UNTIL,
  verifyPassToken,
} from '../../src/modules/subscriptions/pass-verify.js';

const SECRET = 'pass-secret-for-tests-pass-secret-for-tests';
const SUBSCRIPTION = '6f1c2a4e-8b3d-4c5e-9f7a-1b2c3d4e5f60';
const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d';
const NEST = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const OTHER_NEST = '9e8d7c6b-5a49-4837-a625-140f2e3d4c5b';
const PASS = { nestId: NEST, subscriptionId: SUBSCRIPTION };
const at = (seconds: number) => new Date(Date.UTC(2025, 2, 14, 9, 0, 0) + seconds * 1000);

describe('passes', () => {
  it('name their subscription and are good for the step they were made in and the next', () => {
    const pass = signPass(SECRET, PASS, at(0));
    expect(pass.token).toMatch(/^[A-Za-z0-9_-]{135}$/);
    expect(pass.refreshAt.getTime() - at(0).getTime()).toBeLessThanOrEqual(PASS_STEP_SECONDS * 1000);
    expect(verifyPassToken(SECRET, pass.token, at(0))).toEqual({
      ok: true,
      subscriptionId: SUBSCRIPTION,
      nestId: NEST,
      step: pass.step,
    });
    expect(verifyPassToken(SECRET, pass.token, new Date(pass.expiresAt.getTime() - 1)).ok).toBe(true);
    expect(verifyPassToken(SECRET, pass.token, pass.expiresAt)).toEqual({
      ok: false,
      reason: 'expired',
      subscriptionId: SUBSCRIPTION,
      nestId: NEST,
    });
    expect(verifyPassToken(SECRET, pass.token, at(-PASS_STEP_SECONDS))).toMatchObject({
      ok: false,
      reason: 'not_yet_valid',
    });
  });

  it('change every step, so a screenshot stops working', () => {
    const a = signPass(SECRET, PASS, at(0));
    const b = signPass(SECRET, PASS, at(PASS_STEP_SECONDS));
    expect(a.token).not.toBe(b.token);
    expect(a.code).not.toBe(b.code);
    expect(signPass(SECRET, PASS, at(1)).token).toBe(signPass(SECRET, PASS, at(2)).token);
  });

  it('refuse a forged, altered or foreign token', () => {
    const pass = signPass(SECRET, PASS, at(0));
    expect(verifyPassToken('another-secret-another-secret-another', pass.token, at(0))).toEqual({
      ok: false,
      reason: 'invalid_signature',
    });
    // Another subscription's id in the payload, with the original signature.
    const bytes = Buffer.from(pass.token, 'base64url');
    Buffer.from(OTHER.replaceAll('-', ''), 'hex').copy(bytes, 17);
    expect(verifyPassToken(SECRET, bytes.toString('base64url'), at(0)).ok).toBe(false);
    // Another nest's id with this nest's signature: checked with the other nest's key, refused.
    const moved = Buffer.from(pass.token, 'base64url');
    Buffer.from(OTHER_NEST.replaceAll('-', ''), 'hex').copy(moved, 1);
    expect(verifyPassToken(SECRET, moved.toString('base64url'), at(0))).toEqual({
      ok: false,
      reason: 'invalid_signature',
    });
    for (const junk of ['', 'not a token', 'AAAA', `${pass.token}A`, pass.token.slice(0, -2)]) {
      expect(verifyPassToken(SECRET, junk, at(0))).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('are signed with the nest’s Ed25519 key: the public key alone verifies them, and no bit can change', () => {
    const pass = signPass(SECRET, PASS, at(0));
    const bytes = Buffer.from(pass.token, 'base64url');
    expect(bytes).toHaveLength(101);
    expect(bytes[0]).toBe(2);
    // What a counter device holds: the raw 32-byte public key, nothing secret.
    const raw = Buffer.from(nestPassKey(SECRET, NEST).publicKeyRaw, 'base64url');
    expect(raw).toHaveLength(32);
    const publicKey = createPublicKey({
      key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
      format: 'der',
      type: 'spki',
    });
    const payload = bytes.subarray(0, SIGNED_PAYLOAD_BYTES);
    const signature = bytes.subarray(SIGNED_PAYLOAD_BYTES);
    expect(verify(null, payload, publicKey, signature)).toBe(true);
    // Another nest's public key does not verify it.
    const otherRaw = Buffer.from(nestPassKey(SECRET, OTHER_NEST).publicKeyRaw, 'base64url');
    expect(otherRaw.equals(raw)).toBe(false);
    // Every single bit flipped, anywhere in the token, is refused by the public key and by the API.
    for (let bit = 0; bit < bytes.length * 8; bit++) {
      const changed = Buffer.from(bytes);
      changed[bit >> 3]! ^= 1 << (bit & 7);
      expect(
        verify(
          null,
          changed.subarray(0, SIGNED_PAYLOAD_BYTES),
          publicKey,
          changed.subarray(SIGNED_PAYLOAD_BYTES),
        ),
      ).toBe(false);
      expect(verifyPassToken(SECRET, changed.toString('base64url'), at(0)).ok).toBe(false);
    }
    // The key is the nest's, derived from the pass secret: another secret, another key.
    expect(nestPassKey('another-secret-another-secret-another', NEST).publicKeyRaw).not.toBe(
      nestPassKey(SECRET, NEST).publicKeyRaw,
    );
  });

  it('of the old HMAC format verify during the migration window only', () => {
    const hmac = passToken(SECRET, SUBSCRIPTION, passStep(at(0)));
    expect(hmac).toMatch(/^[A-Za-z0-9_-]{50}$/);
    const window = { hmacAcceptedUntil: at(60) };
    expect(verifyPassToken(SECRET, hmac, at(0), window)).toEqual({
      ok: true,
      subscriptionId: SUBSCRIPTION,
      nestId: null,
      step: passStep(at(0)),
    });
    // The window closed: refused like a forged token, even though it is fresh and its MAC is right.
    expect(verifyPassToken(SECRET, hmac, at(0), { hmacAcceptedUntil: at(0) })).toEqual({
      ok: false,
      reason: 'invalid_signature',
    });
    // Without a configured window, the default one ends on its date.
    const late = DEFAULT_HMAC_ACCEPTED_UNTIL;
    const lateToken = passToken(SECRET, SUBSCRIPTION, passStep(late));
    expect(verifyPassToken(SECRET, lateToken, late).ok).toBe(false);
    // A wrong MAC is refused within the window too.
    expect(verifyPassToken('another-secret-another-secret-another', hmac, at(0), window).ok).toBe(false);
  });

  it('carry a short human code that names its subscription’s lookup, typed loosely', () => {
    const pass = signPass(SECRET, PASS, at(0));
    const lookup = codeLookupOf(SUBSCRIPTION);
    expect(pass.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    // This step's pass names the lookup first; in the next step, as the previous step's pass.
    expect(codeLookupsOf(SECRET, pass.code, at(10))[0]).toBe(lookup);
    expect(codeLookupsOf(SECRET, pass.code, at(PASS_STEP_SECONDS))[1]).toBe(lookup);
    const typed = `${pass.code.slice(0, 4).toLowerCase()}-${pass.code.slice(4)}`
      .replace(/1/g, 'l')
      .replace(/0/g, 'o');
    expect(codeLookupsOf(SECRET, typed, at(10))[0]).toBe(lookup);
    expect(codeLookupsOf(SECRET, pass.code, at(3 * PASS_STEP_SECONDS))).not.toContain(lookup);
    expect(codeLookupsOf('another-secret-another-secret-another', pass.code, at(10))).not.toContain(lookup);
    for (const junk of ['ABC', 'ABCDEFGHJ', 'UUUUUUUU', ''])
      expect(codeLookupsOf(SECRET, junk, at(0))).toEqual([]);
  });

  it('are a permutation: every 8-character code turns back into the lookup it was made from', () => {
    for (let i = 0; i < 200; i++) {
      const id = randomUUID();
      const step = 1000 + i;
      expect(codeLookupIn(SECRET, passCode(SECRET, id, step), step)).toBe(codeLookupOf(id));
    }
    // The first 40 bits of SHA-256 over the id's 16 bytes, as the database computes them.
    expect(codeLookupOf(SUBSCRIPTION)).toBe(954350984241);
  });
});
