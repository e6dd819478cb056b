import { describe, expect, it } from 'vitest';
import { hiddenFields, visibilityChanges, type VisibilityNode } from './visibility.js';

const node = (id: string, parentId: string | null, rule: string | null, value: string | null): VisibilityNode => ({
  id,
  parentId,
  parentVisibleRule: rule,
  value,
});

describe('hiddenFields', () => {
  it('shows a child only while its parent holds its rule', () => {
    expect(hiddenFields([node('ae', null, null, 'Да'), node('what', 'ae', 'Да', null)])).toEqual(new Set());
    expect(hiddenFields([node('ae', null, null, 'Нет'), node('what', 'ae', 'Да', null)])).toEqual(new Set(['what']));
    expect(hiddenFields([node('ae', null, null, null), node('what', 'ae', 'Да', null)])).toEqual(new Set(['what']));
  });
  it('hides the whole chain below a hidden field', () => {
    const nodes = [
      node('a', null, null, 'Нет'),
      node('b', 'a', 'Да', 'Тяжёлое'),
      node('c', 'b', 'Тяжёлое', 'x'),
      node('d', 'c', 'x', null),
    ];
    expect(hiddenFields(nodes)).toEqual(new Set(['b', 'c', 'd']));
    nodes[0] = node('a', null, null, 'Да');
    expect(hiddenFields(nodes)).toEqual(new Set());
  });
  it('hides a child whose parent is unknown and survives a cycle', () => {
    expect(hiddenFields([node('x', 'missing', 'Да', null)])).toEqual(new Set(['x']));
    const cyc = hiddenFields([node('p', 'q', 'a', 'a'), node('q', 'p', 'a', 'a')]);
    expect(cyc.size).toBeLessThanOrEqual(2);
  });
  it('treats an empty rule as matching an empty value', () => {
    expect(hiddenFields([node('a', null, null, null), node('b', 'a', '', null)])).toEqual(new Set());
  });
});

describe('visibilityChanges', () => {
  it('lists the fields whose state changed', () => {
    expect(visibilityChanges(new Set(['b']), new Set(['c']), ['a', 'b', 'c'])).toEqual([
      { subjectFormFieldId: 'b', isHidden: false },
      { subjectFormFieldId: 'c', isHidden: true },
    ]);
  });
});
