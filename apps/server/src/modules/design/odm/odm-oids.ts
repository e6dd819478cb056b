import { formatVersionIndex } from '@edc/domain';
import type { OdmExportData } from './odm-export.js';
import { oidKey, OidRegistry, stableJson, usableOid } from './odm-common.js';
import { sharedDefinitions } from './odm-shared-defs.js';

type FormFieldRow = OdmExportData['formFields'][number];

/**
 * The OIDs of a design, as its ODM export names them: study, measurement units, visits (SE), forms (F),
 * sections (IG), form fields (IT), code lists (CL, one per select field definition) and dependent fields'
 * conditions (COND). The metadata export, the clinical data export and the clinical data import all use
 * this one function, so a value exported with ClinicalData names the same ItemOID as the design's ItemDef
 * and an import of that file finds its way back. `registry` makes the document's further OIDs (rules).
 *
 * An entity imported from ODM keeps the OID of its element (the `oid` columns; units in `odm_item`, code lists
 * in `odm_code_list`), so that export → import → export gives the same OIDs and a re-import adds no prefix.
 * The forms one FormDef became in several events, and the sections and form fields one ItemGroupDef or ItemDef
 * became in several forms, name that one element again while they still say the same (odm-shared-defs.ts); so
 * do the field definitions one CodeList became, with the same options still. Otherwise every visit, form,
 * section and form field has an OID of its own, unique within the document: when two carry the same stored OID
 * but differ (a form copied within a version and changed since), the first in document order keeps it and the
 * others get it with a number (`F.AE.2`), which their next import stores in turn. What has no stored OID gets one generated from its keys (`SE.<visitKey>`,
 * `F.<formKey>`, `IG.<form>.<sectionKey>`, `IT.<form>.<fieldKey>`, `CL.<fieldKey>`), unique within the file.
 * `data.version` may be missing (the clinical data exchange reads designs without one).
 */
