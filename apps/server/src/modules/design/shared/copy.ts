import { and, asc, eq, isNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../../platform/db/client.js';
import { formFields, forms, formSections } from '../../../platform/db/schema/index.js';
import type { OdmItemSource } from '../../../platform/db/schema/design.js';

/**
 * A form's structure as plain data: what copies, splits and templates are made from. Field references
 * (`ref`, `parentRef`) are the source ids, so dependencies survive the copy. ODM OIDs are copied too: a copy
 * identical to its source is the same ODM element (a split version's form keeps its OIDs); one that differs
 * from another of its OID in the same version gets a generated OID at export (odm-oids.ts).
 */
export interface FieldSnapshot {
  ref: string;
  fieldId: string;
  text: string;
  textBefore: string | null;
  textAfter: string | null;
  annotationKey: string | null;
  dataLink: string | null;
  isRequired: boolean;
  clinicalSignificance: boolean;
  comment: string | null;
  units: string | null;
  formName: string | null;
  regExMask: string | null;
  mask: string | null;
  isHidden: boolean;
  requiredForEdc: boolean;
  contextFormId: string | null;
  contextText: string | null;
  parentRef: string | null;
  parentVisibleRule: string | null;
  duration: string | null;
  /** The ODM ItemDef's OID and what else it said (odm-oids.ts); absent in templates saved before them. */
  oid?: string | null;
  odmItem?: OdmItemSource | null;
}

export interface SectionSnapshot {
  ref: string;
  sectionName: string;
  description: string | null;
  formSectionKey: string | null;
  pointList: string[];
  oid?: string | null;
  fields: FieldSnapshot[];
}

export interface FormSnapshot {
  title: string;
  formKey: string | null;
  formTypeId: string;
  isRequired: boolean;
  repeating: boolean;
  employeeTypesList: string[];
  gender: string;
  oid?: string | null;
  sections: SectionSnapshot[];
}

type FieldRow = typeof formFields.$inferSelect;

/** What a field copy takes over as it is, from a row or from a snapshot. */
const CARRIED_FIELD_KEYS = [
  'fieldId',
  'text',
  'textBefore',
  'textAfter',
  'annotationKey',
  'dataLink',
  'isRequired',
  'clinicalSignificance',
  'comment',
  'units',
  'formName',
  'regExMask',
  'mask',
  'isHidden',
  'requiredForEdc',
] as const;
type CarriedField = Pick<FieldSnapshot, (typeof CARRIED_FIELD_KEYS)[number]>;

function carriedField(f: CarriedField): CarriedField {
  return Object.fromEntries(CARRIED_FIELD_KEYS.map((k) => [k, f[k]])) as unknown as CarriedField;
}

export const fieldSnapshot = (f: FieldRow): FieldSnapshot => ({
  ref: f.id,
  ...carriedField(f),
  contextFormId: f.contextFormId,
  contextText: f.contextText,
  parentRef: f.parentFormFieldId,
  parentVisibleRule: f.parentVisibleRule,
  duration: f.duration,
  oid: f.oid,
  odmItem: f.odmItem,
});

export async function sectionSnapshots(db: Db, formId: string, onlySectionId?: string): Promise<SectionSnapshot[]> {
  const sections = await db
    .select()
    .from(formSections)
    .where(
      and(
        eq(formSections.formId, formId),
        isNull(formSections.deletedAt),
        onlySectionId ? eq(formSections.id, onlySectionId) : undefined,
      ),
    )
    .orderBy(asc(formSections.index));
  const fieldRows = await db
    .select()
    .from(formFields)
    .where(
      and(
        eq(formFields.formId, formId),
        isNull(formFields.deletedAt),
        onlySectionId ? eq(formFields.formSectionId, onlySectionId) : undefined,
      ),
    )
    .orderBy(asc(formFields.index));
  return sections.map((s) => ({
    ref: s.id,
    sectionName: s.sectionName,
    description: s.description,
    formSectionKey: s.formSectionKey,
    pointList: s.pointList,
    oid: s.oid,
    fields: fieldRows.filter((f) => f.formSectionId === s.id).map(fieldSnapshot),
  }));
}

export async function formSnapshot(db: Db, formId: string): Promise<FormSnapshot> {
  const [form] = await db.select().from(forms).where(eq(forms.id, formId));
  return {
    title: form!.title,
    formKey: form!.formKey,
    formTypeId: form!.formTypeId,
    isRequired: form!.isRequired,
    repeating: form!.repeating,
    employeeTypesList: form!.employeeTypesList,
    gender: form!.gender,
    oid: form!.oid,
    sections: await sectionSnapshots(db, formId),
  };
}

const CHUNK = 500;
async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Inserts sections (from `firstSectionIndex` on) with their fields into an existing form. Dependencies
 * between copied fields are re-pointed to the copies; a parent outside the copy is dropped. A context
 * form is kept only when `keepContext` (same research), otherwise dropped.
 */
export async function insertSections(
  tx: Db,
  target: { researchId: string; formId: string; firstSectionIndex: number },
  sections: SectionSnapshot[],
  opts: { keepContext: boolean },
): Promise<{ sectionIds: string[]; fieldCount: number; fieldIds: Map<string, string> }> {
  const now = new Date();
  const idOf = new Map<string, string>();
  for (const s of sections) for (const f of s.fields) idOf.set(f.ref, uuidv7());
  const sectionRows = sections.map((s, i) => ({
    id: uuidv7(),
    researchId: target.researchId,
    formId: target.formId,
    sectionName: s.sectionName,
    description: s.description,
    formSectionKey: s.formSectionKey,
    pointList: s.pointList,
    oid: s.oid ?? null,
    index: target.firstSectionIndex + i,
    updatedAt: now,
  }));
  if (sectionRows.length) await tx.insert(formSections).values(sectionRows);
  const fieldRows = sections.flatMap((s, si) =>
    s.fields.map((f, fi) =>
      fieldRowOf(f, {
        id: idOf.get(f.ref)!,
        researchId: target.researchId,
        formId: target.formId,
        formSectionId: sectionRows[si]!.id,
        index: fi,
        parentId: f.parentRef ? idOf.get(f.parentRef) : undefined,
        keepContext: opts.keepContext,
        now,
      }),
    ),
  );
  await insertChunked(fieldRows, (chunk) => tx.insert(formFields).values(chunk));
  return { sectionIds: sectionRows.map((s) => s.id), fieldCount: fieldRows.length, fieldIds: idOf };
}

/** A form_fields row from a snapshot field; a parent outside what is inserted is dropped. */
function fieldRowOf(
  f: FieldSnapshot,
  at: {
    id: string;
    researchId: string;
    formId: string;
    formSectionId: string;
    index: number;
    parentId: string | undefined;
    keepContext: boolean;
    now: Date;
  },
) {
  const parent = at.parentId;
  const context = at.keepContext && f.contextFormId ? { contextFormId: f.contextFormId, contextText: f.contextText } : null;
  return {
    id: at.id,
    researchId: at.researchId,
    formId: at.formId,
    formSectionId: at.formSectionId,
    ...carriedField(f),
    index: at.index,
    contextFormId: context?.contextFormId ?? null,
    contextText: context?.contextText ?? null,
    parentFormFieldId: parent ?? null,
    parentVisibleRule: parent ? f.parentVisibleRule : null,
    duration: f.duration,
    oid: f.oid ?? null,
    odmItem: f.odmItem ?? null,
    updatedAt: at.now,
  };
}

/**
 * Inserts fields at the end of an existing section (from `firstFieldIndex` on); a parent among them is re-pointed
 * to its copy, one in `knownIds` (ref → id of a field already there) kept, any other dropped.
 */
export async function insertSectionFields(
  tx: Db,
  target: { researchId: string; formId: string; formSectionId: string; firstFieldIndex: number },
  list: FieldSnapshot[],
  opts: { keepContext: boolean; knownIds?: Map<string, string> },
): Promise<Map<string, string>> {
  const now = new Date();
  const idOf = new Map<string, string>(list.map((f) => [f.ref, uuidv7()]));
  const rows = list.map((f, i) =>
    fieldRowOf(f, {
      id: idOf.get(f.ref)!,
      researchId: target.researchId,
      formId: target.formId,
      formSectionId: target.formSectionId,
      index: target.firstFieldIndex + i,
      parentId: f.parentRef ? (idOf.get(f.parentRef) ?? opts.knownIds?.get(f.parentRef)) : undefined,
      keepContext: opts.keepContext,
      now,
    }),
  );
  await insertChunked(rows, (chunk) => tx.insert(formFields).values(chunk));
  return idOf;
}

/** Inserts a whole form from a snapshot at `index` of a visit (the caller holds the visit's order). */
export async function insertForm(
  tx: Db,
  target: { researchId: string; visitId: string; index: number; title?: string; complete?: boolean },
  snapshot: FormSnapshot,
  opts: { keepContext: boolean },
) {
  const [form] = await tx
    .insert(forms)
    .values({
      researchId: target.researchId,
      visitId: target.visitId,
      formTypeId: snapshot.formTypeId,
      title: target.title ?? snapshot.title,
      formKey: snapshot.formKey,
      isRequired: snapshot.isRequired,
      repeating: snapshot.repeating,
      complete: target.complete ?? false,
      index: target.index,
      employeeTypesList: snapshot.employeeTypesList,
      gender: snapshot.gender,
      oid: snapshot.oid ?? null,
      updatedAt: new Date(),
    })
    .returning();
  const inserted = await insertSections(
    tx,
    { researchId: target.researchId, formId: form!.id, firstSectionIndex: 0 },
    snapshot.sections,
    opts,
  );
  return { form: form!, ...inserted };
}
