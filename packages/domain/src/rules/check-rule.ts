import { parseRule } from './parser.js';
import { relatedFieldCodes } from './related-fields.js';
import { typeCheck } from './type-check.js';
import type { RuleAst, RuleError, RuleFields, RuleValueType } from './types.js';

/**
 * Everything the server and the editor ask of a rule's text at once: parsed, type-checked against the
 * fields, and its related field codes. A parse error is one error; type errors are all of them.
 */
export type RuleCheck =
  | { ok: true; ast: RuleAst; type: RuleValueType; relatedFieldCodes: string[] }
  | { ok: false; errors: RuleError[]; ast?: RuleAst; relatedFieldCodes?: string[] };

export function checkRule(text: string, fields: RuleFields, expected?: readonly RuleValueType[]): RuleCheck {
  const parsed = parseRule(text);
  if (!parsed.ok) return { ok: false, errors: [parsed.error] };
  const codes = relatedFieldCodes(parsed.ast);
  const checked = typeCheck(parsed.ast, fields, expected);
  if (!checked.ok) return { ok: false, errors: checked.errors, ast: parsed.ast, relatedFieldCodes: codes };
  return { ok: true, ast: parsed.ast, type: checked.type, relatedFieldCodes: codes };
}
