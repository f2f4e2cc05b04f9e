// The counter's service worker (ADR 186): it controls /admin/app/verify only (its scope) and keeps
// that screen's own files — its page and the built assets it loaded — so the installed counter opens
// and answers without the network. API requests and every other page go to the network untouched.
const CACHE = 'nest-verify-v1';
const PAGE = '/admin/app/verify';
const OWN_FILE = /^\/(assets\/|icons\/|verify\.webmanifest$)/;

/**
 * The page as kept for offline use: without the answer the server wrote into it for that one load
 * (ADR 206: `nest-served-answer` in @nest/contracts), which is personal and would be stale.
 */
async function keepPage(response) {
  const html = (await response.text()).replace(
    /<script type="application\/json" id="nest-served-answer"[^>]*>[\s\S]*?<\/script>\s*/,
    '',
  );
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  await (await caches.open(CACHE)).put(PAGE, new Response(html, { status: response.status, headers }));
  return html;
}

async function keep(urls) {
  const cache = await caches.open(CACHE);
  await Promise.all(
    urls
      .filter((url) => OWN_FILE.test(new URL(url, self.location.origin).pathname))
      .map((url) => cache.add(url).catch(() => undefined)),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const page = await fetch(PAGE, { credentials: 'same-origin' });
      if (page.ok) {
        const html = await keepPage(page);
        await keep([...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]));
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

// The page tells which built files it loaded (its lazy chunks, the QR decoder, its locales).
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'keep' && Array.isArray(event.data.urls)) {
    event.waitUntil(keep(event.data.urls.filter((url) => typeof url === 'string')));
  }
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Network first, so a new version is picked up at once; the kept page when offline.
    event.respondWith(
      fetch(request)
        .then(async (response) => {
          if (response.ok && url.pathname === PAGE) await keepPage(response.clone());
          return response;
        })
        .catch(async () => (await caches.match(PAGE)) ?? Response.error()),
    );
    return;
  }
  if (!OWN_FILE.test(url.pathname)) return;
  // Built assets have hashed names: the kept copy is the right one.
  event.respondWith(
    caches.match(request).then(
      (kept) =>
        kept ??
        fetch(request).then(async (response) => {
          if (response.ok) await (await caches.open(CACHE)).put(request, response.clone());
          return response;
        }),
    ),
  );
});
