import { PASSWORD_MIN_LENGTH } from '@nest/contracts';
import { characterCount } from './validation';

/**
 * A light strength hint for the signup and reset forms, computed as the merchant types. It is only a
 * hint: the API decides with zxcvbn and its dictionaries (several megabytes, not worth shipping to a
 * browser) and answers 422 with the reason (ADR 017).
 */
export type PasswordStrength = 'tooShort' | 'weak' | 'fair' | 'good' | 'strong';

/** Words and keyboard runs that people pick first, in English and French; each counts as one symbol. */
const COMMON = [
  'password',
  'passw0rd',
  'motdepasse',
  'azerty',
  'qwerty',
  'qwertz',
  'asdf',
  'zxcv',
  'wxcv',
  'letmein',
  'welcome',
  'bienvenue',
  'iloveyou',
  'jetaime',
  'soleil',
  'bonjour',
  'hello',
  'admin',
  'secret',
  'dragon',
  'monkey',
  'football',
  'nest',
  'abc',
  '123',
  '000',
  '111',
  '2024',
  '2025',
  '2026',
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces predictable parts (common words, the merchant's own name and email) with one symbol each. */
function withoutPredictableParts(password: string, userInputs: readonly string[]): string {
  const words = userInputs
    .flatMap((input) => input.toLowerCase().split(/[\s@.+_-]+/))
    .filter((word) => word.length >= 3);
  const parts = [...new Set([...COMMON, ...words])].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return password.toLowerCase().replace(new RegExp(parts.join('|'), 'g'), '\u0001');
}

/** Characters that repeat the previous one or continue a run (abcd, 4321) add almost nothing. */
function effectiveLength(text: string): number {
  const codes = [...text].map((c) => c.codePointAt(0) ?? 0);
  let length = 0;
  for (let i = 0; i < codes.length; i++) {
    const step = i > 0 ? codes[i]! - codes[i - 1]! : Number.NaN;
    const previousStep = i > 1 ? codes[i - 1]! - codes[i - 2]! : Number.NaN;
    const predictable = Math.abs(step) <= 1 && (step === previousStep || step === 0);
    length += predictable ? 0.25 : 1;
  }
  return length;
}

function alphabetSize(password: string): number {
  let size = 0;
  if (/[a-z]/.test(password)) size += 26;
  if (/[A-Z]/.test(password)) size += 26;
  if (/[0-9]/.test(password)) size += 10;
  if (/[^a-zA-Z0-9]/.test(password)) size += 33;
  return Math.max(size, 10);
}

/** Rough bits of guessing work, after discounting predictable parts. */
export function estimateBits(password: string, userInputs: readonly string[] = []): number {
  const rest = withoutPredictableParts(password, userInputs);
  return effectiveLength(rest) * Math.log2(alphabetSize(password));
}

export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  if (characterCount(password) < PASSWORD_MIN_LENGTH) return 'tooShort';
  const bits = estimateBits(password, userInputs);
  if (bits < 45) return 'weak';
  if (bits < 60) return 'fair';
  if (bits < 80) return 'good';
  return 'strong';
}
