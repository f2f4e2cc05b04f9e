/** Reads one cookie by name, or undefined. */
export function readCookie(name: string, source: string = document.cookie): string | undefined {
  for (const part of source.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Writes a first-party preference cookie readable by the server (locale for API messages, colour
 * mode): whole site, Lax, Secure on https, kept `maxAgeDays`.
 */
export function writeCookie(name: string, value: string, maxAgeDays: number): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we support (Firefox, older Safari).
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${Math.round(maxAgeDays * DAY_SECONDS)}; samesite=lax${secure}`;
}
