import type { FieldType } from './enums.js';

/**
 * Select options of a field definition (spec section 5): a select needs options; empty options are
 * dropped; at most one option is the default. Other types carry no options.
 */
export type OptionsProblem = 'options_required' | 'duplicate_option' | 'default_option_unknown';

export interface NormalisedOptions {
  optionList: string[];
  defaultOption: string | null;
}

export function normaliseOptions(
  fieldType: FieldType,
  optionList: readonly (string | null | undefined)[] | null | undefined,
  defaultOption: string | null | undefined,
):
  | { ok: true; value: NormalisedOptions }
  | { ok: false; problem: OptionsProblem; path: 'optionList' | 'defaultOption'; option?: string } {
  if (fieldType !== 'Select') return { ok: true, value: { optionList: [], defaultOption: null } };
  const options = (optionList ?? []).map((o) => (o ?? '').trim()).filter((o) => o.length > 0);
  if (options.length === 0) return { ok: false, problem: 'options_required', path: 'optionList' };
  const seen = new Set<string>();
  for (const o of options) {
    if (seen.has(o)) return { ok: false, problem: 'duplicate_option', path: 'optionList', option: o };
    seen.add(o);
  }
  const def = defaultOption?.trim() || null;
  if (def !== null && !seen.has(def)) return { ok: false, problem: 'default_option_unknown', path: 'defaultOption', option: def };
  return { ok: true, value: { optionList: options, defaultOption: def } };
}
