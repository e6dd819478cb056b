import { describe, expect, it } from 'vitest';
import { parseRule } from './parser.js';
import { relatedFieldCodes } from './related-fields.js';

const codes = (text: string) => {
  const r = parseRule(text);
  if (!r.ok) throw new Error(r.error.code);
  return relatedFieldCodes(r.ast);
};

describe('relatedFieldCodes', () => {
  it('lists each code once, in the order of its first appearance', () => {
    expect(codes('[B] + [A] * [B] > Bmi([C]; [A]) OR NOT [D] = [C]')).toEqual(['B', 'A', 'C', 'D']);
    expect(codes('RoundAwayFromZero(Bmi([ W ]; [H]); 1)')).toEqual(['W', 'H']);
    expect(codes('1 + 2')).toEqual([]);
  });
  it('tells codes apart by case and keeps them as written', () => {
    expect(codes('[w] + [W] + [Дата визита]')).toEqual(['w', 'W', 'Дата визита']);
  });
  it('walks a long chain without recursion', () => {
    expect(codes(Array.from({ length: 200 }, (_, i) => `[F${i % 7}]`).join(' + '))).toEqual([
      'F0',
      'F1',
      'F2',
      'F3',
      'F4',
      'F5',
      'F6',
    ]);
  });
});
