import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import {
  formFields,
  formResearchVersions,
  forms,
  formSections,
  researches,
  researchVersions,
  rules,
  visitResearchVersions,
  visits,
} from '../../../platform/db/schema/index.js';

export type ChangeKind = 'added' | 'removed' | 'modified';
export type ChangeEntity = 'visit' | 'form' | 'section' | 'field' | 'rule';

/** One change between two research versions: what, where (the visit and form it lies in), and what differs. */
export interface DesignChange {
  entity: ChangeEntity;
  change: ChangeKind;
  name: string;
  /** "Visit / Form / Section", empty for a visit. */
  place: string;
  /** For a modification: "attribute: before → after", one per attribute changed. */
  details: string[];
}

export interface VersionChanges {
  researchTitle: string;
  from: string;
  to: string;
  changes: DesignChange[];
}

type FormRow = typeof forms.$inferSelect;
type SectionRow = typeof formSections.$inferSelect;
type FieldRow = typeof formFields.$inferSelect;

const FORM_ATTRIBUTES = ['title', 'isRequired', 'repeating', 'gender', 'employeeTypesList', 'formTypeId'] as const;
const SECTION_ATTRIBUTES = ['sectionName', 'description', 'pointList'] as const;
const FIELD_ATTRIBUTES = [
  'text',
  'textBefore',
  'textAfter',
  'isRequired',
  'clinicalSignificance',
  'units',
  'mask',
  'regExMask',
  'isHidden',
  'dataLink',
  'parentVisibleRule',
  'contextText',
] as const;

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : typeof v === 'string' ? v : JSON.stringify(v));

function differences<T extends Record<string, unknown>>(a: T, b: T, keys: readonly (keyof T & string)[]): string[] {
  return keys
    .filter((k) => JSON.stringify(a[k] ?? null) !== JSON.stringify(b[k] ?? null))
    .map((k) => `${k}: ${show(a[k])} → ${show(b[k])}`);
}

/**
 * Pairs the items of two lists by a key: those of both (modified when an attribute differs), those of the
 * second only (added) and of the first only (removed).
 */
function pair<T>(a: T[], b: T[], key: (x: T) => string) {
  const byKey = new Map(a.map((x) => [key(x), x]));
  const both: [T, T][] = [];
  const added: T[] = [];
  for (const x of b) {
    const match = byKey.get(key(x));
    if (match) {
      both.push([match, x]);
      byKey.delete(key(x));
    } else added.push(x);
  }
  return { both, added, removed: [...byKey.values()] };
}

/**
 * What changed in the design from research version `fromId` to `toId` (docs/documents.md "Research version
 * changes"). Visits and forms belong to versions many-to-many: a visit or form of one version only is added or
 * removed. A form changed for the later version is a split copy (design-api.md "Versions"): the form of the
 * later version only is paired with the form of the earlier version only of the same visit and key (else
 * title), and their attributes, sections (by key, else name), fields (by section and field definition) and
 * rules (by type, field and expression) are compared.
 */
export async function readVersionChanges(db: Db, fromId: string, toId: string): Promise<VersionChanges> {
  const [from] = await db.select().from(researchVersions).where(eq(researchVersions.id, fromId));
  const [to] = await db.select().from(researchVersions).where(eq(researchVersions.id, toId));
  const [research] = await db
    .select({ protocol: researches.grlsProtocolNumber })
    .from(researches)
    .where(eq(researches.id, from!.researchId));
  const visitsOf = (versionId: string) =>
    db
      .select({ v: visits })
      .from(visitResearchVersions)
      .innerJoin(visits, eq(visits.id, visitResearchVersions.visitId))
      .where(and(eq(visitResearchVersions.researchVersionId, versionId), isNull(visits.deletedAt)))
      .orderBy(asc(visits.index))
      .then((rows) => rows.map((r) => r.v));
  const formsOf = (versionId: string) =>
    db
      .select({ f: forms })
      .from(formResearchVersions)
      .innerJoin(forms, eq(forms.id, formResearchVersions.formId))
      .where(and(eq(formResearchVersions.researchVersionId, versionId), isNull(forms.deletedAt)))
      .orderBy(asc(forms.index))
      .then((rows) => rows.map((r) => r.f));
  const [visitsA, visitsB, formsA, formsB] = await Promise.all([
    visitsOf(fromId),
    visitsOf(toId),
    formsOf(fromId),
    formsOf(toId),
  ]);
  const visitTitle = new Map([...visitsA, ...visitsB].map((v) => [v.id, v.title]));
  const changes: DesignChange[] = [];

  const v = pair(visitsA, visitsB, (x) => x.id);
  for (const x of v.added) changes.push({ entity: 'visit', change: 'added', name: x.title, place: '', details: [] });
  for (const x of v.removed) changes.push({ entity: 'visit', change: 'removed', name: x.title, place: '', details: [] });

  // A form of both versions is one row: unchanged. The others are paired by visit and key.
  const shared = new Set(formsA.filter((f) => formsB.some((g) => g.id === f.id)).map((f) => f.id));
  const formKey = (f: FormRow) => `${f.visitId}|${f.formKey ?? f.title}`;
  const fm = pair(
    formsA.filter((f) => !shared.has(f.id)),
    formsB.filter((f) => !shared.has(f.id)),
    formKey,
  );
  const placeOf = (f: FormRow) => visitTitle.get(f.visitId) ?? '';
  for (const f of fm.added) changes.push({ entity: 'form', change: 'added', name: f.title, place: placeOf(f), details: [] });
  for (const f of fm.removed) changes.push({ entity: 'form', change: 'removed', name: f.title, place: placeOf(f), details: [] });
  for (const [a, b] of fm.both) changes.push(...(await formChanges(db, a, b, placeOf(b))));
  return {
    researchTitle: research?.protocol ?? '',
    from: `${from!.majorIndex}.${from!.minorIndex}`,
    to: `${to!.majorIndex}.${to!.minorIndex}`,
    changes,
  };
}

