/** A nest's fixed values and limits, without a schema, so the screens that only show them load no zod. */

/** The kinds of business a nest can be; the screens translate each. */
export const nestCategories = [
  'cafe',
  'bakery',
  'restaurant',
  'gym',
  'beauty',
  'coaching',
  'shop',
  'other',
] as const;

/** Every nest sells in euro for now; the field exists so the API never has to guess. */
export const nestCurrencies = ['EUR'] as const;

export const NEST_NAME_MAX_LENGTH = 80;
export const NEST_DESCRIPTION_MAX_LENGTH = 280;
export const DEFAULT_NEST_TIME_ZONE = 'Europe/Paris';

/** Logo upload limits: the real type is read from the file's first bytes, never from its name. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_SIZE_PX = 256;
export const logoMediaTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
