import { describe, expect, it } from 'vitest';
import { caretAfterMask, isoToText, maskDateText, MIN_DATE_TEXT_YEAR, normaliseDateText, parseDateText } from './dates-text.js';

describe('isoToText (format)', () => {
  it('turns YYYY-MM-DD and date-times round to DD.MM.YYYY', () => {
    expect(isoToText('1985-04-12')).toBe('12.04.1985');
    expect(isoToText('2024-01-05T10:30:00.000Z')).toBe('05.01.2024');
  });

  it('gives an empty text for no date and leaves other text as it is', () => {
    expect(isoToText(null)).toBe('');
    expect(isoToText(undefined)).toBe('');
    expect(isoToText('')).toBe('');
    expect(isoToText('12.04.1985')).toBe('12.04.1985');
    expect(isoToText('soon')).toBe('soon');
  });
});

describe('parseDateText', () => {
  it('reads DD.MM.YYYY, one-digit days and months, other separators and spaces around', () => {
    expect(parseDateText('12.04.1985')).toEqual({ kind: 'date', iso: '1985-04-12' });
    expect(parseDateText(' 1.4.1985 ')).toEqual({ kind: 'date', iso: '1985-04-01' });
    expect(parseDateText('1/4/1985')).toEqual({ kind: 'date', iso: '1985-04-01' });
    expect(parseDateText('01-04-1985')).toEqual({ kind: 'date', iso: '1985-04-01' });
  });

  it('reads YYYY-MM-DD as well', () => {
    expect(parseDateText('1985-04-12')).toEqual({ kind: 'date', iso: '1985-04-12' });
  });

  it('tells an empty field', () => {
    expect(parseDateText('')).toEqual({ kind: 'empty' });
    expect(parseDateText('   ')).toEqual({ kind: 'empty' });
  });

  it('refuses text that is not DD.MM.YYYY', () => {
    for (const text of ['12.04.85', '12041985', '12.04', '1985-4-12', 'yesterday', '12.04.1985.', '123.04.1985']) {
      expect(parseDateText(text), text).toEqual({ kind: 'format' });
    }
  });

  it('refuses dates that no calendar has, leap years counted', () => {
    for (const text of ['31.02.2024', '29.02.2023', '31.04.2024', '00.01.2000', '01.00.2000', '01.13.2000', '2023-02-29']) {
      expect(parseDateText(text), text).toEqual({ kind: 'impossible' });
    }
    expect(parseDateText('29.02.2024')).toEqual({ kind: 'date', iso: '2024-02-29' });
    expect(parseDateText('29.02.2000')).toEqual({ kind: 'date', iso: '2000-02-29' });
    expect(parseDateText('31.12.2024')).toEqual({ kind: 'date', iso: '2024-12-31' });
  });

  it(`refuses years before ${MIN_DATE_TEXT_YEAR}`, () => {
    expect(MIN_DATE_TEXT_YEAR).toBe(1900);
    expect(parseDateText('31.12.1899')).toEqual({ kind: 'year' });
    expect(parseDateText('01.01.0999')).toEqual({ kind: 'year' });
    expect(parseDateText('01.01.1900')).toEqual({ kind: 'date', iso: '1900-01-01' });
  });

  it('agrees with isoToText: a formatted date parses back to itself', () => {
    for (const iso of ['1900-01-01', '1985-04-12', '2024-02-29', '2099-12-31']) {
      expect(parseDateText(isoToText(iso))).toEqual({ kind: 'date', iso });
    }
  });
});

describe('normaliseDateText', () => {
  it('pads a date to DD.MM.YYYY and turns YYYY-MM-DD round', () => {
    expect(normaliseDateText('1.4.1985')).toBe('01.04.1985');
    expect(normaliseDateText('1/4/1985')).toBe('01.04.1985');
    expect(normaliseDateText('1985-04-12')).toBe('12.04.1985');
  });

  it('leaves text that is not a date unchanged', () => {
    expect(normaliseDateText('')).toBe('');
    expect(normaliseDateText('12.04')).toBe('12.04');
    expect(normaliseDateText('31.02.2024')).toBe('31.02.2024');
    expect(normaliseDateText('01.01.1899')).toBe('01.01.1899');
  });
});

describe('maskDateText', () => {
  it('puts the dots in as digits are typed, at most eight digits', () => {
    expect(maskDateText('')).toBe('');
    expect(maskDateText('1')).toBe('1');
    expect(maskDateText('12')).toBe('12');
    expect(maskDateText('120')).toBe('12.0');
    expect(maskDateText('1204')).toBe('12.04');
    expect(maskDateText('12041')).toBe('12.04.1');
    expect(maskDateText('12041985')).toBe('12.04.1985');
    expect(maskDateText('120419851')).toBe('12.04.1985');
    expect(maskDateText('ab12')).toBe('12');
  });

  it('keeps the parts the user separated, with dots', () => {
    expect(maskDateText('1.4.')).toBe('1.4.');
    expect(maskDateText('1/4/1985')).toBe('1.4.1985');
    expect(maskDateText(' 12 04 ')).toBe('12.04');
  });

  it('lets the digits decide when a part is too long or there are too many parts', () => {
    expect(maskDateText('12.041985')).toBe('12.04.1985');
    expect(maskDateText('12.04.19856')).toBe('12.04.1985');
    expect(maskDateText('1.2.3.4')).toBe('12.34');
  });

  it('turns a pasted YYYY-MM-DD round', () => {
    expect(maskDateText('1985-04-12')).toBe('12.04.1985');
    expect(maskDateText(' 1985-04-12 ')).toBe('12.04.1985');
  });
});

describe('caretAfterMask', () => {
  it('keeps the caret after the same number of digits', () => {
    expect(caretAfterMask('120', 3, '12.0')).toBe(4);
    expect(caretAfterMask('1204', 2, '12.04')).toBe(2);
    expect(caretAfterMask('12.04.1985', 7, '12.04.1985')).toBe(7);
  });

  it('steps over a dot the mask put right after the caret at the end', () => {
    expect(caretAfterMask('12.', 3, '12.')).toBe(3);
    expect(caretAfterMask('1.4.', 4, '1.4.')).toBe(4);
  });

  it('goes to the start with no digit before it and to the end when digits were dropped', () => {
    expect(caretAfterMask('12.04', 0, '12.04')).toBe(0);
    expect(caretAfterMask('ab', 2, '')).toBe(0);
    expect(caretAfterMask('120419851', 9, '12.04.1985')).toBe(10);
  });
});
