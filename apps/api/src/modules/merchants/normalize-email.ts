/**
 * The form an email is stored in: trimmed, Unicode-normalised, domain in lower case. The local part
 * keeps its case as typed (some people care how it shows); uniqueness and look-ups use lower(email).
 */
export function normalizeEmail(email: string): string {
  const trimmed = email.trim().normalize('NFC');
  const at = trimmed.lastIndexOf('@');
  if (at < 0) return trimmed;
  return `${trimmed.slice(0, at)}@${trimmed.slice(at + 1).toLowerCase()}`;
}
