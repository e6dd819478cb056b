import type { OdmExportData } from './odm-export.js';
import { OidRegistry } from './odm-common.js';

type FormFieldRow = OdmExportData['formFields'][number];

/**
 * The OIDs of a design, as its ODM export names them: study, measurement units, visits (SE), forms (F),
 * sections (IG), form fields (IT), code lists (CL, one per select field definition) and dependent fields'
 * conditions (COND). The metadata export, the clinical data export and the clinical data import all use
 * this one function, so a value exported with ClinicalData names the same ItemOID as the design's ItemDef
 * and an import of that file finds its way back. `registry` makes the document's further OIDs (rules).
 */
export function oidsOfDesign(data: OdmExportData) {
  const registry = new OidRegistry();
  const studyOid = registry.make('STUDY', data.research.researchKey || data.research.grlsProtocolNumber);
  // Units: form field units override the definition's.
  const unitOf = (ff: FormFieldRow) => ff.units || data.fields.get(ff.fieldId)?.units || null;
  const unitOids = new Map<string, string>();
  for (const ff of data.formFields) {
    const u = unitOf(ff);
    if (u && !unitOids.has(u)) unitOids.set(u, registry.make('MU', String(unitOids.size + 1)));
  }
  const visitOid = new Map(data.visits.map((v) => [v.id, registry.make('SE', v.visitKey)]));
  const formOid = new Map(
    data.forms.map((f) => [f.id, registry.make('F', f.formKey || data.formTypes.get(f.formTypeId)?.formTypeKey || f.title)]),
  );
  const sectionOid = new Map(
    data.sections.map((s) => [
      s.id,
      registry.make('IG', `${formOid.get(s.formId)!.slice(2)}.${s.formSectionKey || s.index + 1}`),
    ]),
  );
  const itemOid = new Map(
    data.formFields.map((ff) => [
      ff.id,
      registry.make('IT', `${formOid.get(ff.formId)!.slice(2)}.${data.fields.get(ff.fieldId)?.fieldKey ?? 'ITEM'}`),
    ]),
  );
  const codeListOid = new Map<string, string>();
  for (const ff of data.formFields) {
    const def = data.fields.get(ff.fieldId)!;
    if (def.fieldType === 'Select' && def.optionList.length && !codeListOid.has(def.id))
      codeListOid.set(def.id, registry.make('CL', def.fieldKey));
  }
  const fieldIds = new Set(data.formFields.map((ff) => ff.id));
  const conditionOid = new Map<string, string>();
  for (const ff of data.formFields) {
    if (ff.parentFormFieldId && fieldIds.has(ff.parentFormFieldId))
      conditionOid.set(ff.id, registry.make('COND', itemOid.get(ff.id)!.slice(3)));
  }
  return { registry, studyOid, unitOf, unitOids, visitOid, formOid, sectionOid, itemOid, codeListOid, conditionOid };
}

export type DesignOids = ReturnType<typeof oidsOfDesign>;
