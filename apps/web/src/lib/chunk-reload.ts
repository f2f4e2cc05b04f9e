/**
 * A lazy part of the app that fails to load usually means a new version was deployed and the old
 * hashed files are gone: reloading fetches the new index.html. The time of the last such reload is
 * kept in sessionStorage so a part that keeps failing shows the error page instead of looping.
 */
export const CHUNK_RELOAD_KEY = 'nest.chunk-reload-at';
export const CHUNK_RELOAD_GUARD_MS = 10_000;

interface ReloadDeps {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  now?: number;
  reload?: () => void;
  online?: boolean;
}

let reloading = false;
let pendingUrl: () => string | undefined = () => undefined;

/**
 * Tells the guard where the app is going: a chunk usually fails during a navigation, before the
 * address bar changes, and the reload must open the page the visitor asked for, not the previous one.
 */
export function setPendingUrlSource(source: () => string | undefined): void {
  pendingUrl = source;
}

function reloadPage(): void {
  const target = pendingUrl();
  if (target && target !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
    window.location.assign(target);
  } else {
    window.location.reload();
  }
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** True when no reload happened within the guard window. */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !(now - lastReloadAt >= 0 && now - lastReloadAt < CHUNK_RELOAD_GUARD_MS);
}

/**
 * Reloads the page for a failed chunk unless one was reloaded less than 10 s ago. Returns true when
 * a reload is under way (the caller should then wait, not show an error).
 */
export function reloadForFailedChunk(error: unknown, deps: ReloadDeps = {}): boolean {
  if (reloading) return true;
  const storage = deps.storage === undefined ? defaultStorage() : deps.storage;
  const now = deps.now ?? Date.now();
  const raw = storage?.getItem(CHUNK_RELOAD_KEY);
  const last = raw == null || raw === '' || Number.isNaN(Number(raw)) ? null : Number(raw);
  // Without storage the guard cannot work, so never reload: an error page beats an endless loop.
  if (!storage || !mayReload(last, now)) {
    console.error(
      'A part of the app failed to load again; showing the error page instead of reloading.',
      error,
    );
    return false;
  }
  reloading = true;
  const reload = (at: number) => {
    storage.setItem(CHUNK_RELOAD_KEY, String(at));
    (deps.reload ?? reloadPage)();
  };
  if (deps.online ?? navigator.onLine) {
    console.warn('A part of the app failed to load (probably a new version); reloading the page.', error);
    reload(now);
  } else {
    // Offline, a reload would only show the browser's error page: wait for the connection instead.
    console.warn(
      'A part of the app failed to load while offline; reloading when the connection is back.',
      error,
    );
    window.addEventListener('online', () => reload(Date.now()), { once: true });
  }
  return true;
}

/** Wraps a dynamic import: a failure reloads the page (guarded) or rethrows for the error page. */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (reloadForFailedChunk(error)) return new Promise<T>(() => {});
      throw error;
    });
}

/**
 * Vite reports a lazy chunk (or one of its preloaded dependencies) that failed to load with this
 * event. The error is not suppressed: the import still rejects, and withChunkReload sees that a
 * reload is already under way and keeps the current screen until it happens.
 */
export function listenForPreloadErrors(target: Window = window): () => void {
  const onPreloadError = (event: Event) => {
    reloadForFailedChunk((event as Event & { payload?: unknown }).payload);
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

/** For tests: forget that a reload is under way. */
export function resetChunkReloadState(): void {
  reloading = false;
}
