import { describe, expect, it } from 'vitest';
import { parseTestInput } from './test-input.js';

describe('parseTestInput', () => {
  it.each([
    ['Number', '1,5', '1.5'],
    ['Number', ' -70.25 ', '-70.25'],
    ['Number', '+3', '3'],
    ['Calculated', '22,86', '22.86'],
    ['Date', '05/03/2024', '2024-03-05'],
    ['Date', '5.3.2024', '2024-03-05'],
    ['Date', '2024-03-05', '2024-03-05'],
    ['Time', '9:30', '09:30'],
    ['Time', '09:30', '09:30'],
    ['Time', '09:30:15', '09:30:15'],
    ['DateTime', '05/03/2024 09:30', '2024-03-05T09:30'],
    ['DateTime', '2024-03-05T09:30', '2024-03-05T09:30'],
    ['Checkbox', 'Да', 'true'],
    ['Checkbox', 'false', 'false'],
    ['Checkbox', 'no', 'false'],
    ['Text', ' as typed ', ' as typed '],
    ['File', 'scan.pdf', 'scan.pdf'],
  ] as const)('%s %j → %j', (type, text, stored) => {
    expect(parseTestInput(type, text)).toEqual({ ok: true, value: stored });
  });

  it('takes empty text as no value', () => {
    expect(parseTestInput('Number', '')).toEqual({ ok: true, value: null });
    expect(parseTestInput('Date', '   ')).toEqual({ ok: true, value: null });
    expect(parseTestInput('Select', null)).toEqual({ ok: true, value: null });
  });

  it.each([
    ['Number', '1,5,2', 'invalid_number'],
    ['Number', '1 000', 'invalid_number'],
    ['Date', '31/02/2024', 'invalid_date'],
    ['Date', '2024/03/05', 'invalid_date'],
    ['Time', '24:00', 'invalid_time'],
    ['DateTime', '05/03/2024', 'invalid_datetime'],
    ['Checkbox', 'maybe', 'invalid_checkbox'],
  ] as const)('refuses %s %j: %s', (type, text, code) => {
    expect(parseTestInput(type, text)).toEqual({ ok: false, error: { code } });
  });

  it('takes a select option as written, or the one option it names ignoring case and spaces', () => {
    const options = ['Мужской', 'Женский'];
    expect(parseTestInput('Select', 'Женский', options)).toEqual({ ok: true, value: 'Женский' });
    expect(parseTestInput('Select', ' женский ', options)).toEqual({ ok: true, value: 'Женский' });
    expect(parseTestInput('Select', 'Ж', options)).toEqual({ ok: false, error: { code: 'unknown_option', options } });
    expect(parseTestInput('Select', 'anything')).toEqual({ ok: true, value: 'anything' });
  });
});
