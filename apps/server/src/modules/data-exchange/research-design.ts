import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  fields,
  formFields,
  formResearchVersions,
  forms,
  formSections,
  formTypes,
  visitResearchVersions,
  visits,
} from '../../platform/db/schema/index.js';
import { loadTimePoints, type OdmExportData } from '../design/odm/odm-export.js';
import type { ResearchRow } from '../design/shared/research.js';
import { lastVersionOf, type ResearchVersionRow } from '../design/shared/versions.js';

/** Rows whose ids are in `first`, in their own order, then the others in their own order. */
function firstThen<T extends { id: string }>(rows: T[], first: ReadonlySet<string>): T[] {
  return [...rows.filter((r) => first.has(r.id)), ...rows.filter((r) => !first.has(r.id))];
}

/**
 * The research's live design, shaped as the ODM export's data, for naming clinical data by OID: the latest
 * version's visits and forms in the design export's order (by visit, then index), then the research's other
 * live visits and forms. The clinical data export and import both read it, so they give every visit, form
 * and field the same OID (`oidsOfDesign`: an OID made unique by a suffix depends on what came before it), and
 * the version's items exactly the OIDs of its design ODM file. `version` is the latest one, or null.
 */
export async function loadResearchDesign(
  db: Db,
  research: ResearchRow,
): Promise<{ data: OdmExportData; version: ResearchVersionRow | null }> {
  const version = (await lastVersionOf(db, research.id)) ?? null;
  const allVisits = await db
    .select()
    .from(visits)
    .where(and(eq(visits.researchId, research.id), isNull(visits.deletedAt)))
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
  const allForms = (
    await db
      .select()
      .from(forms)
      .where(and(eq(forms.researchId, research.id), isNull(forms.deletedAt)))
      .orderBy(asc(forms.index), asc(forms.id))
  )
    .filter((f) => visitPos.has(f.visitId))
    .sort((a, b) => visitPos.get(a.visitId)! - visitPos.get(b.visitId)! || a.index - b.index);
  const versionForms = new Set(
    version
      ? (
          await db
            .select({ id: formResearchVersions.formId })
            .from(formResearchVersions)
            .where(eq(formResearchVersions.researchVersionId, version.id))
        ).map((r) => r.id)
      : [],
  );
  const formRows = firstThen(
    allForms,
    new Set(allForms.filter((f) => versionVisits.has(f.visitId) && versionForms.has(f.id)).map((f) => f.id)),
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
        .filter((ff) => sectionPos.has(ff.formSectionId))
        .sort((a, b) => sectionPos.get(a.formSectionId)! - sectionPos.get(b.formSectionId)! || a.index - b.index)
    : [];
  const defIds = [...new Set(fieldRows.map((f) => f.fieldId))];
  const defs = defIds.length ? await db.select().from(fields).where(inArray(fields.id, defIds)) : [];
  const typeIds = [...new Set(formRows.map((f) => f.formTypeId))];
  const types = typeIds.length ? await db.select().from(formTypes).where(inArray(formTypes.id, typeIds)) : [];
  const data: OdmExportData = {
    research,
    // Only the Study and MetaDataVersion OIDs come from the version (oidsOfDesign copes without one).
    version: version ?? ({} as ResearchVersionRow),
    visits: visitRows,
    forms: formRows,
    sections: sectionRows,
    formFields: fieldRows,
    fields: new Map(defs.map((d) => [d.id, d])),
    formTypes: new Map(types.map((t) => [t.id, t])),
    // Part of what tells whether two form fields share one ItemDef (odm-shared-defs.ts), as in the design export.
    timePoints: await loadTimePoints(
      db,
      fieldRows.map((f) => f.id),
    ),
  };
  return { data, version };
}
