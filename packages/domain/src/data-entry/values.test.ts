import { describe, expect, it } from 'vitest';
import {
  deviatesFromDefault,
  effectiveValue,
  hasValue,
  isNumberDraft,
  isValidIsoDate,
  isValidIsoDateTime,
  isValidTime,
  mayClearField,
  parseDecimal,
  validateItemValue,
} from './values.js';

describe('parseDecimal', () => {
  it('accepts a comma or a dot and stores a dot', () => {
    expect(parseDecimal('36,6')).toBe('36.6');
    expect(parseDecimal('36.6')).toBe('36.6');
    expect(parseDecimal(' 120 ')).toBe('120');
    expect(parseDecimal('-0,5')).toBe('-0.5');
    expect(parseDecimal('+7')).toBe('7');
  });
  it('refuses what is not a number', () => {
    for (const s of ['', ',', '1,2,3', '1.2.3', 'abc', '1e5', '12,', ',5', '--1', '1 000']) expect(parseDecimal(s), s).toBeNull();
  });
});

describe('isNumberDraft', () => {
  it('lets a number be typed character by character', () => {
    for (const s of ['', '-', '1', '12,', '12,5', '-0.', '+3']) expect(isNumberDraft(s), s).toBe(true);
    for (const s of ['a', '1,2,', '1..', '1-', '1 2']) expect(isNumberDraft(s), s).toBe(false);
  });
});

describe('date and time validity', () => {
  it('knows the calendar', () => {
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(isValidIsoDate('2023-02-29')).toBe(false);
    expect(isValidIsoDate('2024-13-01')).toBe(false);
    expect(isValidIsoDate('2024-04-31')).toBe(false);
    expect(isValidIsoDate('0000-01-01')).toBe(false);
    expect(isValidIsoDate('2024-1-01')).toBe(false);
  });
  it('knows the clock', () => {
    expect(isValidTime('00:00')).toBe(true);
    expect(isValidTime('23:59')).toBe(true);
    expect(isValidTime('23:59:59')).toBe(true);
    expect(isValidTime('24:00')).toBe(false);
    expect(isValidTime('12:60')).toBe(false);
    expect(isValidTime('9:30')).toBe(false);
  });
  it('combines both in a date-time', () => {
    expect(isValidIsoDateTime('2024-02-29T08:15')).toBe(true);
    expect(isValidIsoDateTime('2024-02-30T08:15')).toBe(false);
    expect(isValidIsoDateTime('2024-02-29 08:15')).toBe(false);
    expect(isValidIsoDateTime('2024-02-29T08:15T1')).toBe(false);
  });
});

