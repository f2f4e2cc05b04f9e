import {
  type CreateNestBody,
  DEFAULT_NEST_TIME_ZONE,
  NEST_DESCRIPTION_MAX_LENGTH,
  NEST_NAME_MAX_LENGTH,
  type Nest,
  type NestCategory,
  nestCategories,
} from '@nest/contracts';

/** What the create-nest form holds, as typed. */
export interface NestFormValues {
  name: string;
  category: NestCategory | '';
  description: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  country: string;
  timeZone: string;
}

export type NestField = keyof NestFormValues | 'logo';

/** A failed check: a message key of the nests catalogue ("errors.<code>") and its values. */
export interface NestFieldIssue {
  code: 'required' | 'tooLong' | 'country' | 'category';
  values?: Record<string, number>;
}

export type NestFormIssues = Partial<Record<NestField, NestFieldIssue>>;

/** Address limits, as the API checks them (contracts' nestAddressSchema). */
const ADDRESS_LINE_MAX = 120;
const POSTAL_CODE_MAX = 16;
const CITY_MAX = 80;

/**
 * The time zone of a country a nest can be in: the one its shops keep (the mainland's where a country
 * has several). A new nest's time zone follows its address, not the browser, which may be a laptop
 * abroad or a server in UTC.
 */
const countryTimeZones: Record<string, string> = {
  AT: 'Europe/Vienna',
  BE: 'Europe/Brussels',
  BG: 'Europe/Sofia',
  CH: 'Europe/Zurich',
  CY: 'Asia/Nicosia',
  CZ: 'Europe/Prague',
  DE: 'Europe/Berlin',
  DK: 'Europe/Copenhagen',
  EE: 'Europe/Tallinn',
  ES: 'Europe/Madrid',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  GB: 'Europe/London',
  GR: 'Europe/Athens',
  HR: 'Europe/Zagreb',
  HU: 'Europe/Budapest',
  IE: 'Europe/Dublin',
  IS: 'Atlantic/Reykjavik',
  IT: 'Europe/Rome',
  LI: 'Europe/Vaduz',
  LT: 'Europe/Vilnius',
  LU: 'Europe/Luxembourg',
  LV: 'Europe/Riga',
  MC: 'Europe/Monaco',
  MT: 'Europe/Malta',
  NL: 'Europe/Amsterdam',
  NO: 'Europe/Oslo',
  PL: 'Europe/Warsaw',
  PT: 'Europe/Lisbon',
  RO: 'Europe/Bucharest',
  SE: 'Europe/Stockholm',
  SI: 'Europe/Ljubljana',
  SK: 'Europe/Bratislava',
};

export function countryTimeZone(country: string): string {
  return countryTimeZones[country.toUpperCase()] ?? DEFAULT_NEST_TIME_ZONE;
}

/**
 * The form after the country changed: the time zone follows the country unless the merchant picked
 * one themselves.
 */
export function withCountry(values: NestFormValues, country: string, zoneChosen: boolean): NestFormValues {
  return { ...values, country, timeZone: zoneChosen ? values.timeZone : countryTimeZone(country) };
}

export function emptyNestForm(country = 'FR'): NestFormValues {
  return {
    name: '',
    category: '',
    description: '',
    line1: '',
    line2: '',
    postalCode: '',
    city: '',
    country,
    timeZone: countryTimeZone(country),
  };
}

/** The form holding a nest as it is stored (nest settings). */
export function nestFormOf(nest: Nest): NestFormValues {
  return {
    name: nest.name,
    category: nest.category,
    description: nest.description ?? '',
    line1: nest.address.line1,
    line2: nest.address.line2 ?? '',
    postalCode: nest.address.postal_code,
    city: nest.address.city,
    country: nest.address.country,
    timeZone: nest.time_zone,
  };
}

function check(
  issues: NestFormIssues,
  field: NestField,
  value: string,
  max: number,
  required: boolean,
): string {
  const trimmed = value.trim();
  if (required && trimmed === '') issues[field] = { code: 'required' };
  else if (trimmed.length > max) issues[field] = { code: 'tooLong', values: { max } };
  return trimmed;
}

/**
 * Checks the form with the API's limits so each problem shows next to its field before sending; the
 * API's own field errors are still shown when it disagrees. Answers the body of POST /nests when valid.
 */
export function readNestForm(values: NestFormValues): {
  body: CreateNestBody | null;
  issues: NestFormIssues;
} {
  const issues: NestFormIssues = {};
  const name = check(issues, 'name', values.name, NEST_NAME_MAX_LENGTH, true);
  const description = check(issues, 'description', values.description, NEST_DESCRIPTION_MAX_LENGTH, false);
  const line1 = check(issues, 'line1', values.line1, ADDRESS_LINE_MAX, true);
  const line2 = check(issues, 'line2', values.line2, ADDRESS_LINE_MAX, false);
  const postalCode = check(issues, 'postalCode', values.postalCode, POSTAL_CODE_MAX, true);
  const city = check(issues, 'city', values.city, CITY_MAX, true);
  const country = values.country.trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) issues.country = { code: 'country' };
  const category = (nestCategories as readonly string[]).includes(values.category)
    ? (values.category as NestCategory)
    : null;
  if (!category) issues.category = { code: 'category' };
  if (Object.keys(issues).length > 0 || !category) return { body: null, issues };
  return {
    body: {
      name,
      category,
      description: description === '' ? null : description,
      address: { line1, line2: line2 === '' ? null : line2, postal_code: postalCode, city, country },
      time_zone: values.timeZone,
      currency: 'EUR',
    },
    issues,
  };
}

/** The form field an API field error belongs to ("address.postal_code" → postalCode). */
export function nestFieldOf(apiField: string): NestField | null {
  const map: Record<string, NestField> = {
    name: 'name',
    category: 'category',
    description: 'description',
    'address.line1': 'line1',
    'address.line2': 'line2',
    'address.postal_code': 'postalCode',
    'address.city': 'city',
    'address.country': 'country',
    address: 'line1',
    time_zone: 'timeZone',
  };
  return map[apiField.replace(/^body\./, '')] ?? null;
}

/**
 * Countries a nest can be in: where the payment provider pays out in euro (the EEA, Switzerland and
 * the United Kingdom). Their names come from the browser (Intl.DisplayNames) in the page's language.
 */
export const nestCountries = [
  'AT',
  'BE',
  'BG',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GR',
  'HR',
  'HU',
  'IE',
  'IS',
  'IT',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

export function countryOptions(locale: string): Array<{ value: string; label: string }> {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  return nestCountries
    .map((code) => ({ value: code, label: names?.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** Every IANA zone the browser knows, with the current one kept even if the list spells it differently. */
export function timeZoneOptions(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, DEFAULT_NEST_TIME_ZONE, current]);
  return [...all].sort((a, b) => a.localeCompare(b));
}
