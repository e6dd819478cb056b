import { rules as ruleLanguage } from '@edc/domain';
import type { OdmRangeCheck } from './odm-parse.js';

/**
 * Another system's RangeChecks on a number or text item as one edit check (a NoteAction rule) of this system:
 * the value must satisfy every check, so the rule's condition — when a query is raised — is any check failing.
 * `GE 90` and `LE 160` on SYSBP give `[SYSBP] < 90 OR [SYSBP] > 160`, the shape this system's own export
 * writes RangeChecks from (docs/rules.md "ODM"); `IN A B` on a text item gives `NOT ([X] = "A" OR [X] = "B")`.
 * The rules language orders numbers, not texts, so a text item takes EQ, NE, IN and NOTIN only. Checks of
 * other kinds (dates, a FormalExpression, an order on text) answer null and stay in the import report.
 */
const FAILS: Record<string, (code: string, v: string) => string> = {
  LT: (c, v) => `${c} >= ${v}`,
  LE: (c, v) => `${c} > ${v}`,
  GT: (c, v) => `${c} <= ${v}`,
  GE: (c, v) => `${c} < ${v}`,
  EQ: (c, v) => `${c} <> ${v}`,
  NE: (c, v) => `${c} = ${v}`,
};
const TEXT_COMPARATORS = new Set(['EQ', 'NE', 'IN', 'NOTIN']);

const NUMBER = /^-?\d{1,15}(\.\d{1,15})?$/;
/** A string literal of the rules language: in double quotes, a quote doubled. */
const literal = (v: string) => `"${v.replace(/"/g, '""')}"`;

export function rangeChecksAsRule(code: string, checks: OdmRangeCheck[], kind: 'number' | 'text' = 'number'): string | null {
  if (!checks.length || /[[\]]/.test(code)) return null;
  const field = `[${code}]`;
  const parts: string[] = [];
  for (const check of checks) {
    const comparator = (check.comparator ?? '').toUpperCase();
    let values: string[];
    if (kind === 'number') {
      values = check.values.map((v) => v.trim());
      if (!values.length || !values.every((v) => NUMBER.test(v))) return null;
    } else {
      if (!TEXT_COMPARATORS.has(comparator) || !check.values.length || check.values.some((v) => v.length > 1000)) return null;
      values = check.values.map(literal);
    }
    if (FAILS[comparator] && values.length === 1) parts.push(FAILS[comparator](field, values[0]!));
    else if (comparator === 'IN') parts.push(`NOT (${values.map((v) => `${field} = ${v}`).join(' OR ')})`);
    else if (comparator === 'NOTIN') parts.push(values.map((v) => `${field} = ${v}`).join(' OR '));
    else return null;
  }
  const expression = parts.join(' OR ');
  const parsed = ruleLanguage.parseRule(expression);
  return parsed.ok ? ruleLanguage.printRule(parsed.ast) : null;
}
