import type { RefreshResult } from '@nest/contracts';
import { api } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

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

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The rotation sent last, as `{ key, at }`: its Idempotency-Key and when it left. It is written before
 * the call leaves. An answer settles it: a refusal removes it, a success is settled by the refresh mark
 * written right after (a mark at or after `at`), which is the one write other tabs wait on, as before.
 * If the page goes away or the network drops meanwhile, it stays unsettled, and the next rotation (in
 * this tab or another) sends the same key again with the same refresh cookie (ADR 219).
 */
export const PENDING_ROTATION_KEY = 'nest.session-rotation';

type RotationStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The refresh mark: when a tab last rotated the tokens, or NaN if none can be read. */
function readMark(storage: Pick<Storage, 'getItem'> | null): number {
  try {
    return Number(storage?.getItem(REFRESHED_AT_KEY));
  } catch {
    return Number.NaN;
  }
}

function unsettledKey(storage: RotationStorage | null): string | null {
  const pending = JSON.parse(storage?.getItem(PENDING_ROTATION_KEY) ?? 'null') as {
    key?: unknown;
    at?: unknown;
  } | null;
  if (typeof pending?.key !== 'string' || typeof pending.at !== 'number') return null;
  const mark = readMark(storage);
  return Number.isFinite(mark) && mark >= pending.at ? null : pending.key;
}

function rotationKey(storage: RotationStorage | null, now: number): string {
  try {
    const unsettled = unsettledKey(storage);
    if (unsettled) return unsettled;
    const key = crypto.randomUUID();
    storage?.setItem(PENDING_ROTATION_KEY, JSON.stringify({ key, at: now }));
    return key;
  } catch {
    // Storage blocked or its entry unreadable: this call is still safe to retry within the page.
    return crypto.randomUUID();
  }
}

/**
 * GET /api/v1/users/refresh-tokens: trades the refresh cookie for new session cookies. The server
 * takes a used refresh token as a stolen copy and ends the session (ADR 020), so a rotation whose
 * answer was lost (the merchant reloaded while it was under way, the phone lost the network) would
 * sign the merchant out at the next one. Each rotation therefore carries an Idempotency-Key, kept until
 * it is settled; the same rotation asked again with that key gets the same tokens (ADR 219).
 */
export async function rotateTokens(
  storage: RotationStorage | null = defaultStorage(),
  now: () => number = Date.now,
): Promise<RefreshResult> {
  const key = rotationKey(storage, now());
  try {
    // Asked again with the same key, a transient failure's one retry is safe too.
    return await api.get<RefreshResult>('/api/v1/users/refresh-tokens', {
      headers: { 'idempotency-key': key },
      renewSession: false,
    });
  } catch (error) {
    // A refusal ends the session: nothing is left to retry. No answer, or a 5xx (it may have
    // happened), leaves the key for the next rotation.
    if (isApiError(error) && error.status >= 400 && error.status < 500) {
      try {
        storage?.removeItem(PENDING_ROTATION_KEY);
      } catch {
        // The next rotation sends it again with another refresh token: still a fresh rotation.
      }
    }
    throw error;
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
    if (rotatedWhileQueued(readMark(deps.storage), startedAt, deps.now())) return;
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
 * presented twice revokes the whole session (ADR 020), so two calls racing with the same cookie and
 * different keys would sign the merchant out (only the same rotation asked again with its own key is
 * answered again, ADR 219). Within a tab every caller shares one in-flight rotation; across tabs the
 * rotations queue on a Web Lock (browsers without Web Locks get the per-tab guarantee only).
 * Rejects with the API's error: 401 means the session is over.
 */
export function refreshSession(deps: RefreshDeps = {}): Promise<void> {
  if (inFlight) return inFlight;
  const now = deps.now ?? Date.now;
  const resolved: Required<RefreshDeps> = {
    // The pending rotation's time and the refresh mark are read on the same clock.
    rotate: deps.rotate ?? (() => rotateTokens(defaultStorage(), now)),
    locks: deps.locks === undefined ? defaultLocks() : deps.locks,
    storage: deps.storage === undefined ? defaultStorage() : deps.storage,
    now,
  };
  const current = refreshUnderLock(resolved.now(), resolved).finally(() => {
    inFlight = null;
  });
  inFlight = current;
  return current;
}
