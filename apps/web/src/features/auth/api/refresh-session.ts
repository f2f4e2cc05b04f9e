import type { RefreshResult } from '@nest/contracts';
import { api } from '@/lib/api-client';

/** The Web Locks name every tab of this origin queues on before rotating the refresh token. */
export const REFRESH_LOCK_NAME = 'nest-refresh';
/** When a tab last rotated the tokens (ms since the epoch), so a tab that waited can skip its own. */
export const REFRESHED_AT_KEY = 'nest.session-refreshed-at';

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface RefreshDeps {
  rotate?: () => Promise<unknown>;
  locks?: LockManagerLike | null;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: () => number;
}

function defaultLocks(): LockManagerLike | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** GET /api/v1/users/refresh-tokens: trades the refresh cookie for new session cookies. */
export function rotateTokens(): Promise<RefreshResult> {
  return api.get<RefreshResult>('/api/v1/users/refresh-tokens', { retry: false, renewSession: false });
}

function readMark(deps: Required<RefreshDeps>): number {
  try {
    return Number(deps.storage?.getItem(REFRESHED_AT_KEY));
  } catch {
    return Number.NaN;
  }
}

/**
 * A mark counts only inside the window [the call's start, now]: a rotation after this call began and
 * before this moment. A mark later than now cannot be one (every tab shares the computer's clock): it
 * was written while the clock ran ahead, or the clock was set back since, and trusting it would make
 * every later call skip its rotation and send a merchant with a valid refresh cookie to the login page.
 */
export function rotatedWhileQueued(mark: number, startedAt: number, now: number): boolean {
  return Number.isFinite(mark) && mark >= startedAt && mark <= now;
}

async function refreshUnderLock(startedAt: number, deps: Required<RefreshDeps>): Promise<void> {
  const run = async () => {
    // Another tab rotated while this one queued: the cookies are already new, a second rotation
    // would only waste the one just made.
    if (rotatedWhileQueued(readMark(deps), startedAt, deps.now())) return;
    await deps.rotate();
    try {
      deps.storage?.setItem(REFRESHED_AT_KEY, String(deps.now()));
    } catch {
      // Storage full or blocked: the other tabs will rotate once more, which is still safe.
    }
  };
  if (deps.locks) await deps.locks.request(REFRESH_LOCK_NAME, run);
  else await run();
}

let inFlight: Promise<void> | null = null;

/**
 * Renews the merchant's session, one rotation at a time. The API has no grace window: a refresh token
 * presented twice revokes the whole session (ADR 020), so two calls racing with the same cookie would
 * sign the merchant out. Within a tab every caller shares one in-flight rotation; across tabs the
 * rotations queue on a Web Lock (browsers without Web Locks get the per-tab guarantee only).
 * Rejects with the API's error: 401 means the session is over.
 */
export function refreshSession(deps: RefreshDeps = {}): Promise<void> {
  if (inFlight) return inFlight;
  const resolved: Required<RefreshDeps> = {
    rotate: deps.rotate ?? rotateTokens,
    locks: deps.locks === undefined ? defaultLocks() : deps.locks,
    storage: deps.storage === undefined ? defaultStorage() : deps.storage,
    now: deps.now ?? Date.now,
  };
  const current = refreshUnderLock(resolved.now(), resolved).finally(() => {
    inFlight = null;
  });
  inFlight = current;
  return current;
}
