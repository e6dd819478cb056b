import { describe, expect, it } from 'vitest';
import { normaliseOptions } from './options.js';

describe('normaliseOptions', () => {
  it('drops empty options and keeps a known default', () => {
    expect(normaliseOptions('Select', ['', ' Yes ', null, 'No', '  '], 'No')).toEqual({
      ok: true,
      value: { optionList: ['Yes', 'No'], defaultOption: 'No' },
    });
    expect(normaliseOptions('Select', ['Yes', 'No'], '')).toEqual({
      ok: true,
      value: { optionList: ['Yes', 'No'], defaultOption: null },
    });
  });
  it('needs at least one option for a select (the two starting empty slots do not count)', () => {
    expect(normaliseOptions('Select', ['', ''], null)).toEqual({ ok: false, problem: 'options_required', path: 'optionList' });
  });
  it('refuses duplicates and an unknown default', () => {
    expect(normaliseOptions('Select', ['A', 'A'], null)).toMatchObject({ ok: false, problem: 'duplicate_option', option: 'A' });
    expect(normaliseOptions('Select', ['A', 'B'], 'C')).toMatchObject({
      ok: false,
      problem: 'default_option_unknown',
      path: 'defaultOption',
    });
  });
  it('clears options of other types', () => {
    expect(normaliseOptions('Text', ['A'], 'A')).toEqual({ ok: true, value: { optionList: [], defaultOption: null } });
  });
});
