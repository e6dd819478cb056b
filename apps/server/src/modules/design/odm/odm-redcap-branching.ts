import type { OdmCodeListSource } from '../../../platform/db/schema/design.js';

/**
 * REDCap's branching logic (`redcap:BranchingLogic` on an ItemDef) in the one shape a dependent field can hold:
 * `[variable] = 'value'`, the field shown while another field of the same form has that value. Anything else
 * (and/or, other operators, checkbox choices, other events) stays in the report.
 */

const SIMPLE = /^\s*\[([A-Za-z0-9_]+)\]\s*==?\s*(?:'([^']*)'|"([^"]*)"|([A-Za-z0-9_.-]+))\s*$/;

/** The parent's variable and the value it must have; null for logic of another shape. */
export function simpleBranching(logic: string | null): { variable: string; value: string } | null {
  const m = logic ? SIMPLE.exec(logic) : null;
  return m ? { variable: m[1]!, value: m[2] ?? m[3] ?? m[4] ?? '' } : null;
}

/**
 * The rule a dependent field keeps for a parent value: a select's value is its option (the decode), so a coded
 * value gives the option it codes; other fields compare the value itself. Null when the select has no such code.
 */
export function visibleRuleFor(
  value: string,
  parent: { fieldType: string; optionList: string[]; odmCodeList: OdmCodeListSource | null },
): string | null {
  if (parent.fieldType !== 'Select') return value;
  const codes = parent.odmCodeList?.codes ?? {};
  return parent.optionList.find((option) => (codes[option] ?? option) === value) ?? null;
}

/** Whether an unread attribute, as the report spells it, is the branching logic. */
export const isBranchingName = (name: string) => /^([\w.-]+:)?BranchingLogic=/.test(name);
