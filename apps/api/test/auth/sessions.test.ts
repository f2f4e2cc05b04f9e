import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, sessions } from '../../src/db/schema/index.js';
import { hashToken } from '../../src/lib/tokens.js';
import { responseCookies, signUpMerchant } from '../fixtures/merchants.js';
import { createTestApp, type TestApp } from '../helpers.js';

describe('merchant sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/me', cookies, headers });
  const refresh = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/refresh-tokens', cookies, headers });
  const logout = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/v1/users/logout', cookies, headers });

  it('answers /users/me with 401 without a session, or with a made-up token', async () => {
    const none = await me({});
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'unauthenticated', status: 401 });
    expect((await me({ nest_access: 'x'.repeat(43) })).statusCode).toBe(401);
  });

  it('accepts the access token as a Bearer header for API clients', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const res = await me({}, { authorization: `Bearer ${cookies.nest_access}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.id);
  });

  it('rotates: new access and refresh tokens, and the old access token stops working', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const res = await refresh(cookies);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(new Date(body.access_expires_at).getTime()).toBeGreaterThan(Date.now() + 9 * 60 * 1000);
    expect(new Date(body.session_expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    const next = responseCookies(res);
    expect(next.nest_access).toBeDefined();
    expect(next.nest_refresh).toBeDefined();
    expect(next.nest_access).not.toBe(cookies.nest_access);
    expect(next.nest_refresh).not.toBe(cookies.nest_refresh);
    expect((await me(next)).json().id).toBe(user.id);
    expect((await me({ nest_access: cookies.nest_access! })).statusCode).toBe(401);
    // And the new refresh token rotates in turn.
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('treats a refresh token presented twice as stolen: 401, and the whole family is revoked', async () => {
    const { cookies } = await signUpMerchant(t.app);
    const first = await refresh(cookies);
    const rotated = responseCookies(first);
    const second = await refresh(rotated);
    const latest = responseCookies(second);
    expect((await me(latest)).statusCode).toBe(200);

    // The original refresh token comes back (an attacker's copy, or the victim after the attacker).
    const reuse = await refresh({ nest_refresh: cookies.nest_refresh! });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe('invalid_refresh_token');
    const cleared = reuse.cookies
      .filter((c) => c.maxAge === 0)
      .map((c) => c.name)
      .sort();
    expect(cleared).toEqual(['nest_access', 'nest_merchant_signed_in', 'nest_refresh']);

    // Everything born of that login is dead, including the newest tokens.
    expect((await me(latest)).statusCode).toBe(401);
    expect((await refresh(latest)).statusCode).toBe(401);
    const [row] = await t.db
      .select({ revokedReason: sessions.revokedReason })
      .from(sessions)
      .innerJoin(refreshTokens, eq(refreshTokens.sessionId, sessions.id))
      .where(eq(refreshTokens.tokenHash, hashToken(cookies.nest_refresh!)));
    expect(row!.revokedReason).toBe('refresh_token_reuse');
  });

  it('lets exactly one of two concurrent uses of a refresh token win', async () => {
    const { cookies } = await signUpMerchant(t.app);
    const results = await Promise.all([refresh(cookies), refresh(cookies)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  describe('the same rotation asked again with its Idempotency-Key (its answer was lost)', () => {
    const key = (name: string) => ({
      'idempotency-key': `rotation-${name}-${Math.random().toString(36).slice(2)}`,
    });

    it('is answered the very tokens its lost answer carried, and the session goes on', async () => {
      const { user, cookies } = await signUpMerchant(t.app);
      const headers = key('lost');
      const lost = await refresh(cookies, headers);
      expect(lost.statusCode).toBe(200);
      // The browser never got `lost`: it still holds the old refresh token, and asks again.
      const again = await refresh(cookies, headers);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(lost.json());
      const tokens = responseCookies(again);
      expect(tokens.nest_access).toBe(responseCookies(lost).nest_access);
      expect(tokens.nest_refresh).toBe(responseCookies(lost).nest_refresh);
      expect((await me(tokens)).json().id).toBe(user.id);
      // And the session rotates on from there as usual.
      const onward = await refresh(tokens, key('onward'));
      expect(onward.statusCode).toBe(200);
      expect((await me(responseCookies(onward))).statusCode).toBe(200);
    });

    it('answers two racing requests of one rotation alike', async () => {
      const { cookies } = await signUpMerchant(t.app);
      const headers = key('race');
      const results = await Promise.all([refresh(cookies, headers), refresh(cookies, headers)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(responseCookies(results[0]!).nest_refresh).toBe(responseCookies(results[1]!).nest_refresh);
      expect((await me(responseCookies(results[0]!))).statusCode).toBe(200);
    });

    it('revokes the family when the key is another, or missing: that is a copy of the token', async () => {
      for (const second of [key('other'), {}]) {
        const { cookies } = await signUpMerchant(t.app);
        const first = responseCookies(await refresh(cookies, key('first')));
        const reuse = await refresh(cookies, second);
        expect(reuse.statusCode).toBe(401);
        expect(reuse.json().code).toBe('invalid_refresh_token');
        expect((await me(first)).statusCode).toBe(401);
      }
    });

    it('revokes the family once the rotation’s new tokens were used: its client did get the answer', async () => {
      const { cookies } = await signUpMerchant(t.app);
      const headers = key('used');
      const rotated = responseCookies(await refresh(cookies, headers));
      const latest = responseCookies(await refresh(rotated, key('next')));
      expect((await refresh(cookies, headers)).statusCode).toBe(401);
      expect((await me(latest)).statusCode).toBe(401);
    });

    it('revokes the family when asked again after the retry window, or after logout', async () => {
      const late = await signUpMerchant(t.app);
      const headers = key('late');
      await refresh(late.cookies, headers);
      await t.db
        .update(refreshTokens)
        .set({ usedAt: new Date(Date.now() - 5 * 60 * 1000 - 1000) })
        .where(eq(refreshTokens.tokenHash, hashToken(late.cookies.nest_refresh!)));
      expect((await refresh(late.cookies, headers)).statusCode).toBe(401);
      const [row] = await t.db
        .select({ revokedReason: sessions.revokedReason })
        .from(sessions)
        .where(eq(sessions.userId, late.user.id));
      expect(row!.revokedReason).toBe('refresh_token_reuse');

      const out = await signUpMerchant(t.app);
      const outHeaders = key('out');
      const rotated = responseCookies(await refresh(out.cookies, outHeaders));
      expect((await logout(rotated)).statusCode).toBe(204);
      expect((await refresh(out.cookies, outHeaders)).statusCode).toBe(401);
    });

    it('refuses a malformed key with a problem, and rotates nothing', async () => {
      const { cookies } = await signUpMerchant(t.app);
      const res = await refresh(cookies, { 'idempotency-key': 'no spaces allowed' });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect((await refresh(cookies)).statusCode).toBe(200);
    });
  });

  it('does not revoke another login of the same merchant on reuse', async () => {
    const { user, cookies, password } = await signUpMerchant(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: user.email, password },
    });
    const otherCookies = responseCookies(other);
    await refresh(cookies);
    expect((await refresh(cookies)).statusCode).toBe(401);
    expect((await me(otherCookies)).statusCode).toBe(200);
  });

  it('refuses refresh without a token, with an unknown one, and past the absolute end of the session', async () => {
    expect((await refresh({})).statusCode).toBe(401);
    expect((await refresh({ nest_refresh: 'y'.repeat(43) })).statusCode).toBe(401);
    const { user, cookies } = await signUpMerchant(t.app);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await refresh(cookies)).statusCode).toBe(401);
    expect((await me(cookies)).statusCode).toBe(401);
  });

  it('never issues an access token that outlives its session', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    const end = new Date(Date.now() + 60 * 1000);
    await t.db.update(sessions).set({ expiresAt: end }).where(eq(sessions.userId, user.id));
    const res = await refresh(cookies);
    expect(res.statusCode).toBe(200);
    expect(new Date(res.json().access_expires_at).getTime()).toBe(end.getTime());
  });

  it('answers 401 once the access token has expired, and refresh brings the merchant back', async () => {
    const { user, cookies } = await signUpMerchant(t.app);
    await t.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await me(cookies)).statusCode).toBe(401);
    const res = await refresh(cookies);
    expect(res.statusCode).toBe(200);
    expect((await me(responseCookies(res))).statusCode).toBe(200);
  });

  it('logs out on the server: the old cookies are dead even if replayed, and the cookies are cleared', async () => {
    const { cookies } = await signUpMerchant(t.app);
    const res = await logout(cookies);
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies
      .filter((c) => c.maxAge === 0 && c.value === '')
      .map((c) => c.name)
      .sort();
    expect(cleared).toEqual(['nest_access', 'nest_merchant_signed_in', 'nest_refresh']);
    expect((await me(cookies)).statusCode).toBe(401);
    expect((await refresh(cookies)).statusCode).toBe(401);
  });

  it('logs out with only the refresh cookie (an expired access cookie is gone from the browser)', async () => {
    const { cookies } = await signUpMerchant(t.app);
    expect((await logout({ nest_refresh: cookies.nest_refresh! })).statusCode).toBe(204);
    expect((await me(cookies)).statusCode).toBe(401);
  });

  it('answers logout without a session with 204', async () => {
    expect((await logout({})).statusCode).toBe(204);
  });

  it('refuses refresh and logout triggered from another site', async () => {
    const { cookies } = await signUpMerchant(t.app);
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    expect((await logout(cookies, crossSite)).statusCode).toBe(403);
    expect((await refresh(cookies, crossSite)).statusCode).toBe(403);
    expect((await me(cookies)).statusCode).toBe(200);
    expect((await refresh(cookies, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });
});
