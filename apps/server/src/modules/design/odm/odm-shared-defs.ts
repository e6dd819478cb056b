import type { OdmExportData } from './odm-export.js';
import { stableJson, usableOid } from './odm-common.js';

type FormFieldRow = OdmExportData['formFields'][number];

/** What is not part of an element's definition: ids, places, stamps and what its reference (not its Def) says. */
const NOT_DEFINITION = new Set([
  'id',
  'researchId',
  'visitId',
  'formId',
  'formSectionId',
  'formTypeId',
  'fieldId',
  'parentFormFieldId',
  'contextFormId',
  'index',
  'isRequired',
  'complete',
  'rulesStamp',
  'createdAt',
  'updatedAt',
  'deletedAt',
]);

const definition = (row: object) => Object.fromEntries(Object.entries(row).filter(([k]) => !NOT_DEFINITION.has(k)));

/**
 * Which forms, sections and form fields share one FormDef, ItemGroupDef and ItemDef (docs/design-api.md "ODM").
 * A design imported from ODM makes one form per event that refers to a FormDef, and one section and form field
 * per form that refers to an ItemGroupDef or ItemDef, each keeping the element's OID. They are written back as
 * the one element they came from while they still say the same: the same stored OID and the same definition
 * (everything the Def carries, their fields' or sections' shared elements in the same order, a dependent field's
 * parent and a time point's deviations alike). One that has changed since gets an OID of its own.
 *
 * The result maps each form, section and form field to its group's leader (the first in document order, which
 * writes the Def; itself when it shares with none). Only stored OIDs are shared: a design built here names
 * every form of every visit on its own. Rules are not part of the definition: they travel in their own
 * ConditionDefs and MethodDefs, which name the placements they are on (odm-export.ts).
 */
export function sharedDefinitions(data: OdmExportData): Map<string, string> {
  const leader = new Map<string, string>();
  const fieldById = new Map(data.formFields.map((ff) => [ff.id, ff]));
  const pointOf = new Map((data.timePoints ?? []).map((p) => [p.formFieldId, p]));

  /** A form field's own definition: its row, its field definition's and its time point's. */
  const own = (ff: FormFieldRow) => {
    const def = data.fields.get(ff.fieldId);
    const point = pointOf.get(ff.id);
    return {
      ff: definition(ff),
      def: def ? definition(def) : null,
      point: point
        ? {
            duration: point.duration,
            description: point.description,
            start: point.isVisitStartPoint,
            // A deviation names its start point's item: the same item, as far as one can tell without recursion.
            deviations: point.deviations.map((d) => {
              const from = fieldById.get(d.startFormFieldId);
              return [from ? [from.oid, definition(from)] : null, d.deviation, d.deviationPlus, d.deviationMinus];
            }),
          }
        : null,
    };
  };
  const itemKey = new Map<string, string>();
  for (const ff of data.formFields) {
    const parent = ff.parentFormFieldId ? fieldById.get(ff.parentFormFieldId) : undefined;
    itemKey.set(ff.id, stableJson([own(ff), parent ? [own(parent), ff.parentVisibleRule] : null]));
  }
  group(
    data.formFields,
    (ff) => itemKey.get(ff.id)!,
    (ff) => ff.formId,
    leader,
  );

  const fieldsOfSection = new Map<string, FormFieldRow[]>();
  for (const ff of data.formFields) fieldsOfSection.set(ff.formSectionId, [...(fieldsOfSection.get(ff.formSectionId) ?? []), ff]);
  group(
    data.sections,
    (s) =>
      stableJson([
        definition(s),
        // A field leads itself when it shares with none (or has no stored OID): its section then shares with none.
        (fieldsOfSection.get(s.id) ?? []).map((ff) => [leader.get(ff.id), ff.isRequired]),
      ]),
    (s) => s.formId,
    leader,
  );

  const sectionsOfForm = new Map<string, string[]>();
  for (const s of data.sections) sectionsOfForm.set(s.formId, [...(sectionsOfForm.get(s.formId) ?? []), leader.get(s.id)!]);
  group(
    data.forms,
    (f) => {
      const type = data.formTypes.get(f.formTypeId);
      return stableJson([definition(f), type ? [type.formTypeKey, type.title] : null, sectionsOfForm.get(f.id) ?? []]);
    },
    (f) => f.visitId,
    leader,
  );
  return leader;
}

/**
 * Groups rows of the same stored OID and definition; rows without a usable OID lead themselves. Leaders are the
 * first of their group in the rows' (document) order. A group holds one row of a container at most: a form's
 * fields are told apart by their ItemOIDs (ItemData), its sections by their ItemGroupOIDs and a visit's forms by
 * their FormOIDs, so the second of one container joins the next group, or leads one that gets an OID of its own.
 */
function group<T extends { id: string; oid: string | null }>(
  rows: T[],
  keyOf: (row: T) => string,
  containerOf: (row: T) => string,
  leader: Map<string, string>,
) {
  const groups = new Map<string, { leader: string; containers: Set<string> }[]>();
  for (const row of rows) {
    if (!usableOid(row.oid)) {
      leader.set(row.id, row.id);
      continue;
    }
    const key = stableJson([row.oid, keyOf(row)]);
    const list = groups.get(key) ?? [];
    const container = containerOf(row);
    let found = list.find((g) => !g.containers.has(container));
    if (!found) {
      found = { leader: row.id, containers: new Set() };
      list.push(found);
      groups.set(key, list);
    }
    found.containers.add(container);
    leader.set(row.id, found.leader);
  }
}
