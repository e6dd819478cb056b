import { describe, expect, it } from 'vitest';
import { isPrintableCharacter, unprintableCharacters, unprintableMessage } from './print-text.js';

describe('print-font text check', () => {
  it('accepts Latin, Cyrillic and Greek letters, digits and common punctuation', () => {
    const text =
      'Артериальное давление (САД/ДАД), мм рт. ст. — 120/80; Temp 36,6 °C ± 0.1; µg/m² ≤ 5 «ok» № 3 Δ β… “q” ‘q’ 100% €₽';
    expect(unprintableCharacters(text)).toEqual([]);
  });
  it('reports each unrenderable character once, in order', () => {
    expect(unprintableCharacters('A😀b😀中\u200b')).toEqual(['😀', '中', '\u200b']);
  });
  it('treats empty values as fine', () => {
    expect(unprintableCharacters(null)).toEqual([]);
    expect(unprintableCharacters('')).toEqual([]);
  });
  it('checks single characters', () => {
    expect(isPrintableCharacter('ё')).toBe(true);
    expect(isPrintableCharacter('\u0007')).toBe(false);
  });
  it('builds the spec message', () => {
    expect(unprintableMessage(['😀', '中'])).toBe('Вероятно, что следующие символы не будут отображаться при печати: 😀 中');
    expect(unprintableMessage(['中'], 'en')).toMatch(/^The following characters/);
  });
});