describe('validateItemValue', () => {
  it('treats empty text as no value for every type', () => {
    for (const t of ['Text', 'Number', 'Select', 'Date'] as const) {
      expect(validateItemValue(t, '  ', {})).toEqual({ ok: true, value: null });
      expect(validateItemValue(t, null, {})).toEqual({ ok: true, value: null });
    }
  });
  it('applies masks to text', () => {
    expect(validateItemValue('Text', 'AB-12', { mask: 'aa-00' })).toEqual({ ok: true, value: 'AB-12' });
    expect(validateItemValue('Text', 'AB-1', { mask: 'aa-00' })).toEqual({ ok: false });
    expect(validateItemValue('Text', 'x1', { regExMask: '^x\\d$' })).toEqual({ ok: true, value: 'x1' });
    expect(validateItemValue('Text', 'y1', { regExMask: '^x\\d$' })).toEqual({ ok: false });
    // A mask the design should have refused constrains nothing.
    expect(validateItemValue('Text', 'y1', { mask: '0[0', regExMask: '(' })).toEqual({ ok: true, value: 'y1' });
  });
  it('stores numbers with a dot and checks their mask on the stored form', () => {
    expect(validateItemValue('Number', '36,6', {})).toEqual({ ok: true, value: '36.6' });
    expect(validateItemValue('Number', '36,6', { mask: '00.0' })).toEqual({ ok: true, value: '36.6' });
    expect(validateItemValue('Number', '36', { mask: '00.0' })).toEqual({ ok: false });
    expect(validateItemValue('Number', 'abc', {})).toEqual({ ok: false });
  });
  it('keeps selects to their options and checkboxes to true or false', () => {
    expect(validateItemValue('Select', 'Да', { optionList: ['Да', 'Нет'] })).toEqual({ ok: true, value: 'Да' });
    expect(validateItemValue('Select', 'Может быть', { optionList: ['Да', 'Нет'] })).toEqual({ ok: false });
    expect(validateItemValue('Checkbox', 'true', {})).toEqual({ ok: true, value: 'true' });
    expect(validateItemValue('Checkbox', 'yes', {})).toEqual({ ok: false });
  });
  it('takes dates, times and date-times in their stored forms only', () => {
    expect(validateItemValue('Date', '2024-02-29', {})).toEqual({ ok: true, value: '2024-02-29' });
    expect(validateItemValue('Date', '29/02/2024', {})).toEqual({ ok: false });
    expect(validateItemValue('Time', '08:05', {})).toEqual({ ok: true, value: '08:05' });
    expect(validateItemValue('Time', '8:05', {})).toEqual({ ok: false });
    expect(validateItemValue('DateTime', '2024-02-29T08:05', {})).toEqual({ ok: true, value: '2024-02-29T08:05' });
    expect(validateItemValue('DateTime', '2024-02-29', {})).toEqual({ ok: false });
  });
  it('never takes a file as text', () => {
    expect(validateItemValue('File', 'x.pdf', {})).toEqual({ ok: false });
  });
});

describe('hasValue and effectiveValue', () => {
  it('counts a select default option and a checkbox as present', () => {
    expect(hasValue('Text', null, null)).toBe(false);
    expect(hasValue('Text', '', null)).toBe(false);
    expect(hasValue('Text', 'x', null)).toBe(true);
    expect(hasValue('Select', null, 'Нет')).toBe(true);
    expect(hasValue('Select', null, null)).toBe(false);
    expect(hasValue('Checkbox', null, null)).toBe(true);
  });
  it('gives a select its default option for dependent fields', () => {
    expect(effectiveValue('Select', null, 'Нет')).toBe('Нет');
    expect(effectiveValue('Select', 'Да', 'Нет')).toBe('Да');
    expect(effectiveValue('Text', '', null)).toBeNull();
  });
});

describe('mayClearField', () => {
  it('never clears a required field', () => {
    expect(mayClearField({ isRequired: true })).toBe(false);
    expect(mayClearField({ isRequired: true }, { data: 'x' })).toBe(false);
  });
  it('clears an optional field that holds data, a clinical significance or a comment', () => {
    expect(mayClearField({ isRequired: false })).toBe(true);
    expect(mayClearField({ isRequired: false }, { data: 'x' })).toBe(true);
    expect(mayClearField({ isRequired: false }, { data: null, clinicalSignificanceString: 'Normal' })).toBe(true);
    expect(mayClearField({ isRequired: false }, { data: null, comment: 'c' })).toBe(true);
    expect(mayClearField({ isRequired: false }, { data: null, comment: '' })).toBe(false);
    expect(mayClearField({ isRequired: false }, null)).toBe(false);
  });
  it('never clears a disabled field', () => {
    expect(mayClearField({ isRequired: false }, { data: 'x' }, { disabled: true })).toBe(false);
  });
});

describe('deviatesFromDefault', () => {
  const select = { fieldType: 'Select' as const, defaultOption: 'Норма' };
  it('marks a select holding another value than its default option', () => {
    expect(deviatesFromDefault(select, 'Отклонение')).toBe(true);
    expect(deviatesFromDefault(select, 'Норма')).toBe(false);
    expect(deviatesFromDefault(select, null)).toBe(false);
    expect(deviatesFromDefault({ fieldType: 'Select', defaultOption: null }, 'x')).toBe(false);
    expect(deviatesFromDefault({ fieldType: 'Text', defaultOption: 'Норма' }, 'x')).toBe(false);
  });
});
