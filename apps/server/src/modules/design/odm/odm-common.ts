/** Shared by the ODM export and import. */

export const ODM_NS = 'http://www.cdisc.org/ns/odm/v1.3';

/** Alias contexts that carry what ODM 1.3.2 has no attribute for, so an export re-imports without loss. */
export const EDC = {
  fieldType: 'EDC:fieldType',
  fieldKey: 'EDC:fieldKey',
  fieldTitle: 'EDC:fieldTitle',
  fieldUnits: 'EDC:fieldUnits',
  annotationKey: 'EDC:annotationKey',
  mask: 'EDC:mask',
  regExMask: 'EDC:regExMask',
  dataLink: 'EDC:dataLink',
  textBefore: 'EDC:textBefore',
  textAfter: 'EDC:textAfter',
  hidden: 'EDC:isHidden',
  requiredForEdc: 'EDC:requiredForEdc',
  clinicalSignificance: 'EDC:clinicalSignificance',
  duration: 'EDC:duration',
  parentItem: 'EDC:parentItemOID',
  parentVisibleRule: 'EDC:parentVisibleRule',
  dayNumber: 'EDC:dayNumber',
  dayPlus: 'EDC:dayPlus',
  dayMinus: 'EDC:dayMinus',
  pointList: 'EDC:pointList',
  visitKey: 'EDC:visitKey',
  formKey: 'EDC:formKey',
  sectionKey: 'EDC:sectionKey',
  formTypeKey: 'EDC:formTypeKey',
  formTypeTitle: 'EDC:formTypeTitle',
  employeeTypes: 'EDC:employeeTypes',
  gender: 'EDC:gender',
  defaultOption: 'EDC:defaultOption',
} as const;

/**
 * A time point travels on its form field's ItemDef (docs/time-points.md "ODM"): its duration (hh:mm:ss, hours
 * may exceed 24), its description, `Yes` for the visit's start point, and one alias per deviation, oldest
 * first, of context `EDC:timeDeviation.1`, `.2`… (an element's Alias contexts are unique in ODM) whose Name is
 * `<start point's ItemOID>;<deviation>;<deviationPlus>;<deviationMinus>` (the start point's item is in the same
 * visit). `EDC:duration` is the form field's own setting, not the point's.
 */
export const EDC_TIME = {
  duration: 'EDC:timePointDuration',
  description: 'EDC:timePointDescription',
  start: 'EDC:timePointStart',
  deviation: 'EDC:timeDeviation',
} as const;

/** The context of a point's `n`-th deviation (from 1). */
export const timeDeviationContext = (n: number) => `${EDC_TIME.deviation}.${n}`;

/** The order of a deviation alias's context (`EDC:timeDeviation.n`; 0 unnumbered), or null for another context. */
export function timeDeviationOrder(context: string): number | null {
  if (context === EDC_TIME.deviation) return 0;
  const m = /^EDC:timeDeviation\.(\d{1,6})$/.exec(context);
  return m ? Number(m[1]) : null;
}

/**
 * A study rule travels as a ConditionDef (NoteAction, ToggleAction, EmailAction: the expression is a
 * condition) or a MethodDef of Type Computation (InsertAction: the expression gives the value), with the
 * expression in our language in a FormalExpression of this context, the message as its Description (empty
 * when none) and the rest in these aliases
 * (docs/rules.md "ODM"). The stock ODM 1.3.2 schema allows no foreign elements or attributes, so these
 * standard elements are the extension point, as the design's `EDC:` aliases are.
 */
export const EDC_RULE = {
  expressionContext: 'EDC:rule',
  type: 'EDC:ruleType',
  item: 'EDC:ruleItemOID',
  centre: 'EDC:ruleCentre',
  validated: 'EDC:ruleValidated',
  /**
   * Where an item's ItemDef is placed on several forms (odm-shared-defs.ts) and the rule is on some of them only:
   * the placements it is on, as JSON `[[StudyEventOID, FormOID], …]`. Without it the rule is on every placement.
   */
  placements: 'EDC:rulePlacements',
} as const;

/** XML 1.0 cannot carry most control characters; they are dropped from exported text. */
// eslint-disable-next-line no-control-regex
export const xmlSafe = (s: string) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

/** An OID as a file may carry it: not blank, no surrounding spaces, nothing XML cannot write, not absurdly long. */
export function usableOid(oid: string | null | undefined): oid is string {
  return !!oid && oid.length <= 500 && oid.trim() === oid && xmlSafe(oid) === oid;
}

/** The key an OID was generated from (`F.VS` → `VS`); an OID of another shape is its own key. */
export const oidKey = (oid: string, prefix: string) => (oid.startsWith(`${prefix}.`) ? oid.slice(prefix.length + 1) : oid);

/** JSON with object keys sorted: equal values give equal text whatever order their keys were stored in (jsonb reorders). */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** An OID made of a prefix and a readable key, unique within one document; or an OID a file gave, when still free. */
export class OidRegistry {
  private readonly taken = new Set<string>();
  make(prefix: string, key: string | null | undefined): string {
    const part =
      (key ?? '')
        .trim()
        .replace(/[^A-Za-z0-9._-]+/g, '_')
        .replace(/^_+|_+$/g, '') || 'X';
    const base = `${prefix}.${part}`;
    let oid = base;
    for (let n = 2; this.taken.has(oid); n++) oid = `${base}.${n}`;
    this.taken.add(oid);
    return oid;
  }
  /** Takes `oid` as it is; false when another element of the document has it already. */
  claim(oid: string): boolean {
    if (this.taken.has(oid)) return false;
    this.taken.add(oid);
    return true;
  }
}
