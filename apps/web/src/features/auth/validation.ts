import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@nest/contracts';

/**
 * The checks the browser can make before sending, mirroring the API's (same email rule, same length
 * rules). The API still has the final word: it also refuses easily guessed passwords (422).
 */
export type ValidationKey =
  | 'emailRequired'
  | 'emailInvalid'
  | 'passwordRequired'
  | 'passwordTooShort'
  | 'passwordTooLong'
  | 'nameRequired'
  | 'nameTooLong';

export interface FieldProblem {
  key: ValidationKey;
  params?: Record<string, number>;
}

/** Length as people count it (and as the API does): characters, not UTF-16 units. */
export const characterCount = (value: string) => [...value].length;

export function checkEmail(value: string): FieldProblem | null {
  const email = value.trim();
  if (!email) return { key: 'emailRequired' };
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return { key: 'emailInvalid' };
  return null;
}

/** At login any password is worth sending: the policy may have changed since it was chosen. */
export function checkCurrentPassword(value: string): FieldProblem | null {
  return value ? null : { key: 'passwordRequired' };
}

/** A new password (signup, reset): 12 to 128 characters. */
export function checkNewPassword(value: string): FieldProblem | null {
  if (!value) return { key: 'passwordRequired' };
  const length = characterCount(value);
  if (length < PASSWORD_MIN_LENGTH)
    return { key: 'passwordTooShort', params: { minimum: PASSWORD_MIN_LENGTH } };
  if (length > PASSWORD_MAX_LENGTH)
    return { key: 'passwordTooLong', params: { maximum: PASSWORD_MAX_LENGTH } };
  return null;
}

export function checkName(value: string): FieldProblem | null {
  const name = value.trim();
  if (!name) return { key: 'nameRequired' };
  // The API's schema counts UTF-16 units for names (zod's max), so the same count here.
  if (name.length > NAME_MAX_LENGTH) return { key: 'nameTooLong', params: { maximum: NAME_MAX_LENGTH } };
  return null;
}
