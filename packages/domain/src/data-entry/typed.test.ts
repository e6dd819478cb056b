import { describe, expect, it } from 'vitest';
import {
  dateSuggestions,
  entryDateText,
  entryDateTimeText,
  entryTimeText,
  maskEntryDate,
  maskEntryDateTime,
  maskEntryTime,
  parseEntryDate,
  parseEntryDateTime,
  parseEntryTime,
} from './typed.js';

describe('typed dates DD/MM/YYYY', () => {
  it('round-trips with the stored YYYY-MM-DD', () => {
    expect(parseEntryDate('29/02/2024')).toBe('2024-02-29');
    expect(parseEntryDate('1/4/1985')).toBe('1985-04-01');
    expect(parseEntryDate('01.04.1985')).toBe('1985-04-01');
    expect(entryDateText('2024-02-29')).toBe('29/02/2024');
    expect(entryDateText(parseEntryDate('07/11/2023') as string)).toBe('07/11/2023');
  });
  it('answers null for empty text and invalid otherwise', () => {
    expect(parseEntryDate('  ')).toBeNull();
    for (const s of ['29/02/2023', '31/04/2024', '00/01/2024', '12/13/2024', '2024-02-29x', '12/04/85', '01/01/1899', 'abc']) {
      expect(parseEntryDate(s), s).toBe('invalid');
    }
  });
  it('shows the empty date 0001-01-01 blank', () => {
    expect(entryDateText('0001-01-01T00:00:00')).toBe('');
    expect(entryDateTimeText('0001-01-01T00:00:00')).toBe('');
    expect(entryDateText(null)).toBe('');
  });
});

describe('typed times HH:mm', () => {
  it('parses and shows times', () => {
    expect(parseEntryTime('08:30')).toBe('08:30');
    expect(parseEntryTime('8:30')).toBe('08:30');
    expect(parseEntryTime('23.59')).toBe('23:59');
    expect(parseEntryTime('')).toBeNull();
    for (const s of ['24:00', '12:60', '1230', '12:3', 'ab:cd']) expect(parseEntryTime(s), s).toBe('invalid');
    expect(entryTimeText('08:30:15')).toBe('08:30');
  });
});

describe('typed date-times DD/MM/YYYY HH:mm', () => {
  it('round-trips with YYYY-MM-DDTHH:mm', () => {
    expect(parseEntryDateTime('29/02/2024 08:30')).toBe('2024-02-29T08:30');
    expect(entryDateTimeText('2024-02-29T08:30')).toBe('29/02/2024 08:30');
    expect(entryDateTimeText('2024-02-29T08:30:00')).toBe('29/02/2024 08:30');
  });
  it('refuses a part that is missing or wrong', () => {
    expect(parseEntryDateTime('')).toBeNull();
    for (const s of ['29/02/2024', '29/02/2024 25:00', '30/02/2024 08:00', '08:00', '29/02/2024 08:00 x']) {
      expect(parseEntryDateTime(s), s).toBe('invalid');
    }
  });
});

describe('masking while typing', () => {
  it('puts the slashes and colons in', () => {
    expect(maskEntryDate('29022024')).toBe('29/02/2024');
    expect(maskEntryDate('2902')).toBe('29/02');
    expect(maskEntryDate('1/4/')).toBe('1/4/');
    expect(maskEntryDate('2024-02-29')).toBe('29/02/2024');
    expect(maskEntryDate('290220241')).toBe('29/02/2024');
    expect(maskEntryTime('0830')).toBe('08:30');
    expect(maskEntryTime('8:3')).toBe('8:3');
    expect(maskEntryDateTime('290220240830')).toBe('29/02/2024 08:30');
    expect(maskEntryDateTime('29/02/2024 0830')).toBe('29/02/2024 08:30');
  });
});

describe('dateSuggestions', () => {
  it('offers the visit date and the dayPlus days after it, across month and year ends', () => {
    expect(dateSuggestions('2024-02-28', 2)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(dateSuggestions('2023-12-31', 1)).toEqual(['2023-12-31', '2024-01-01']);
    expect(dateSuggestions('2024-05-10', 0)).toEqual(['2024-05-10']);
    expect(dateSuggestions('not a date', 3)).toEqual([]);
  });
});
