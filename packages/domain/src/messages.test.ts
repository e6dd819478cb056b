import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, errorMessage, SUCCESS_MESSAGES } from './messages.js';

describe('messages', () => {
  it('fills placeholders in the chosen language', () => {
    expect(errorMessage('required', 'ru', { field: 'email' })).toBe('Заполните поле «email»');
    expect(errorMessage('required', 'en', { field: 'email' })).toBe('Field “email” is required');
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
