import { describe, expect, it } from 'vitest';
import {
  countryOptions,
  countryTimeZone,
  emptyNestForm,
  nestFieldOf,
  readNestForm,
  timeZoneOptions,
  withCountry,
} from './nest-form';
import { checkLogoType, fitWithin } from './prepare-logo';

const filled = {
  ...emptyNestForm('FR'),
  name: ' Café Lumière ',
  category: 'cafe' as const,
  line1: '12 rue des Lilas',
  postalCode: '75011',
  city: 'Paris',
};

describe('the create-nest form', () => {
  it('builds the API body: trimmed, empty optional fields as null, euro', () => {
    expect(readNestForm(filled)).toEqual({
      issues: {},
      body: {
        name: 'Café Lumière',
        category: 'cafe',
        description: null,
        address: {
          line1: '12 rue des Lilas',
          line2: null,
          postal_code: '75011',
          city: 'Paris',
          country: 'FR',
        },
        time_zone: 'Europe/Paris',
        currency: 'EUR',
      },
    });
  });

  it('takes the time zone of the address’s country, not the browser’s', () => {
    expect(emptyNestForm().timeZone).toBe('Europe/Paris');
    expect(emptyNestForm('PT').timeZone).toBe('Europe/Lisbon');
    expect(countryTimeZone('gb')).toBe('Europe/London');
  });

  it('moves the time zone with the country until the merchant picks one', () => {
    const moved = withCountry(emptyNestForm(), 'FI', false);
    expect(moved).toMatchObject({ country: 'FI', timeZone: 'Europe/Helsinki' });
    const picked = withCountry({ ...emptyNestForm(), timeZone: 'Europe/Berlin' }, 'FI', true);
    expect(picked).toMatchObject({ country: 'FI', timeZone: 'Europe/Berlin' });
  });

  it('names each missing or too long field', () => {
    const { body, issues } = readNestForm({
      ...filled,
      name: '',
      category: '',
      city: '  ',
      description: 'x'.repeat(281),
      country: 'France',
    });
    expect(body).toBeNull();
    expect(issues).toEqual({
      name: { code: 'required' },
      category: { code: 'category' },
      city: { code: 'required' },
      description: { code: 'tooLong', values: { max: 280 } },
      country: { code: 'country' },
    });
  });

  it('places the API’s field errors on the form’s fields', () => {
    expect(nestFieldOf('address.postal_code')).toBe('postalCode');
    expect(nestFieldOf('time_zone')).toBe('timeZone');
    expect(nestFieldOf('owner')).toBeNull();
  });

  it('names countries in the page’s language and keeps the current time zone selectable', () => {
    expect(countryOptions('fr-FR').find((c) => c.value === 'DE')?.label).toBe('Allemagne');
    expect(countryOptions('en-US').find((c) => c.value === 'DE')?.label).toBe('Germany');
    expect(timeZoneOptions('Europe/Paris')).toContain('Europe/Paris');
    expect(timeZoneOptions('Mars/Olympus')).toContain('Mars/Olympus');
  });
});

describe('the logo chosen in the browser', () => {
  it('accepts PNG, JPEG and WebP only', () => {
    expect(checkLogoType({ type: 'image/png' })).toBeNull();
    expect(checkLogoType({ type: 'image/jpeg' })).toBeNull();
    expect(checkLogoType({ type: 'image/webp' })).toBeNull();
    expect(checkLogoType({ type: 'image/gif' })).toBe('type');
    expect(checkLogoType({ type: 'image/svg+xml' })).toBe('type');
    expect(checkLogoType({ type: '' })).toBe('type');
  });

  it('is shrunk to at most 512 px on its longest side, keeping its shape, never enlarged', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 512, height: 384 });
    expect(fitWithin(1000, 4000)).toEqual({ width: 128, height: 512 });
    expect(fitWithin(200, 100)).toEqual({ width: 200, height: 100 });
  });
});
