import { rules as ruleLanguage } from '@edc/domain';
import type { OdmRangeCheck } from './odm-parse.js';

/**
 * Another system's RangeChecks on a number item as one edit check (a NoteAction rule) of this system: the
 * value must satisfy every check, so the rule's condition — when a query is raised — is any check failing.
 * `GE 90` and `LE 160` on SYSBP give `[SYSBP] < 90 OR [SYSBP] > 160`, the shape this system's own export
 * writes RangeChecks from (docs/rules.md "ODM"). Checks of other kinds (text, dates, a FormalExpression)
 * answer null and stay in the import report.
 */
const FAILS: Record<string, (code: string, v: string) => string> = {
  LT: (c, v) => `${c} >= ${v}`,
  LE: (c, v) => `${c} > ${v}`,
  GT: (c, v) => `${c} <= ${v}`,
  GE: (c, v) => `${c} < ${v}`,
  EQ: (c, v) => `${c} <> ${v}`,
  NE: (c, v) => `${c} = ${v}`,
};

const NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;

export function rangeChecksAsRule(code: string, checks: OdmRangeCheck[]): string | null {
  if (!checks.length || /[[\]]/.test(code)) return null;
  const field = `[${code}]`;
  const parts: string[] = [];
  for (const check of checks) {
    const values = check.values.map((v) => v.trim());
    if (!values.length || !values.every((v) => NUMBER.test(v))) return null;
    const comparator = (check.comparator ?? '').toUpperCase();
    if (FAILS[comparator] && values.length === 1) parts.push(FAILS[comparator](field, values[0]!));
    else if (comparator === 'IN') parts.push(`NOT (${values.map((v) => `${field} = ${v}`).join(' OR ')})`);
    else if (comparator === 'NOTIN') parts.push(values.map((v) => `${field} = ${v}`).join(' OR '));
    else return null;
  }
  const expression = parts.join(' OR ');
  const parsed = ruleLanguage.parseRule(expression);
  return parsed.ok ? ruleLanguage.printRule(parsed.ast) : null;
}
