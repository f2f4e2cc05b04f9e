import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyInput, parseMoneyInput } from './money';

describe('reading an amount typed in euros', () => {
  it('reads French amounts with a decimal comma', () => {
    expect(parseMoneyInput('12,50', 'fr-FR')).toBe(1250);
    expect(parseMoneyInput('12,5', 'fr-FR')).toBe(1250);
    expect(parseMoneyInput('0,29', 'fr-FR')).toBe(29);
    expect(parseMoneyInput('1 234,56 €', 'fr-FR')).toBe(123456);
    // What Intl writes in French: narrow no-break space between thousands, no-break space before €.
    expect(parseMoneyInput('1\u202f234,56\u00a0€', 'fr-FR')).toBe(123456);
    expect(parseMoneyInput('1.234,56', 'fr-FR')).toBe(123456);
    expect(parseMoneyInput('12', 'fr-FR')).toBe(1200);
  });

  it('reads English amounts with a decimal point and thousands commas', () => {
    expect(parseMoneyInput('12.5', 'en-US')).toBe(1250);
    expect(parseMoneyInput('12.50', 'en-US')).toBe(1250);
    expect(parseMoneyInput('€1,234.56', 'en-US')).toBe(123456);
    expect(parseMoneyInput('1,234', 'en-US')).toBe(123400);
    expect(parseMoneyInput('.5', 'en-US')).toBe(50);
  });

  it('accepts the other separator for decimals when only one kind is used', () => {
    expect(parseMoneyInput('12.5', 'fr-FR')).toBe(1250);
    expect(parseMoneyInput('12,50', 'en-US')).toBe(1250);
  });

  it('never goes through floats: amounts that floats get wrong come out exact', () => {
    // 0.1 + 0.2 and 0.29 * 100 are the classic float traps (0.30000000000000004, 28.999999999999996).
    expect(parseMoneyInput('0.1', 'en-US')).toBe(10);
    expect(parseMoneyInput('0.2', 'en-US')).toBe(20);
    expect(parseMoneyInput('0.29', 'en-US')).toBe(29);
    expect(parseMoneyInput('1,15', 'fr-FR')).toBe(115);
    expect(parseMoneyInput('4,35', 'fr-FR')).toBe(435);
    expect(parseMoneyInput('1005,99', 'fr-FR')).toBe(100599);
    for (let cents = 0; cents < 100_000; cents += 7) {
      const text = `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
      expect(parseMoneyInput(text, 'fr-FR')).toBe(cents);
    }
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '   ', 'abc', '12,345', '1,2,3', '-5', '12.50.1', '1,23,456.00', '€', '1e3']) {
      expect(parseMoneyInput(text, 'fr-FR'), text).toBeNull();
    }
    expect(parseMoneyInput('1.234', 'en-US')).toBeNull();
    expect(parseMoneyInput('12.345', 'en-US')).toBeNull();
    expect(parseMoneyInput('99999999999999', 'en-US')).toBeNull();
  });
});

describe('writing amounts', () => {
  it('formats cents in the locale', () => {
    expect(formatMoney(1250, 'EUR', 'fr-FR')).toBe('12,50\u00a0€');
    expect(formatMoney(1250, 'EUR', 'en-US')).toBe('€12.50');
  });

  it('writes an amount for an input the way the parser reads it back', () => {
    expect(formatMoneyInput(1250, 'fr-FR')).toBe('12,50');
    expect(formatMoneyInput(1250, 'en-US')).toBe('12.50');
    expect(formatMoneyInput(5, 'en-US')).toBe('0.05');
    for (const cents of [0, 1, 99, 100, 123456, 1_000_000]) {
      for (const locale of ['fr-FR', 'en-US'] as const) {
        expect(parseMoneyInput(formatMoneyInput(cents, locale), locale)).toBe(cents);
      }
    }
  });
});
