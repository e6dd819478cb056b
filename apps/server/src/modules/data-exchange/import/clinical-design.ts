import type { Db } from '../../../platform/db/client.js';
import type { fields, formFields, forms, visits } from '../../../platform/db/schema/index.js';
import { notFound } from '../../../platform/http/errors.js';
import { findResearch } from '../../researches/researches.queries.js';
import { oidsOfDesign } from '../../design/odm/odm-oids.js';
import { loadResearchDesign } from '../research-design.js';

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

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The research's design by OID (research-design.ts: the same design and order the clinical data export names). */
export async function loadImportDesign(db: Db, researchId: string): Promise<ImportDesign> {
  const research = await findResearch(db, researchId);
  if (!research) throw notFound('researchId');
  const { data } = await loadResearchDesign(db, research);
  const { visits: visitRows, forms: formRows, formFields: fieldRows } = data;
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
