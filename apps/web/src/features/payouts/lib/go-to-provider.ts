/**
 * Opens the payment provider's hosted onboarding page. The address always comes from our API's answer,
 * never from the current page's URL (a `?redirect=` there is ignored); anything but an absolute http(s)
 * address is refused so a bad answer cannot run script through `javascript:` or `data:`.
 */
export function providerUrl(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

export class UnsafeProviderUrlError extends Error {
  override readonly name = 'UnsafeProviderUrlError';
}

/** Leaves the app for the provider's page; `replace` keeps the refresh page out of the history. */
export function goToProvider(url: string, options: { replace?: boolean } = {}): void {
  const target = providerUrl(url);
  if (!target) throw new UnsafeProviderUrlError(`Refusing to open ${url}`);
  if (options.replace) window.location.replace(target.href);
  else window.location.assign(target.href);
}
