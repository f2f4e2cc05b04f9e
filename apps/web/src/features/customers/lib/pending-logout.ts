/**
 * A sign-out the server did not hear (offline, API down). The tab is cleared at once (spec §4), but
 * the session cookie is httpOnly: only the server can end it. So the browser remembers the sign-out
 * (localStorage: the cookie is shared by every tab) until the server confirms it, and the customer
 * area stays closed meanwhile (ADR 082).
 */
const KEY = 'nest.customer.logout-pending';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const pendingLogout = {
  get(): boolean {
    return storage()?.getItem(KEY) === '1';
  },
  set(): void {
    try {
      storage()?.setItem(KEY, '1');
    } catch {
      // Storage blocked or full: the sign-out is then only as good as the tab's.
    }
  },
  clear(): void {
    storage()?.removeItem(KEY);
  },
};

/**
 * Sends a remembered sign-out again. Answers true when one was pending (whether or not it got through
 * this time): the visitor asked to be signed out, so the area must not open for the old session.
 */
export async function retryPendingLogout(logOut: () => Promise<void>): Promise<boolean> {
  if (!pendingLogout.get()) return false;
  try {
    await logOut();
    pendingLogout.clear();
  } catch {
    // Still unreachable: tried again at the next visit.
  }
  return true;
}
