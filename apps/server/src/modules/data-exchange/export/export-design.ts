import { formatVersionIndex, type FieldType } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import type { ResearchRow } from '../../design/shared/research.js';
import { oidsOfDesign } from '../../design/odm/odm-oids.js';
import { loadResearchDesign } from '../research-design.js';

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

export async function loadExportDesign(db: Db, research: ResearchRow): Promise<ExportDesign> {
  const { data, version } = await loadResearchDesign(db, research);
  const { visits: visitRows, forms: formRows, sections: sectionRows, formFields: fieldRows } = data;
  const visitPos = new Map(visitRows.map((v, i) => [v.id, i]));
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
    mdvOid: mdvOidOf(oids, version ?? undefined),
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
