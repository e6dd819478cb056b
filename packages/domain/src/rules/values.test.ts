import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { civilFromDays, daysFromCivil, isNoValue, readInferred, readTyped, storedText } from './values.js';

describe('the calendar', () => {
  it('counts days from 1970-01-01 as Date.UTC does, and back', () => {
    fc.assert(
      fc.property(fc.integer({ min: -700_000, max: 3_000_000 }), (days) => {
        const [y, m, d] = civilFromDays(days);
        expect(daysFromCivil(y, m, d)).toBe(days);
        const date = new Date(days * 86_400_000);
        expect([date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]).toEqual([y, m, d]);
      }),
    );
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1) - daysFromCivil(2000, 2, 28)).toBe(2);
    expect(daysFromCivil(1900, 3, 1) - daysFromCivil(1900, 2, 28)).toBe(1);
    expect(civilFromDays(daysFromCivil(1, 1, 2))).toEqual([1, 1, 2]);
  });
});

describe('stored values', () => {
  it('reads each type, and refuses what is not of it', () => {
    expect(readTyped('number', '70.5')).toEqual({ t: 'number', n: 70.5 });
    expect(readTyped('number', ' 1,5 ')).toEqual({ t: 'number', n: 1.5 });
    expect(readTyped('number', '1e3')).toBeNull();
    expect(readTyped('boolean', 'true')).toEqual({ t: 'boolean', b: true });
    expect(readTyped('boolean', 'True')).toBeNull();
    expect(readTyped('date', '2024-02-29')).toEqual({ t: 'date', n: daysFromCivil(2024, 2, 29) });
    expect(readTyped('date', '2023-02-29')).toBeNull();
    expect(readTyped('date', '24-02-01')).toBeNull();
    expect(readTyped('time', '23:59:59')).toEqual({ t: 'time', n: 86_399 });
    expect(readTyped('time', '7:05')).toBeNull();
    expect(readTyped('datetime', '2024-01-01T08:00')).toEqual({
      t: 'datetime',
      n: daysFromCivil(2024, 1, 1) * 86_400 + 8 * 3600,
    });
    expect(readTyped('datetime', '2024-01-01 08:00')).toBeNull();
    expect(readTyped('text', ' as is ')).toEqual({ t: 'text', s: ' as is ' });
  });

  it('infers a type from the look of a value, keeping the stored text', () => {
    expect(readInferred('12')).toEqual({ t: 'number', n: 12, raw: '12' });
    expect(readInferred('false')).toMatchObject({ t: 'boolean', b: false });
    expect(readInferred('2024-05-01')).toMatchObject({ t: 'date' });
    expect(readInferred('2024-05-01T10:00:30')).toMatchObject({ t: 'datetime' });
    expect(readInferred('10:00')).toMatchObject({ t: 'time', n: 36_000 });
    expect(readInferred('Да')).toEqual({ t: 'text', s: 'Да', raw: 'Да' });
  });

  it('knows no value: empty text and the empty date', () => {
    expect([null, undefined, '', '  ', '0001-01-01', '0001-01-01T00:00'].every(isNoValue)).toBe(true);
    expect(isNoValue('0')).toBe(false);
    expect(isNoValue('0001-01-02')).toBe(false);
  });

  it('writes values back in their stored form', () => {
    for (const [type, text] of [
      ['number', '70.5'],
      ['date', '2024-02-29'],
      ['time', '08:05'],
      ['time', '08:05:09'],
      ['datetime', '1969-12-31T23:59'],
      ['boolean', 'false'],
    ] as const) {
      expect(storedText(readTyped(type, text)!)).toBe(text);
    }
  });
});
