/**
 * While the API paints a signed-in page with its data (ADR 209), the app's calls are answered by the
 * API itself, in-process and with that page's cookies, instead of over the network. The server module
 * (app/render-pages.server.tsx) names, for the render it runs, the `fetch` to use; the API client asks
 * here first. In the browser nobody sets it: the answer is always `undefined`.
 */
const SERVER_FETCH = Symbol.for('nest.server-fetch');

type FetchSource = () => typeof fetch | undefined;

/** The `fetch` of the server render running now, if any. */
export function serverFetch(): typeof fetch | undefined {
  return (globalThis as { [SERVER_FETCH]?: FetchSource })[SERVER_FETCH]?.();
}

/** Server module only: where the render running now finds its `fetch` (an AsyncLocalStorage). */
export function setServerFetchSource(source: FetchSource): void {
  (globalThis as { [SERVER_FETCH]?: FetchSource })[SERVER_FETCH] = source;
}