/** The n-th occurrence (from 0) of each item's group, in list order: id → n. */
function occurrenceKeys<T extends { id: string }>(list: T[], group: (x: T) => string): Map<string, number> {
  const seen = new Map<string, number>();
  const out = new Map<string, number>();
  for (const x of list) {
    const g = group(x);
    const n = seen.get(g) ?? 0;
    out.set(x.id, n);
    seen.set(g, n + 1);
  }
  return out;
}

async function formParts(db: Db, formId: string) {
  const [sections, fields, formRules] = await Promise.all([
    db
      .select()
      .from(formSections)
      .where(and(eq(formSections.formId, formId), isNull(formSections.deletedAt)))
      .orderBy(asc(formSections.index)),
    db
      .select()
      .from(formFields)
      .where(and(eq(formFields.formId, formId), isNull(formFields.deletedAt)))
      .orderBy(asc(formFields.index)),
    db
      .select()
      .from(rules)
      .where(and(eq(rules.formId, formId), isNull(rules.deletedAt))),
  ]);
  return { sections, fields, rules: formRules };
}

async function formChanges(db: Db, a: FormRow, b: FormRow, visit: string): Promise<DesignChange[]> {
  const out: DesignChange[] = [];
  const formDiff = differences(a as Record<string, unknown>, b as Record<string, unknown>, FORM_ATTRIBUTES);
  const pa = await formParts(db, a.id);
  const pb = await formParts(db, b.id);
  const place = `${visit} / ${b.title}`;
  const sectionKey = (s: SectionRow) => s.formSectionKey ?? s.sectionName;
  const sections = pair(pa.sections, pb.sections, sectionKey);
  for (const s of sections.added) out.push({ entity: 'section', change: 'added', name: s.sectionName, place, details: [] });
  for (const s of sections.removed) out.push({ entity: 'section', change: 'removed', name: s.sectionName, place, details: [] });
  for (const [x, y] of sections.both) {
    const d = differences(x as Record<string, unknown>, y as Record<string, unknown>, SECTION_ATTRIBUTES);
    if (d.length) out.push({ entity: 'section', change: 'modified', name: y.sectionName, place, details: d });
  }
  const sectionName = new Map([...pa.sections, ...pb.sections].map((s) => [s.id, s.sectionName]));
  const fieldPlace = (f: FieldRow) => `${place} / ${sectionName.get(f.formSectionId) ?? ''}`;
  // Fields pair within the section of the same key by their field definition; a definition used several times
  // in a section pairs its n-th use with the other's n-th use. A field moved to another section shows as
  // removed there and added here.
  const sectionKeyOf = new Map([...pa.sections, ...pb.sections].map((x) => [x.id, sectionKey(x)]));
  const group = (f: FieldRow) => `${f.formId}|${sectionKeyOf.get(f.formSectionId) ?? ''}|${f.fieldId}`;
  const nth = occurrenceKeys([...pa.fields, ...pb.fields], group);
  const fields = pair(pa.fields, pb.fields, (f) => `${group(f).slice(f.formId.length)}#${nth.get(f.id)}`);
  for (const f of fields.added) out.push({ entity: 'field', change: 'added', name: f.text, place: fieldPlace(f), details: [] });
  for (const f of fields.removed)
    out.push({ entity: 'field', change: 'removed', name: f.text, place: fieldPlace(f), details: [] });
  for (const [x, y] of fields.both) {
    const d = differences(x as Record<string, unknown>, y as Record<string, unknown>, FIELD_ATTRIBUTES);
    if (d.length) out.push({ entity: 'field', change: 'modified', name: y.text, place: fieldPlace(y), details: d });
  }
  const fieldOf = new Map([...pa.fields, ...pb.fields].map((f) => [f.id, f]));
  const ruleKey = (r: typeof rules.$inferSelect) =>
    `${r.ruleType}|${fieldOf.get(r.formFieldId ?? '')?.fieldId ?? ''}|${r.expression}`;
  const ruleName = (r: typeof rules.$inferSelect) => `${r.ruleType}: ${r.expression}`;
  const rs = pair(pa.rules, pb.rules, ruleKey);
  for (const r of rs.added) out.push({ entity: 'rule', change: 'added', name: ruleName(r), place, details: [] });
  for (const r of rs.removed) out.push({ entity: 'rule', change: 'removed', name: ruleName(r), place, details: [] });
  for (const [x, y] of rs.both) {
    if ((x.message ?? '') !== (y.message ?? ''))
      out.push({
        entity: 'rule',
        change: 'modified',
        name: ruleName(y),
        place,
        details: [`message: ${show(x.message)} → ${show(y.message)}`],
      });
  }
  if (formDiff.length || out.length)
    out.unshift({ entity: 'form', change: 'modified', name: b.title, place: visit, details: formDiff });
  return out;
}
