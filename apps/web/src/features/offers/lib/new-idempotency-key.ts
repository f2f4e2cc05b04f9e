/** A fresh key for one offer creation: every retry of that creation sends the same one. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return `offer-${crypto.randomUUID()}`;
  // randomUUID exists only in secure contexts; getRandomValues everywhere.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `offer-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
