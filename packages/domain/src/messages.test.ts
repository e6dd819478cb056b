import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, errorMessage, SUCCESS_MESSAGES } from './messages.js';
import { enumLabel, enumLabelList } from './enum-labels.js';

describe('messages', () => {
  it('fills placeholders in the chosen language', () => {
    expect(errorMessage('required', 'ru', { field: 'email' })).toBe('Заполните поле «email»');
    expect(errorMessage('required', 'en', { field: 'email' })).toBe('Field “email” is required');
  });
  it('reads a localised parameter in the message’s language (enumeration labels)', () => {
    const params = { type: enumLabel('organisationType', 'Kio'), roles: enumLabelList('employeeType', ['Monitor', 'Nurse']) };
    expect(errorMessage('centre_roles_not_offered', 'ru', params)).toBe(
      'У сотрудников центра есть роли, недоступные для типа «КИО»: Монитор, Медсестра',
    );
    expect(errorMessage('centre_roles_not_offered', 'en', params)).toBe(
      'Employees of the centre have roles not offered for type “Clinical monitoring”: Monitor, Nurse',
    );
    // A value without a label is shown as it is.
    expect(enumLabel('employeeType', 'Unknown')).toEqual({ ru: 'Unknown', en: 'Unknown' });
  });
  it('has both languages for every code, with the same placeholders', () => {
    for (const table of [ERROR_MESSAGES, SUCCESS_MESSAGES]) {
      for (const [code, texts] of Object.entries(table)) {
        const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join();
        expect(texts.ru, code).toBeTruthy();
        expect(texts.en, code).toBeTruthy();
        expect(ph(texts.ru), code).toBe(ph(texts.en));
      }
    }
  });
});