export function oidsOfDesign(data: OdmExportData) {
  const registry = new OidRegistry();
  const version = data.version as Partial<OdmExportData['version']> | null | undefined;
  // Stored OIDs are claimed before any is generated, so that a generated one never takes a stored one's place.
  const study = version?.studyOid;
  const studyOid =
    usableOid(study) && registry.claim(study)
      ? study
      : registry.make('STUDY', data.research.researchKey || data.research.grlsProtocolNumber);
  const mdvOid = usableOid(version?.mdvOid)
    ? version.mdvOid
    : typeof version?.majorIndex === 'number' && typeof version.minorIndex === 'number'
      ? `MDV.${formatVersionIndex({ majorIndex: version.majorIndex, minorIndex: version.minorIndex })}`
      : null;

  // Units: form field units override the definition's; a field keeps the further units its ItemDef had.
  const unitOf = (ff: FormFieldRow) => ff.units || data.fields.get(ff.fieldId)?.units || null;
  /** The stored MeasurementUnitRefs, while the first is still the field's unit. */
  const storedUnits = (ff: FormFieldRow) => {
    const stored = Array.isArray(ff.odmItem?.units)
      ? ff.odmItem.units.filter((u) => typeof u?.symbol === 'string' && u.symbol)
      : [];
    return stored.length && stored[0]!.symbol === unitOf(ff) ? stored : [];
  };
  /** Every unit of a form field, its own first. */
  const unitsOf = (ff: FormFieldRow): string[] => {
    const unit = unitOf(ff);
    return unit ? [...new Set([unit, ...storedUnits(ff).map((u) => u.symbol)])] : [];
  };
  const unitCandidate = new Map<string, string | null>();
  for (const ff of data.formFields) {
    const stored = storedUnits(ff);
    for (const symbol of unitsOf(ff)) {
      const oid = stored.find((u) => u.symbol === symbol)?.oid;
      if (!unitCandidate.get(symbol)) unitCandidate.set(symbol, usableOid(oid) ? oid : null);
    }
  }
  const unitClaimed = new Map<string, string>();
  for (const [symbol, oid] of unitCandidate) if (oid && registry.claim(oid)) unitClaimed.set(symbol, oid);

  /** Entity id → its stored OID, when it is the first to claim it; the others are numbered below. */
  const claimed = new Map<string, string>();
  const clashed = new Map<string, string>();
  const claimAll = (rows: { id: string; oid: string | null }[]) => {
    for (const row of rows) {
      if (!usableOid(row.oid)) continue;
      if (registry.claim(row.oid)) claimed.set(row.id, row.oid);
      else clashed.set(row.id, row.oid);
    }
  };
  // A form, section or form field that shares its leader's Def (odm-shared-defs.ts) claims nothing of its own.
  const leader = sharedDefinitions(data);
  const leads = (row: { id: string }) => (leader.get(row.id) ?? row.id) === row.id;
  claimAll(data.visits);
  claimAll(data.forms.filter(leads));
  claimAll(data.sections.filter(leads));
  claimAll(data.formFields.filter(leads));

  // Code lists: one per select field definition, but the definitions one CodeList became share it while their
  // options and its settings are the same.
  const selectDefs: string[] = [];
  for (const ff of data.formFields) {
    const def = data.fields.get(ff.fieldId);
    if (def?.fieldType === 'Select' && def.optionList.length && !selectDefs.includes(def.id)) selectDefs.push(def.id);
  }
  const codeListOwner = new Map<string, string>();
  const codeListClaimed = new Map<string, string>();
  for (const defId of selectDefs) {
    const def = data.fields.get(defId)!;
    const source = def.odmCodeList;
    if (!source || !usableOid(source.oid)) continue;
    const signature = stableJson([source, source.name ? null : def.title, def.optionList, def.defaultOption]);
    const owner = codeListOwner.get(source.oid);
    if (owner === signature || (owner === undefined && registry.claim(source.oid))) {
      codeListOwner.set(source.oid, signature);
      codeListClaimed.set(defId, source.oid);
    }
  }

  // Then the rest, in document order: a clashing stored OID numbered, the others generated from their keys.
  const unitOids = new Map<string, string>();
  let unitNumber = 0;
  for (const symbol of unitCandidate.keys()) {
    let oid = unitClaimed.get(symbol);
    while (!oid) {
      const next = `MU.${++unitNumber}`;
      if (registry.claim(next)) oid = next;
    }
    unitOids.set(symbol, oid);
  }
  const numbered = (oid: string) => {
    for (let n = 2; ; n++) if (registry.claim(`${oid}.${n}`)) return `${oid}.${n}`;
  };
  const oidOf = (id: string, generate: () => string) => {
    const first = leader.get(id);
    if (first && first !== id) return shared.get(first)!;
    const stored = claimed.get(id);
    if (stored) return stored;
    const clash = clashed.get(id);
    return clash ? numbered(clash) : generate();
  };
  /** The OIDs given so far, which the rows sharing a leader's Def take (leaders come first in document order). */
  const shared = new Map<string, string>();
  const give = <T extends { id: string }>(rows: T[], generate: (row: T) => string) => {
    const oids = new Map<string, string>();
    for (const row of rows) {
      const oid = oidOf(row.id, () => generate(row));
      shared.set(row.id, oid);
      oids.set(row.id, oid);
    }
    return oids;
  };
  const visitOid = give(data.visits, (v) => registry.make('SE', v.visitKey));
  const formOid = give(data.forms, (f) =>
    registry.make('F', f.formKey || data.formTypes.get(f.formTypeId)?.formTypeKey || f.title),
  );
  const formPart = (formId: string) => oidKey(formOid.get(formId)!, 'F');
  const sectionOid = give(data.sections, (s) => registry.make('IG', `${formPart(s.formId)}.${s.formSectionKey || s.index + 1}`));
  const itemOid = give(data.formFields, (ff) =>
    registry.make('IT', `${formPart(ff.formId)}.${data.fields.get(ff.fieldId)?.fieldKey ?? 'ITEM'}`),
  );
  const codeListOid = new Map<string, string>();
  for (const defId of selectDefs)
    codeListOid.set(defId, codeListClaimed.get(defId) ?? registry.make('CL', data.fields.get(defId)!.fieldKey));
  const fieldIds = new Set(data.formFields.map((ff) => ff.id));
  const conditionOid = new Map<string, string>();
  for (const ff of data.formFields) {
    if (!ff.parentFormFieldId || !fieldIds.has(ff.parentFormFieldId)) continue;
    const first = leader.get(ff.id) ?? ff.id;
    conditionOid.set(ff.id, conditionOid.get(first) ?? registry.make('COND', oidKey(itemOid.get(ff.id)!, 'IT')));
  }
  return {
    registry,
    studyOid,
    /** The MetaDataVersion's: the stored one, else `MDV.<index>`; null without a version. */
    mdvOid,
    unitOf,
    unitsOf,
    unitOids,
    visitOid,
    formOid,
    sectionOid,
    itemOid,
    codeListOid,
    conditionOid,
    /** False for a form, section or form field whose FormDef, ItemGroupDef or ItemDef another one writes. */
    writesDef: (id: string) => (leader.get(id) ?? id) === id,
  };
}

export type DesignOids = ReturnType<typeof oidsOfDesign>;
