// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, apiRequest, type HttpMethod, RETRY_DELAY_MS } from './api-client';
import { ApiError } from './api-error';

const problem = {
  type: 'https://nest.example/problems/service_unavailable',
  title: 'Service Unavailable',
  status: 503,
  detail: 'The service is briefly unavailable.',
  code: 'service_unavailable',
};

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type, ...headers } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Runs a request to completion, letting the retry pause elapse. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe('the retry rule (spec §7)', () => {
  const retryable = [408, 409, 425, 429, 500, 502, 503, 504];

  it.each(retryable)(
    'retries a GET answered %i once, and succeeds with the second answer',
    async (status) => {
      fetchMock
        .mockResolvedValueOnce(json(status, { ...problem, status }))
        .mockResolvedValueOnce(json(200, { ok: 1 }));
      const { value } = await settle(api.get('/api/v1/things'));
      expect(value).toEqual({ ok: 1 });
      expect(fetchMock).toHaveBeenCalledTimes(2);
    },
  );

  it.each(['GET', 'HEAD', 'OPTIONS'] as HttpMethod[])(
    'retries %s only once, then throws the second failure',
    async (method) => {
      fetchMock.mockImplementation(async () => json(503, problem));
      const { error } = await settle(apiRequest('/api/v1/things', { method }));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(503);
    },
  );

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as HttpMethod[])(
    'does not retry a %s by default',
    async (method) => {
      fetchMock.mockImplementation(async () => json(503, problem));
      const { error } = await settle(apiRequest('/api/v1/things', { method, body: { a: 1 } }));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect((error as ApiError).code).toBe('service_unavailable');
    },
  );

  it('retries a POST once when the call asks for it', async () => {
    fetchMock
      .mockResolvedValueOnce(json(502, { ...problem, status: 502 }))
      .mockResolvedValueOnce(json(201, { id: 'x' }));
    const { value } = await settle(api.post('/api/v1/things', { a: 1 }, { retry: true }));
    expect(value).toEqual({ id: 'x' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('lets a GET opt out of the retry', async () => {
    fetchMock.mockImplementation(async () => json(503, problem));
    await settle(api.get('/api/v1/things', { retry: false }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([400, 401, 403, 404, 410, 422, 501])('never retries a GET answered %i', async (status) => {
    fetchMock.mockImplementation(async () => json(status, { ...problem, status, code: 'x' }));
    const { error } = await settle(api.get('/api/v1/things'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((error as ApiError).status).toBe(status);
  });

  it('retries a GET whose request failed on the network once', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(200, [1]));
    const { value } = await settle(api.get('/api/v1/things'));
    expect(value).toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reports a network failure as an ApiError without status after the retry', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { error } = await settle(api.get('/api/v1/things'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect((error as ApiError).status).toBe(0);
  });

  it('does not retry a POST that failed on the network', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { error } = await settle(api.post('/api/v1/things', {}));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((error as ApiError).isNetworkError).toBe(true);
  });

  it('waits before retrying', async () => {
    fetchMock.mockResolvedValueOnce(json(503, problem)).mockResolvedValueOnce(json(200, {}));
    const done = api.get('/api/v1/things');
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('honours a short Retry-After and skips the retry when the server asks for a long wait', async () => {
    fetchMock.mockResolvedValueOnce(json(429, { ...problem, status: 429 }, { 'retry-after': '2' }));
    fetchMock.mockResolvedValueOnce(json(200, {}));
    const done = api.get('/api/v1/things');
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(429, { ...problem, status: 429 }, { 'retry-after': '60' }));
    const { error } = await settle(api.get('/api/v1/things'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((error as ApiError).status).toBe(429);
  });

  it('never retries a request the caller aborted', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(async () => {
      controller.abort();
      throw new DOMException('Aborted', 'AbortError');
    });
    const { error } = await settle(api.get('/api/v1/things', { signal: controller.signal }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((error as DOMException).name).toBe('AbortError');
  });
});

describe('requests and answers', () => {
  it('sends JSON with the cookies and reads JSON back', async () => {
    fetchMock.mockResolvedValue(json(200, { id: 'n1' }));
    const value = await api.patch('/api/v1/users/u1', { name: 'Café Lune' });
    expect(value).toEqual({ id: 'n1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/users/u1');
    expect(init?.method).toBe('PATCH');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"name":"Café Lune"}');
    const headers = init!.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/json');
    expect(headers.accept).toContain('application/json');
  });

  it('adds query parameters, skipping empty ones', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    await api.get('/api/v1/things', { query: { q: 'a b', page: 2, empty: undefined, tag: ['x', 'y'] } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/things?q=a+b&page=2&tag=x&tag=y');
  });

  it('answers undefined for 204 No Content', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    expect(await api.delete('/api/v1/things/1')).toBeUndefined();
  });

  it('hands a file back as a Blob when asked, and a refusal still as its problem', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);
    fetchMock.mockResolvedValueOnce(
      new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    const file = await api.get<Blob>('/api/v1/receipt', { responseType: 'blob' });
    expect(file.type).toBe('application/pdf');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(pdf);
    expect(new Headers(fetchMock.mock.calls[0]![1]!.headers).get('accept')).toBe('*/*');

    const unpaid = { ...problem, status: 409, code: 'invoice_not_paid', detail: 'This invoice is not paid.' };
    fetchMock.mockResolvedValueOnce(json(409, unpaid));
    fetchMock.mockResolvedValueOnce(json(409, unpaid));
    const { error } = await settle(api.get<Blob>('/api/v1/receipt', { responseType: 'blob' }));
    expect((error as ApiError).problem).toEqual(unpaid);
  });

  it('throws the problem document of a 4xx answer as it is', async () => {
    const invalid = {
      type: 'https://nest.example/problems/validation_failed',
      title: 'Unprocessable Content',
      status: 422,
      detail: 'Some fields are invalid.',
      code: 'validation_failed',
      errors: [{ field: 'email', code: 'invalid', message: 'Not an email address' }],
    };
    fetchMock.mockResolvedValue(json(422, invalid));
    const error = (await api.post('/api/v1/users', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.problem).toEqual(invalid);
    expect(error.message).toBe('Some fields are invalid.');
    expect(error.method).toBe('POST');
    expect(error.url).toBe('/api/v1/users');
  });

  it('makes a problem document for an error answer without one (a proxy page)', async () => {
    fetchMock.mockResolvedValue(
      new Response('<html>Bad gateway</html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'content-type': 'text/html' },
      }),
    );
    const { error } = await settle(api.get('/api/v1/things'));
    expect((error as ApiError).problem).toMatchObject({
      status: 502,
      title: 'Bad Gateway',
      code: 'internal_error',
    });
  });
});
