import { LOGIN_CODE_LENGTH } from '@nest/contracts';

/**
 * What the code input keeps of what was typed or pasted: its digits only, at most six. "123 456",
 * "123-456" and "Your code: 123456" all become "123456".
 */
export function normalizeCode(input: string): string {
  return input.replace(/\D/g, '').slice(0, LOGIN_CODE_LENGTH);
}

export function isCompleteCode(code: string): boolean {
  return code.length === LOGIN_CODE_LENGTH && /^\d+$/.test(code);
}

/** The `?token=…&email=…` of an emailed sign-in link, or null when the page was opened without one. */
export function readMagicLink(params: URLSearchParams): { email: string; token: string } | null {
  const token = params.get('token')?.trim();
  const email = params.get('email')?.trim();
  return token && email ? { email, token } : null;
}
