import { matchesMask, isValidRegExMask, type EmployeeType, type FieldType, type OrganisationType } from '@edc/domain';

/**
 * The entry rules the services apply (docs/data-entry.md, "Entry rules"). They belong to the domain
 * package (packages/domain/src/data-entry, shared with the web app); this module is the one place the
 * server reads them from, so that switching to the shared functions touches nothing else.
 */

export type ValueCheck = { ok: true; value: string | null } | { ok: false };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

function validDate(s: string): boolean {
  const m = ISO_DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** A number typed with a comma or a dot, stored with a dot; null when it is not a number. */
export function parseDecimal(raw: string): string | null {
  const s = raw.trim().replace(',', '.');
  if (!/^[-+]?\d+(\.\d+)?$/.test(s)) return null;
  return s.replace(/^\+/, '');
}

/**
 * A value typed into a field of a type, as stored: numbers with a dot, dates YYYY-MM-DD, times HH:mm or
 * HH:mm:ss, date-times YYYY-MM-DDTHH:mm[:ss], checkboxes 'true' or 'false', selects one of the options.
 * Empty text is no value. Masks (the design's input mask and regular expression) apply to text and numbers.
 */
export function validateItemValue(
  fieldType: FieldType,
  raw: string | null | undefined,
  opts: { mask?: string | null; regExMask?: string | null; optionList?: readonly string[] },
): ValueCheck {
  if (raw == null || raw.trim() === '') return { ok: true, value: null };
  const masked = (v: string) => {
    if (opts.mask && !safeMatch(() => matchesMask(v, opts.mask!))) return false;
    if (opts.regExMask && isValidRegExMask(opts.regExMask) && !new RegExp(opts.regExMask, 'u').test(v)) return false;
    return true;
  };
  switch (fieldType) {
    case 'Text':
      return masked(raw) ? { ok: true, value: raw } : { ok: false };
    case 'Number':
    case 'Calculated': {
      const n = parseDecimal(raw);
      return n !== null && masked(n) ? { ok: true, value: n } : { ok: false };
    }
    case 'Select':
      return (opts.optionList ?? []).includes(raw) ? { ok: true, value: raw } : { ok: false };
    case 'Checkbox':
      return raw === 'true' || raw === 'false' ? { ok: true, value: raw } : { ok: false };
    case 'Date':
      return validDate(raw) ? { ok: true, value: raw } : { ok: false };
    case 'Time':
      return TIME.test(raw) ? { ok: true, value: raw } : { ok: false };
    case 'DateTime': {
      const [d, t, ...rest] = raw.split('T');
      return rest.length === 0 && d && t && validDate(d) && TIME.test(t) ? { ok: true, value: raw } : { ok: false };
    }
    case 'File':
      // A file arrives through AddDocument only.
      return { ok: false };
  }
}

function safeMatch(f: () => boolean): boolean {
  try {
    return f();
  } catch {
    // A mask the design should have refused: it does not constrain the value.
    return true;
  }
}

/** Whether a field's value counts as present for `required` (a select's default option and a checkbox count). */
export function hasValue(fieldType: FieldType, data: string | null, defaultOption: string | null): boolean {
  if (data !== null && data !== '') return true;
  if (fieldType === 'Checkbox') return true;
  return fieldType === 'Select' && !!defaultOption;
}

/** Clearing is offered for fields that are not required (spec section 5). */
export const mayClearField = (formField: { isRequired: boolean }) => !formField.isRequired;

/**
 * Who enters data in a form (spec section 6): an employee of a site or test site whose role is in the
 * form's employeeTypesList.
 */
export function canEditForm(
  actor: { organisationType: OrganisationType | null; employeeType: EmployeeType | null },
  form: { employeeTypesList: readonly string[] },
): boolean {
  if (actor.organisationType !== 'Site' && actor.organisationType !== 'TestSite') return false;
  return !!actor.employeeType && form.employeeTypesList.includes(actor.employeeType);
}

/** Who signs and ends a visit (spec section 6): a principal investigator or co-researcher of a site. */
export function canSignVisit(actor: { organisationType: OrganisationType | null; employeeType: EmployeeType | null }): boolean {
  if (actor.organisationType !== 'Site' && actor.organisationType !== 'TestSite') return false;
  return actor.employeeType === 'PrincipalInvestigator' || actor.employeeType === 'CoResearcher';
}

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The complete-section time window (spec section 5): not in the future, not earlier than the newest value's
 * creation, at most three days back (each bound widened by one minute).
 */
export function completeSectionWindow(newestValueAt: Date | null, now: Date = new Date()): { earliest: Date; latest: Date } {
  const threeDaysBack = now.getTime() - 3 * DAY - MINUTE;
  const newest = newestValueAt ? newestValueAt.getTime() - MINUTE : -Infinity;
  return { earliest: new Date(Math.max(threeDaysBack, newest)), latest: new Date(now.getTime() + MINUTE) };
}

export interface VisibilityNode {
  id: string;
  parentId: string | null;
  parentVisibleRule: string | null;
  /** The current value (a select's default option when none was entered). */
  value: string | null;
}

/**
 * Child fields show only while the parent's value equals their rule, and never while the parent is hidden
 * (recursively). Returns the ids of the hidden fields.
 */
export function hiddenFields(nodes: readonly VisibilityNode[]): Set<string> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const memo = new Map<string, boolean>();
  const hidden = (n: VisibilityNode, depth = 0): boolean => {
    const known = memo.get(n.id);
    if (known !== undefined) return known;
    let h = false;
    if (n.parentId && depth < 64) {
      const parent = byId.get(n.parentId);
      h = !parent || hidden(parent, depth + 1) || (parent.value ?? '') !== (n.parentVisibleRule ?? '');
    }
    memo.set(n.id, h);
    return h;
  };
  return new Set(nodes.filter((n) => hidden(n)).map((n) => n.id));
}
