/**
 * What may leave for the analytics host. Page addresses can carry secrets: a sign-in link's token and
 * email (/client/login?token=…&email=…), a checkout session id that reads the live pass
 * (/client/app/subscriptions/success?session_id=…), a reset token in the fragment. Only the query
 * parameters below survive, fragments never do, and a value that looks like an email is dropped.
 */
const KEPT_PARAMS = new Set([
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'src',
  'ref',
  'lang',
]);
const EMAIL = /[^\s@/?#&=]+@[^\s@/?#&=]+\.[^\s@/?#&=]+/;
const REDACTED = 'redacted';

/** The address with its secrets removed; a string that is not an address is returned as it is. */
export function scrubUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value, 'http://relative.invalid');
  } catch {
    return value;
  }
  const relative = url.origin === 'http://relative.invalid';
  const kept = new URLSearchParams();
  for (const [name, param] of url.searchParams) {
    kept.append(name, KEPT_PARAMS.has(name.toLowerCase()) && !EMAIL.test(param) ? param : REDACTED);
  }
  const query = kept.size > 0 ? `?${kept.toString()}` : '';
  const path = url.pathname.replace(new RegExp(EMAIL.source, 'g'), REDACTED);
  return `${relative ? '' : url.origin}${path}${query}`;
}

const URL_KEY = /url|referrer|pathname|href/i;

/** Scrubs one bag of event properties: addresses lose their secrets, emails are removed. */
function scrubProperties(
  properties: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!properties) return properties;
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value !== 'string') clean[key] = value;
    else if (URL_KEY.test(key)) clean[key] = scrubUrl(value);
    else if (!EMAIL.test(value) && !/e-?mail/i.test(key)) clean[key] = value;
  }
  return clean;
}

interface CapturedEvent {
  properties?: Record<string, unknown>;
  $set?: Record<string, unknown>;
  $set_once?: Record<string, unknown>;
}

/** posthog-js's before_send hook: every event, automatic properties included, passes through here. */
export function scrubEvent<T extends CapturedEvent>(event: T | null): T | null {
  if (!event) return event;
  return {
    ...event,
    properties: scrubProperties(event.properties),
    ...(event.$set ? { $set: scrubProperties(event.$set) } : {}),
    ...(event.$set_once ? { $set_once: scrubProperties(event.$set_once) } : {}),
  };
}
