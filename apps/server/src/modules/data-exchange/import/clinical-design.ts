import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import {
  fields,
  formFields,
  formResearchVersions,
  forms,
  formSections,
  formTypes,
  visitResearchVersions,
  visits,
} from '../../../platform/db/schema/index.js';
import { notFound } from '../../../platform/http/errors.js';
import { findResearch } from '../../researches/researches.queries.js';
import type { OdmExportData } from '../../design/odm/odm-export.js';
import { oidsOfDesign } from '../../design/odm/odm-oids.js';
import { lastVersionOf, type ResearchVersionRow } from '../../design/shared/versions.js';

type VisitRow = typeof visits.$inferSelect;
type FormRow = typeof forms.$inferSelect;
type FormFieldRow = typeof formFields.$inferSelect;
type FieldRow = typeof fields.$inferSelect;

/** A form field as the import reaches it by its ItemOID. */
export interface DesignItem {
  formField: FormFieldRow;
  field: FieldRow;
  /** Its place in the design (visits, forms, sections, fields in order): values are saved in this order... */
  order: number;
  /** ...after their parents' (0 for a field with no parent field), so a child shown by its parent's value takes one. */
  depth: number;
}

/**
 * The research's design by OID, as the design and clinical data exports name it (odm-oids.ts). A visit's OID
 * is unique; a form's only among its visit's forms and a form field's among its form's (a design imported
 * from ODM keeps one FormDef's OID for the forms it became in several visits, and one ItemDef's for its
 * fields), so forms and items are looked up within their visit and form.
 */
export interface ImportDesign {
  visitByOid: Map<string, VisitRow>;
  formsByOid: Map<string, FormRow[]>;
  itemsByOid: Map<string, DesignItem[]>;
}

/** Rows whose ids are in `first`, in that order, then the others in their own order. */
function firstThen<T extends { id: string }>(rows: T[], first: Set<string>): T[] {
  return [...rows.filter((r) => first.has(r.id)), ...rows.filter((r) => !first.has(r.id))];
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The research's live design, shaped as the ODM export's data and in the clinical data export's order
 * (data-exchange/export): the latest version's visits and forms in the design export's order, then the
 * research's other live visits and forms. The version's items so get exactly the OIDs of its design ODM
 * file (an OID made unique by a suffix depends on what came before it), and a subject's visit of another
 * version, or a form tied to no version, still gets the OID the clinical data export wrote for it.
 */
export async function loadImportDesign(db: Db, researchId: string): Promise<ImportDesign> {
  const research = await findResearch(db, researchId);
  if (!research) throw notFound('researchId');
  const version = await lastVersionOf(db, researchId);
  const allVisits = await db
    .select()
    .from(visits)
    .where(and(eq(visits.researchId, researchId), isNull(visits.deletedAt)))
    .orderBy(asc(visits.index), asc(visits.id));
  const versionVisits = new Set(
    version
      ? (
          await db
            .select({ id: visitResearchVersions.visitId })
            .from(visitResearchVersions)
            .where(eq(visitResearchVersions.researchVersionId, version.id))
        ).map((r) => r.id)
      : [],
  );
  const visitRows = firstThen(allVisits, versionVisits);
  const visitPos = new Map(visitRows.map((v, i) => [v.id, i]));
  const byVisit = (a: FormRow, b: FormRow) => visitPos.get(a.visitId)! - visitPos.get(b.visitId)! || a.index - b.index;
  const allForms = (
    await db
      .select()
      .from(forms)
      .where(and(eq(forms.researchId, researchId), isNull(forms.deletedAt)))
      .orderBy(asc(forms.index), asc(forms.id))
  )
    .filter((f) => visitPos.has(f.visitId))
    .sort(byVisit);
  const versionForms = version
    ? (
        await db
          .select({ id: formResearchVersions.formId })
          .from(formResearchVersions)
          .where(eq(formResearchVersions.researchVersionId, version.id))
      ).map((r) => r.id)
    : [];
  const formRows = firstThen(
    allForms,
    new Set(allForms.filter((f) => versionVisits.has(f.visitId) && versionForms.includes(f.id)).map((f) => f.id)),
  );
  const formPos = new Map(formRows.map((f, i) => [f.id, i]));
  const formIds = [...formPos.keys()];
  const sectionRows = formIds.length
    ? (
        await db
          .select()
          .from(formSections)
          .where(and(inArray(formSections.formId, formIds), isNull(formSections.deletedAt)))
          .orderBy(asc(formSections.index), asc(formSections.id))
      ).sort((a, b) => formPos.get(a.formId)! - formPos.get(b.formId)! || a.index - b.index)
    : [];
  const sectionPos = new Map(sectionRows.map((s, i) => [s.id, i]));
  const fieldRows = formIds.length
    ? (
        await db
          .select()
          .from(formFields)
          .where(and(inArray(formFields.formId, formIds), isNull(formFields.deletedAt)))
          .orderBy(asc(formFields.index), asc(formFields.id))
      )
        .filter((f) => sectionPos.has(f.formSectionId))
        .sort((a, b) => sectionPos.get(a.formSectionId)! - sectionPos.get(b.formSectionId)! || a.index - b.index)
    : [];
  const defIds = [...new Set(fieldRows.map((f) => f.fieldId))];
  const defs = defIds.length ? await db.select().from(fields).where(inArray(fields.id, defIds)) : [];
  const typeIds = [...new Set(formRows.map((f) => f.formTypeId))];
  const types = typeIds.length ? await db.select().from(formTypes).where(inArray(formTypes.id, typeIds)) : [];
  const data: OdmExportData = {
    research,
    // Only the Study and MetaDataVersion OIDs come from the version; a research without one imports all the same.
    version: version ?? ({} as ResearchVersionRow),
    visits: visitRows,
    forms: formRows,
    sections: sectionRows,
    formFields: fieldRows,
    fields: new Map(defs.map((d) => [d.id, d])),
    formTypes: new Map(types.map((t) => [t.id, t])),
  };
  const oids = oidsOfDesign(data);

  const byId = new Map(fieldRows.map((f) => [f.id, f]));
  const depthOf = (ff: FormFieldRow): number => {
    let depth = 0;
    // Bounded by the design's size: a cycle the design should never hold cannot loop forever.
    for (let p = ff.parentFormFieldId; p && byId.has(p) && depth < fieldRows.length; p = byId.get(p)!.parentFormFieldId) depth++;
    return depth;
  };
  const formsByOid = new Map<string, FormRow[]>();
  for (const f of formRows) push(formsByOid, oids.formOid.get(f.id)!, f);
  const itemsByOid = new Map<string, DesignItem[]>();
  fieldRows.forEach((ff, order) => {
    push(itemsByOid, oids.itemOid.get(ff.id)!, { formField: ff, field: data.fields.get(ff.fieldId)!, order, depth: depthOf(ff) });
  });
  return {
    visitByOid: new Map(visitRows.map((v) => [oids.visitOid.get(v.id)!, v])),
    formsByOid,
    itemsByOid,
  };
}
