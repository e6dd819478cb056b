import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import {
  fields,
  formFields,
  formResearchVersions,
  forms,
  formSections,
  protocolVersions,
  researches,
  researchVersions,
  visitResearchVersions,
  visits,
} from '../../../platform/db/schema/index.js';

export interface TemplateField {
  label: string;
  type: string;
  units: string | null;
  required: boolean;
  options: string[];
}
export interface TemplateForm {
  title: string;
  sections: { name: string; fields: TemplateField[] }[];
}
export interface ResearchTemplate {
  researchTitle: string;
  version: string;
  protocolVersion: string | null;
  visits: { title: string; forms: TemplateForm[] }[];
}

/**
 * Reads the design of the chosen visits as the research version has them (docs/documents.md "Research
 * template"): the version's visits in their order, each with the version's forms, their sections and shown
 * fields in order, each field with its label, type, units and answer options.
 */
export async function readResearchTemplate(
  db: Db,
  versionId: string,
  visitIds: string[],
  protocolVersionId: string | null,
): Promise<ResearchTemplate> {
  const [version] = await db.select().from(researchVersions).where(eq(researchVersions.id, versionId));
  const [research] = await db
    .select({ protocol: researches.grlsProtocolNumber })
    .from(researches)
    .where(eq(researches.id, version!.researchId));
  const [protocol] = protocolVersionId
    ? await db.select().from(protocolVersions).where(eq(protocolVersions.id, protocolVersionId))
    : [];
  const visitRows = await db
    .select({ id: visits.id, title: visits.title })
    .from(visitResearchVersions)
    .innerJoin(visits, eq(visits.id, visitResearchVersions.visitId))
    .where(and(eq(visitResearchVersions.researchVersionId, versionId), inArray(visits.id, visitIds), isNull(visits.deletedAt)))
    .orderBy(asc(visits.index));
  const formRows = visitRows.length
    ? await db
        .select({ id: forms.id, visitId: forms.visitId, title: forms.title })
        .from(formResearchVersions)
        .innerJoin(forms, eq(forms.id, formResearchVersions.formId))
        .where(
          and(
            eq(formResearchVersions.researchVersionId, versionId),
            inArray(
              forms.visitId,
              visitRows.map((v) => v.id),
            ),
            isNull(forms.deletedAt),
          ),
        )
        .orderBy(asc(forms.index))
    : [];
  const formIds = formRows.map((f) => f.id);
  const sectionRows = formIds.length
    ? await db
        .select({ id: formSections.id, formId: formSections.formId, name: formSections.sectionName })
        .from(formSections)
        .where(and(inArray(formSections.formId, formIds), isNull(formSections.deletedAt)))
        .orderBy(asc(formSections.index))
    : [];
  const fieldRows = formIds.length
    ? await db
        .select({
          sectionId: formFields.formSectionId,
          text: formFields.text,
          required: formFields.isRequired,
          units: formFields.units,
          fieldUnits: fields.units,
          type: fields.fieldType,
          options: fields.optionList,
        })
        .from(formFields)
        .innerJoin(fields, eq(fields.id, formFields.fieldId))
        .where(and(inArray(formFields.formId, formIds), isNull(formFields.deletedAt), eq(formFields.isHidden, false)))
        .orderBy(asc(formFields.index))
    : [];
  const sectionsOf = (formId: string) =>
    sectionRows
      .filter((s) => s.formId === formId)
      .map((s) => ({
        name: s.name,
        fields: fieldRows
          .filter((f) => f.sectionId === s.id)
          .map((f) => ({
            label: f.text,
            type: f.type,
            units: f.units ?? f.fieldUnits,
            required: f.required,
            options: f.options.filter(Boolean),
          })),
      }));
  return {
    researchTitle: research?.protocol ?? '',
    version: `${version!.majorIndex}.${version!.minorIndex}`,
    protocolVersion: protocol ? `${protocol.protocolVersionNumber} (${protocol.protocolVersionDate})` : null,
    visits: visitRows.map((v) => ({
      title: v.title,
      forms: formRows.filter((f) => f.visitId === v.id).map((f) => ({ title: f.title, sections: sectionsOf(f.id) })),
    })),
  };
}
