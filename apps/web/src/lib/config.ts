/**
 * Runtime configuration. The server writes it into index.html as
 * `<meta name="nest-config" content="{…}">` (see apps/api/src/plugins/spa.ts), so one build serves
 * every environment and nothing is inlined as a script (CSP forbids inline scripts).
 */
export interface RuntimeConfig {
  /** Prefix of every API call; empty means the page's own origin. */
  apiBaseUrl: string;
  /** Product analytics key; null disables analytics. */
  posthogKey: string | null;
  posthogHost: string | null;
  /**
   * Who operates this Nest (PLATFORM_* in the API's configuration), filled into the legal documents'
   * `{{operator.…}}` placeholders (ADR 198). Unset values are absent.
   */
  operator?: Record<string, string>;
}

const META_NAME = 'nest-config';

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function operatorOf(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  const entries = Object.entries(value as Record<string, unknown>).flatMap(([key, field]) => {
    const kept = text(field);
    return kept === null ? [] : [[key, kept] as const];
  });
  return Object.fromEntries(entries);
}

/** Parses the meta tag; missing or malformed content (e.g. the Vite dev server's `{}`) gives defaults. */
export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const content = doc.querySelector(`meta[name="${META_NAME}"]`)?.getAttribute('content') ?? '{}';
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(content);
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>;
  } catch {
    console.warn('Ignoring malformed <meta name="nest-config"> content');
  }
  return runtimeConfigOf(raw);
}

function runtimeConfigOf(raw: Record<string, unknown>): RuntimeConfig {
  return {
    apiBaseUrl: (text(raw.apiBaseUrl) ?? '').replace(/\/+$/, ''),
    posthogKey: text(raw.posthogKey),
    posthogHost: text(raw.posthogHost),
    operator: operatorOf(raw.operator),
  };
}

let cached: RuntimeConfig | undefined;

/**
 * Server module only (ADR 209): the configuration the API writes into its pages, given as it is, so a
 * page painted on the server renders what the browser will (a receipt's address on `apiBaseUrl`).
 */
export function setRuntimeConfig(raw: Record<string, unknown>): void {
  cached = runtimeConfigOf(raw);
}

/** The configuration, read once from the document. */
export function getConfig(): RuntimeConfig {
  cached ??= readRuntimeConfig();
  return cached;
}
