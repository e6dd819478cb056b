import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { formatVersionIndex, type FieldType } from '@edc/domain';
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
import type { ResearchRow } from '../../design/shared/research.js';
import { lastVersionOf } from '../../design/shared/versions.js';
import type { OdmExportData } from '../../design/odm/odm-export.js';
import { oidsOfDesign } from '../../design/odm/odm-oids.js';

/**
 * The design an export names its data by (docs/data-exchange.md "Exports"): the research's live visits,
 * forms, sections and form fields with the OIDs the design's ODM export gives them. The OIDs come from
 * `oidsOfDesign` over the research's latest version's design, in the order the design export reads it, with
 * the research's other live visits and forms after it: the version's items get exactly the OIDs of that
 * version's ODM file (an OID made unique by a suffix depends on what came before it), and data entered
 * against visits or forms outside the version still gets an OID.
 */

export interface DesignVisit {
  id: string;
  oid: string;
  title: string;
  repeating: boolean;
  position: number;
}

export interface DesignField {
  id: string;
  sectionId: string;
  itemOid: string;
  /** Order within its form (section order, then field order). */
  position: number;
  fieldType: FieldType;
  /** The question as designed (the form field's text). */
  text: string;
  /** The field definition's key and the form field's annotation key, for column names. */
  fieldKey: string;
  annotationKey: string | null;
  unit: string | null;
  options: string[];
}

export interface DesignSection {
  id: string;
  oid: string;
}

export interface DesignForm {
  id: string;
  visitId: string;
  oid: string;
  title: string;
  repeating: boolean;
  position: number;
  sections: DesignSection[];
  fields: DesignField[];
}

export interface ExportDesign {
  research: ResearchRow;
  studyOid: string;
  mdvOid: string;
  /** The latest version's start, the date its metadata holds from (ODM Location's MetaDataVersionRef). */
  effectiveDate: string | null;
  visits: Map<string, DesignVisit>;
  /** Every live form, in design order. */
  forms: DesignForm[];
  formById: Map<string, DesignForm>;
}

/** Rows of `rows` whose ids are in `first`, in that order, then the others in their own order. */
function firstThen<T extends { id: string }>(rows: T[], first: string[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const head = first.map((id) => byId.get(id)).filter((r): r is T => !!r);
  const taken = new Set(head.map((r) => r.id));
  return [...head, ...rows.filter((r) => !taken.has(r.id))];
}

export async function loadExportDesign(db: Db, research: ResearchRow): Promise<ExportDesign> {
  const version = await lastVersionOf(db, research.id);
  const allVisits = await db
    .select()
    .from(visits)
    .where(and(eq(visits.researchId, research.id), isNull(visits.deletedAt)))
    .orderBy(asc(visits.index), asc(visits.id));
  const inVersion = version
    ? await db
        .select({ visitId: visitResearchVersions.visitId })
        .from(visitResearchVersions)
        .where(eq(visitResearchVersions.researchVersionId, version.id))
    : [];
  const versionVisitIds = new Set(inVersion.map((r) => r.visitId));
  const visitRows = firstThen(
    allVisits,
    allVisits.filter((v) => versionVisitIds.has(v.id)).map((v) => v.id),
  );
  const visitPos = new Map(visitRows.map((v, i) => [v.id, i]));

  const allForms = (
    await db
      .select()
      .from(forms)
      .where(and(eq(forms.researchId, research.id), isNull(forms.deletedAt)))
      .orderBy(asc(forms.index), asc(forms.id))
  ).filter((f) => visitPos.has(f.visitId));
  const formsInVersion = version
    ? new Set(
        (
          await db
            .select({ formId: formResearchVersions.formId })
            .from(formResearchVersions)
            .where(eq(formResearchVersions.researchVersionId, version.id))
        ).map((r) => r.formId),
      )
    : new Set<string>();
  // The design export's order: the version's forms (of its visits) by visit, then index; the others after.
  const byVisit = (a: (typeof allForms)[number], b: (typeof allForms)[number]) =>
    visitPos.get(a.visitId)! - visitPos.get(b.visitId)! || a.index - b.index;
  const versionForms = allForms.filter((f) => formsInVersion.has(f.id) && versionVisitIds.has(f.visitId)).sort(byVisit);
  const formRows = firstThen(
    [...allForms].sort(byVisit),
    versionForms.map((f) => f.id),
  );
  const formPos = new Map(formRows.map((f, i) => [f.id, i]));
  const formIds = formRows.map((f) => f.id);

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

  const data = {
    research,
    // oidsOfDesign reads no version; the export's MetaDataVersionOID is made below.
    version: version ?? null,
    visits: visitRows,
    forms: formRows,
    sections: sectionRows,
    formFields: fieldRows,
    fields: new Map(defs.map((d) => [d.id, d])),
    formTypes: new Map(types.map((t) => [t.id, t])),
  } as OdmExportData;
  const oids = oidsOfDesign(data);

  const designForms = formRows.map<DesignForm>((f, i) => ({
    id: f.id,
    visitId: f.visitId,
    oid: oids.formOid.get(f.id)!,
    title: f.title,
    repeating: f.repeating,
    position: i,
    sections: [],
    fields: [],
  }));
  const formById = new Map(designForms.map((f) => [f.id, f]));
  for (const s of sectionRows) formById.get(s.formId)!.sections.push({ id: s.id, oid: oids.sectionOid.get(s.id)! });
  for (const ff of fieldRows) {
    const def = data.fields.get(ff.fieldId)!;
    const form = formById.get(ff.formId)!;
    const field: DesignField = {
      id: ff.id,
      sectionId: ff.formSectionId,
      itemOid: oids.itemOid.get(ff.id)!,
      position: form.fields.length,
      fieldType: def.fieldType as FieldType,
      text: ff.text,
      fieldKey: def.fieldKey,
      annotationKey: ff.annotationKey,
      unit: oids.unitOf(ff),
      options: def.fieldType === 'Select' ? def.optionList : [],
    };
    form.fields.push(field);
  }
  return {
    research,
    studyOid: oids.studyOid,
    mdvOid: mdvOidOf(oids, version),
    effectiveDate: version?.startedDate ?? null,
    visits: new Map(
      visitRows.map((v) => [
        v.id,
        { id: v.id, oid: oids.visitOid.get(v.id)!, title: v.title, repeating: v.repeating, position: visitPos.get(v.id)! },
      ]),
    ),
    forms: designForms,
    formById,
  };
}

/**
 * The MetaDataVersion OID the design export gives the latest version: oidsOfDesign's when it makes one (a
 * version imported from ODM keeps its own), else `MDV.<version index>`; `MDV.0.0` while the research has no
 * version (ClinicalData must name one).
 */
function mdvOidOf(oids: ReturnType<typeof oidsOfDesign>, version: { majorIndex: number; minorIndex: number } | undefined) {
  const made = (oids as { mdvOid?: string | null }).mdvOid;
  return made || `MDV.${version ? formatVersionIndex(version) : '0.0'}`;
}

/** The forms an export covers: every live form, narrowed to the requested forms and to the requested visits' forms. */
export function coveredForms(design: ExportDesign, formIds?: string[], visitIds?: string[]): DesignForm[] {
  const f = formIds?.length ? new Set(formIds) : null;
  const v = visitIds?.length ? new Set(visitIds) : null;
  return design.forms.filter((form) => (!f || f.has(form.id)) && (!v || v.has(form.visitId)));
}
