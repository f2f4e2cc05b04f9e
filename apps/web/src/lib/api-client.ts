import { ApiError, isProblem, networkProblem, problemFromStatus } from './api-error';
import { getConfig } from './config';
import { takeServedAnswer } from './served-answer';
import { serverFetch } from './server-fetch';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Sent as JSON (FormData and Blob bodies are sent as they are). */
  body?: unknown;
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Retry once on a transient failure. Defaults to true for GET, HEAD and OPTIONS (safe to repeat)
   * and false for POST, PUT, PATCH and DELETE, which may have been applied before the failure.
   */
  retry?: boolean;
  /**
   * On a 401, let the registered session renewer renew the session and send the call once more
   * (default true). The session calls themselves (login, refresh, logout) and the guards opt out.
   */
  renewSession?: boolean;
  /** `blob`: the answer is a file (a PDF receipt), handed back as a Blob; errors are still problems. */
  responseType?: 'json' | 'blob';
}

/** Renews an expired session; resolves true when the call that got a 401 is worth sending again. */
export type SessionRenewer = () => Promise<boolean>;
let sessionRenewer: SessionRenewer | undefined;

/**
 * The merchant area registers how to renew its session (features/auth, ADR 015), so a call answered
 * 401 after the short-lived access token expired is renewed and retried once, wherever it was made.
 */
export function setSessionRenewer(renewer: SessionRenewer | undefined): void {
  sessionRenewer = renewer;
}

/** The spec's transient statuses (§7): worth one more try. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const SAFE_METHODS: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Pause before the single retry, unless the server asks for a (short) Retry-After. */
export const RETRY_DELAY_MS = 300;
/** A server asking to wait longer than this gets no retry: the caller hears about it now. */
export const MAX_RETRY_AFTER_MS = 5_000;

export function isRetryableStatus(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

export function retriesByDefault(method: HttpMethod): boolean {
  return SAFE_METHODS.has(method);
}

function buildUrl(path: string, query: ApiRequestOptions['query'], base: string): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) params.append(key, String(v));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

/** Retry-After in milliseconds (seconds or an HTTP date), or undefined when absent or unreadable. */
function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205 || response.headers.get('content-length') === '0') {
    return undefined;
  }
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function errorFromResponse(response: Response, request: { method: string; url: string }) {
  const body = await readBody(response).catch(() => undefined);
  const problem = isProblem(body)
    ? body
    : problemFromStatus(
        response.status,
        response.statusText,
        typeof body === 'string' ? body.slice(0, 200) : '',
      );
  return new ApiError(problem, request);
}

/**
 * Calls the API: JSON in and out, cookies included, statuses 400–599 thrown as ApiError carrying the
 * problem document. Transient failures are retried once for GET-like methods (spec §7); TanStack
 * Query's own retry is off so the two never multiply. A 401 is sent once more after the registered
 * session renewer renewed the session.
 */
export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  try {
    return await send<T>(path, options);
  } catch (error) {
    const renewer = sessionRenewer;
    if (!renewer || options.renewSession === false || !(error instanceof ApiError) || error.status !== 401) {
      throw error;
    }
    if (options.signal?.aborted || !(await renewer().catch(() => false))) throw error;
    return send<T>(path, options);
  }
}

/** One call with the spec's single retry of transient failures. */
async function send<T>(path: string, options: ApiRequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  // The guard's first call, answered by the server in the page itself (ADR 206).
  const served = method === 'GET' && !options.query ? takeServedAnswer(path) : undefined;
  if (served) return served.body as T;
  // On the server, painting a page (ADR 209): the API answers in-process, at its own paths.
  const transport = serverFetch();
  const url = buildUrl(path, options.query, transport ? '' : getConfig().apiBaseUrl);
  const retry = options.retry ?? retriesByDefault(method);
  const headers: Record<string, string> = {
    accept: options.responseType === 'blob' ? '*/*' : 'application/json, application/problem+json',
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    if (isRawBody(options.body)) {
      body = options.body;
    } else {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
  }
  const request = { method, url };

  for (let attempt = 0; ; attempt++) {
    const canRetry = retry && attempt === 0;
    let response: Response;
    try {
      response = await (transport ?? fetch)(url, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: options.signal,
      });
    } catch (cause) {
      // An abort is the caller's decision, not a failure: never retried, passed on as it is.
      if (options.signal?.aborted) throw cause;
      if (canRetry) {
        await wait(RETRY_DELAY_MS, options.signal);
        continue;
      }
      const message = cause instanceof Error ? cause.message : String(cause);
      throw new ApiError(networkProblem(message), request, { cause });
    }
    if (response.ok) {
      return (options.responseType === 'blob' ? await response.blob() : await readBody(response)) as T;
    }
    if (response.status >= 400 && response.status <= 599) {
      const delay = retryAfterMs(response) ?? RETRY_DELAY_MS;
      if (canRetry && isRetryableStatus(response.status) && delay <= MAX_RETRY_AFTER_MS) {
        // Drain the body so the connection can be reused.
        await response.body?.cancel().catch(() => undefined);
        await wait(delay, options.signal);
        continue;
      }
      throw await errorFromResponse(response, request);
    }
    // 1xx and 3xx never reach here in a browser (fetch follows redirects); treat anything else as data.
    return (await readBody(response)) as T;
  }
}

type BodylessOptions = Omit<ApiRequestOptions, 'method' | 'body'>;
type BodyOptions = Omit<ApiRequestOptions, 'method'>;

/** The one API client of the web app. */
export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, body, method: 'POST' }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, body, method: 'PUT' }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) =>
    apiRequest<T>(path, { ...options, body, method: 'PATCH' }),
  delete: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
