import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { formatVersionIndex, rules as ruleLanguage, type FieldType } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import {
  fields,
  formFields,
  formResearchVersions,
  forms,
  formSections,
  formTypes,
  researchOrganisations,
  rules,
  timeDeviations,
  timePoints,
  visitResearchVersions,
  visits,
} from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import { fieldCodeOf } from '../../rules/field-codes.js';
import { rulesScope } from '../../rules/rules.policy.js';
import { researchToRead, type ResearchRow } from '../shared/research.js';
import type { ResearchVersionRow } from '../shared/versions.js';
import { findVersion } from '../research-versions/research-versions.queries.js';
import type { OdmText } from '../../../platform/db/schema/design.js';
import { EDC, EDC_RULE, EDC_TIME, ODM_NS, timeDeviationContext, xmlSafe } from './odm-common.js';
import { CODE_LIST_DATA_TYPES, dataTypeOf } from './odm-data-types.js';
import { oidsOfDesign } from './odm-oids.js';
import { ruleElements } from './odm-rule-placements.js';
import { xmlBuilder } from '../../../platform/lazy-library.js';

/**
 * Export of one research version's design as CDISC ODM 1.3.2 (Study / MetaDataVersion):
 * visits → StudyEventDef (Protocol/StudyEventRef in visit order), forms → FormDef, sections →
 * ItemGroupDef, form fields → ItemDef (one per placed field: its question, mask and settings are its own),
 * select options → CodeList (one per field definition, or per CodeList it was imported from), units →
 * BasicDefinitions/MeasurementUnit, what a design imported from ODM kept of its file → the same OIDs and
 * attributes (odm-oids.ts, odm_item, odm_code_list),
 * dependent fields → ConditionDef referenced by ItemRef/@CollectionExceptionConditionOID, time points and
 * their deviations → aliases of their field's ItemDef (EDC_TIME). What ODM has no attribute for travels in
 * Alias elements with an `EDC:` context, which the import reads back.
 */

type VisitRow = typeof visits.$inferSelect;
type FormRow = typeof forms.$inferSelect;
type SectionRow = typeof formSections.$inferSelect;
type FormFieldRow = typeof formFields.$inferSelect;
type FieldRow = typeof fields.$inferSelect;
type FormTypeRow = typeof formTypes.$inferSelect;
/** A live rule on one of the exported fields, with its centre's number (null: the whole research). */
export interface OdmRuleRow {
  formFieldId: string;
  ruleType: string;
  message: string | null;
  expression: string;
  centreNumber: string | null;
}

/** A live time point on one of the exported fields, with its live deviations oldest first (docs/time-points.md "ODM"). */
export interface OdmTimePointRow {
  formFieldId: string;
  duration: string;
  description: string | null;
  isVisitStartPoint: boolean;
  deviations: { startFormFieldId: string; deviation: string; deviationPlus: string; deviationMinus: string }[];
}

export interface OdmExportData {
  research: ResearchRow;
  version: ResearchVersionRow;
  visits: VisitRow[];
  forms: FormRow[];
  sections: SectionRow[];
  formFields: FormFieldRow[];
  fields: Map<string, FieldRow>;
  formTypes: Map<string, FormTypeRow>;
  /** The rules on the exported fields, oldest first (docs/rules.md "ODM"). */
  rules?: OdmRuleRow[];
  /** The time points on the exported fields. */
  timePoints?: OdmTimePointRow[];
}

const startPoints = alias(timePoints, 'start_point');

/**
 * The live time points on these form fields with their deviations whose start point is live, in one query
 * (the points by the partial unique index on their field, the deviations by their point's index). Time points
 * are design and hold no clinical data: whoever exports the design gets them.
 */
export async function loadTimePoints(db: Db, formFieldIds: string[]): Promise<OdmTimePointRow[]> {
  if (!formFieldIds.length) return [];
  const rows = await db
    .select({
      point: timePoints,
      deviation: timeDeviations,
      startFormFieldId: startPoints.formFieldId,
    })
    .from(timePoints)
    .leftJoin(timeDeviations, and(eq(timeDeviations.timePointId, timePoints.id), isNull(timeDeviations.deletedAt)))
    .leftJoin(startPoints, and(eq(startPoints.id, timeDeviations.startTimePointId), isNull(startPoints.deletedAt)))
    .where(and(inArray(timePoints.formFieldId, formFieldIds), isNull(timePoints.deletedAt)))
    .orderBy(asc(timeDeviations.createdAt), asc(timeDeviations.id));
  const byPoint = new Map<string, OdmTimePointRow>();
  for (const { point, deviation, startFormFieldId } of rows) {
    let row = byPoint.get(point.id);
    if (!row) {
      row = {
        formFieldId: point.formFieldId,
        duration: point.duration,
        description: point.description,
        isVisitStartPoint: point.isVisitStartPoint,
        deviations: [],
      };
      byPoint.set(point.id, row);
    }
    if (deviation && startFormFieldId)
      row.deviations.push({
        startFormFieldId,
        deviation: deviation.deviation,
        deviationPlus: deviation.deviationPlus,
        deviationMinus: deviation.deviationMinus,
      });
  }
  return [...byPoint.values()];
}

/** The design of a version: the visits and forms linked to it, with their live sections and fields. */
export async function loadVersionDesign(db: Db, actor: Actor, versionId: string): Promise<OdmExportData> {
  const version = await findVersion(db, versionId);
  const research = await researchToRead(db, actor, version.researchId);
  const visitRows = (
    await db
      .select({ visit: visits })
      .from(visits)
      .innerJoin(visitResearchVersions, eq(visitResearchVersions.visitId, visits.id))
      .where(and(eq(visitResearchVersions.researchVersionId, version.id), isNull(visits.deletedAt)))
      .orderBy(asc(visits.index))
  ).map((r) => r.visit);
  const visitIds = visitRows.map((v) => v.id);
  const formRows = visitIds.length
    ? (
        await db
          .select({ form: forms })
          .from(forms)
          .innerJoin(formResearchVersions, eq(formResearchVersions.formId, forms.id))
          .where(
            and(
              eq(formResearchVersions.researchVersionId, version.id),
              inArray(forms.visitId, visitIds),
              isNull(forms.deletedAt),
            ),
          )
          .orderBy(asc(forms.index))
      ).map((r) => r.form)
    : [];
  const formIds = formRows.map((f) => f.id);
  const sectionRows = formIds.length
    ? await db
        .select()
        .from(formSections)
        .where(and(inArray(formSections.formId, formIds), isNull(formSections.deletedAt)))
        .orderBy(asc(formSections.index))
    : [];
  const fieldRows = formIds.length
    ? await db
        .select()
        .from(formFields)
        .where(and(inArray(formFields.formId, formIds), isNull(formFields.deletedAt)))
        .orderBy(asc(formFields.index))
    : [];
  const defIds = [...new Set(fieldRows.map((f) => f.fieldId))];
  const defs = defIds.length ? await db.select().from(fields).where(inArray(fields.id, defIds)) : [];
  // Document order: visits, their forms, sections, fields (both drivers break index ties differently).
  const visitPos = new Map(visitIds.map((id, i) => [id, i]));
  formRows.sort((a, b) => visitPos.get(a.visitId)! - visitPos.get(b.visitId)! || a.index - b.index);
  const formPos = new Map(formRows.map((f, i) => [f.id, i]));
  sectionRows.sort((a, b) => formPos.get(a.formId)! - formPos.get(b.formId)! || a.index - b.index);
  const sectionPos = new Map(sectionRows.map((s, i) => [s.id, i]));
  const liveFields = fieldRows.filter((f) => sectionPos.has(f.formSectionId));
  liveFields.sort((a, b) => sectionPos.get(a.formSectionId)! - sectionPos.get(b.formSectionId)! || a.index - b.index);
  const typeIds = [...new Set(formRows.map((f) => f.formTypeId))];
  const types = typeIds.length ? await db.select().from(formTypes).where(inArray(formTypes.id, typeIds)) : [];
  const liveIds = liveFields.map((f) => f.id);
  // The rules the caller reads (rules.policy.ts): none without the right, a site's own centre's and the whole research's.
  const scope = rulesScope(actor, research.id);
  const ruleRows =
    liveIds.length && scope
      ? await db
          .select({
            formFieldId: rules.formFieldId,
            ruleType: rules.ruleType,
            message: rules.message,
            expression: rules.expression,
            centreNumber: researchOrganisations.number,
          })
          .from(rules)
          .leftJoin(researchOrganisations, eq(researchOrganisations.id, rules.researchOrganisationId))
          .where(
            and(
              inArray(rules.formFieldId, liveIds),
              isNull(rules.deletedAt),
              scope.centreId
                ? or(isNull(rules.researchOrganisationId), eq(rules.researchOrganisationId, scope.centreId))
                : undefined,
            ),
          )
          .orderBy(asc(rules.createdAt), asc(rules.id))
      : [];
  return {
    research,
    version,
    rules: ruleRows,
    timePoints: await loadTimePoints(db, liveIds),
    visits: visitRows,
    forms: formRows,
    sections: sectionRows,
    formFields: liveFields,
    fields: new Map(defs.map((d) => [d.id, d])),
    formTypes: new Map(types.map((t) => [t.id, t])),
  };
}

type XMLBuilder = ReturnType<ReturnType<typeof xmlBuilder>['create']>;

const yesNo = (b: boolean) => (b ? 'Yes' : 'No');
const SAS_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,7}$/;

function translated(parent: XMLBuilder, element: string, text: string) {
  parent.ele(element).ele('TranslatedText').txt(xmlSafe(text));
}

/** An element of TranslatedTexts, each with its language when it had one; one text per language (ODM's rule). */
function translations(parent: XMLBuilder, element: string, texts: OdmText[]) {
  const langs = new Set<string>();
  const list: OdmText[] = [];
  for (const t of texts) {
    if (typeof t?.text !== 'string' || (t.lang && langs.has(t.lang))) continue;
    if (t.lang) langs.add(t.lang);
    list.push(t);
  }
  if (!list.length) return;
  const ele = parent.ele(element);
  for (const t of list)
    ele.ele('TranslatedText', t.lang && LANGUAGE.test(t.lang) ? { 'xml:lang': t.lang } : {}).txt(xmlSafe(t.text));
}
/** xs:language, which `xml:lang` must be: a file's odd tag is left out rather than written invalid. */
const LANGUAGE = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/** A Name attribute, which ODM wants non-empty: the element's OID stands in for a blank one. */
const nameOr = (name: string | null | undefined, oid: string) => xmlSafe(name ?? '') || oid;

const positive = (n: unknown, min: number) => (typeof n === 'number' && Number.isInteger(n) && n >= min ? n : undefined);

function aliases(parent: XMLBuilder, pairs: [string, string | number | boolean | null | undefined][]) {
  for (const [context, value] of pairs) {
    if (value === null || value === undefined || value === '' || value === false) continue;
    parent.ele('Alias', { Context: context, Name: xmlSafe(String(value)) });
  }
}

/** Builds the ODM document; `now` is the file's creation time. */
export function buildOdm(data: OdmExportData, now = new Date()): string {
  const { research, version } = data;
  const index = formatVersionIndex(version);
  const {
    studyOid,
    mdvOid,
    unitsOf,
    unitOids,
    visitOid,
    formOid,
    sectionOid,
    itemOid,
    codeListOid,
    conditionOid,
    registry,
    writesDef,
  } = oidsOfDesign(data);
  const root = xmlBuilder()
    .create({ version: '1.0', encoding: 'UTF-8' })
    .ele(ODM_NS, 'ODM', {
      FileType: 'Snapshot',
      Granularity: 'Metadata',
      FileOID: `${studyOid}.V${index}.${now.getTime()}`,
      CreationDateTime: now.toISOString(),
      ODMVersion: '1.3.2',
      Originator: 'EDC',
      SourceSystem: 'EDC',
      Description: xmlSafe(`${research.grlsProtocolNumber}, version ${index}`),
    });
  const study = root.ele('Study', { OID: studyOid });
  const gv = study.ele('GlobalVariables');
  gv.ele('StudyName').txt(xmlSafe(research.grlsProtocolNumber));
  gv.ele('StudyDescription').txt(xmlSafe(research.grlsProtocol ?? research.mnn ?? ''));
  gv.ele('ProtocolName').txt(xmlSafe(research.grlsProtocolNumber));

  if (unitOids.size) {
    const basic = study.ele('BasicDefinitions');
    for (const [unit, oid] of unitOids) {
      const mu = basic.ele('MeasurementUnit', { OID: oid, Name: xmlSafe(unit) });
      translated(mu, 'Symbol', unit);
    }
  }

  const mdv = study.ele('MetaDataVersion', {
    OID: mdvOid ?? `MDV.${index}`,
    Name: `Version ${index}`,
    ...(version.description ? { Description: xmlSafe(version.description) } : {}),
  });

  const fieldById = new Map(data.formFields.map((ff) => [ff.id, ff]));
  // Field definitions made from one CodeList share it (odm-oids.ts): it is written once.
  const writtenCodeLists = new Set<string>();

  // Rules: InsertAction → MethodDef (the first one of a field is also its ItemRef's MethodOID), others → ConditionDef;
  // one element for a rule that the form fields sharing an ItemDef have alike (odm-rule-placements.ts).
  const ruleList = ruleElements(data, itemOid, formOid, visitOid);
  const ruleOid = ruleList.map((r) => registry.make('RULE', r.itemOid.replace(/^IT\./, '')));
  const methodOfItem = new Map<string, string>();
  ruleList.forEach((r, i) => {
    if (r.ruleType !== 'InsertAction') return;
    for (const id of r.formFieldIds) if (!methodOfItem.has(id)) methodOfItem.set(id, ruleOid[i]!);
  });

  // Edit checks of the whole research that are plain ranges of their own number field are also its ItemDef's
  // RangeChecks, for readers that know no EDC alias (the ConditionDef stays: it is what the import reads).
  const pointOfItem = new Map((data.timePoints ?? []).map((p) => [p.formFieldId, p]));

  const rangeChecksOfItem = new Map<string, (ruleLanguage.RangeCheck & { message: string | null })[]>();
  for (const r of data.rules ?? []) {
    const ff = fieldById.get(r.formFieldId);
    const def = ff && data.fields.get(ff.fieldId);
    if (r.ruleType !== 'NoteAction' || r.centreNumber !== null || !ff || def?.fieldType !== 'Number') continue;
    const parsed = ruleLanguage.parseRule(r.expression);
    const checks = parsed.ok ? ruleLanguage.rangeChecksOf(parsed.ast, fieldCodeOf(ff.annotationKey, def.fieldKey)) : null;
    if (!checks) continue;
    const list = rangeChecksOfItem.get(ff.id) ?? [];
    list.push(...checks.map((c) => ({ ...c, message: r.message })));
    rangeChecksOfItem.set(ff.id, list);
  }

  const protocol = mdv.ele('Protocol');
  data.visits.forEach((v, i) =>
    protocol.ele('StudyEventRef', { StudyEventOID: visitOid.get(v.id)!, OrderNumber: i + 1, Mandatory: yesNo(v.isRequired) }),
  );

  for (const v of data.visits) {
    const se = mdv.ele('StudyEventDef', {
      OID: visitOid.get(v.id)!,
      Name: nameOr(v.title, visitOid.get(v.id)!),
      Repeating: yesNo(v.repeating),
      Type: 'Scheduled',
      Category: v.visitType,
    });
    if (v.description) translated(se, 'Description', v.description);
    data.forms
      .filter((f) => f.visitId === v.id)
      .forEach((f, i) => se.ele('FormRef', { FormOID: formOid.get(f.id)!, OrderNumber: i + 1, Mandatory: yesNo(f.isRequired) }));
    aliases(se, [
      [EDC.visitKey, v.visitKey],
      [EDC.dayNumber, String(v.dayNumber)],
      [EDC.dayPlus, String(v.dayPlus)],
      [EDC.dayMinus, String(v.dayMinus)],
      [EDC.pointList, v.pointList.join(';')],
    ]);
  }

  // A Def that several forms, sections or form fields share is written by the first (odm-shared-defs.ts).
  for (const f of data.forms.filter((f) => writesDef(f.id))) {
    const type = data.formTypes.get(f.formTypeId);
    const fd = mdv.ele('FormDef', {
      OID: formOid.get(f.id)!,
      Name: nameOr(f.title, formOid.get(f.id)!),
      Repeating: yesNo(f.repeating),
    });
    data.sections
      .filter((s) => s.formId === f.id)
      .forEach((s, i) => fd.ele('ItemGroupRef', { ItemGroupOID: sectionOid.get(s.id)!, OrderNumber: i + 1, Mandatory: 'No' }));
    aliases(fd, [
      [EDC.formKey, f.formKey],
      [EDC.formTypeKey, type?.formTypeKey],
      [EDC.formTypeTitle, type?.title],
      [EDC.employeeTypes, f.employeeTypesList.join(';')],
      [EDC.gender, f.gender],
    ]);
  }

  for (const s of data.sections.filter((s) => writesDef(s.id))) {
    const ig = mdv.ele('ItemGroupDef', {
      OID: sectionOid.get(s.id)!,
      Name: nameOr(s.sectionName, sectionOid.get(s.id)!),
      Repeating: 'No',
    });
    if (s.description) translated(ig, 'Description', s.description);
    data.formFields
      .filter((ff) => ff.formSectionId === s.id)
      .forEach((ff, i) =>
        ig.ele('ItemRef', {
          ItemOID: itemOid.get(ff.id)!,
          OrderNumber: i + 1,
          Mandatory: yesNo(ff.isRequired),
          ...(methodOfItem.has(ff.id) ? { MethodOID: methodOfItem.get(ff.id)! } : {}),
          ...(conditionOid.has(ff.id) ? { CollectionExceptionConditionOID: conditionOid.get(ff.id)! } : {}),
        }),
      );
    aliases(ig, [[EDC.sectionKey, s.formSectionKey]]);
  }

  for (const ff of data.formFields.filter((ff) => writesDef(ff.id))) {
    const def = data.fields.get(ff.fieldId)!;
    const type = def.fieldType as FieldType;
    const annotation = ff.annotationKey ?? '';
    const source = ff.odmItem ?? {};
    const it = mdv.ele('ItemDef', {
      OID: itemOid.get(ff.id)!,
      Name: nameOr(source.name || annotation || def.fieldKey, itemOid.get(ff.id)!),
      DataType: dataTypeOf(type, source.dataType),
      ...(positive(source.length, 1) ? { Length: source.length } : {}),
      ...(positive(source.significantDigits, 0) !== undefined ? { SignificantDigits: source.significantDigits } : {}),
      ...(SAS_NAME.test(annotation) ? { SDSVarName: annotation } : {}),
      ...(ff.comment ? { Comment: xmlSafe(ff.comment) } : {}),
    });
    if (Array.isArray(source.description)) translations(it, 'Description', source.description);
    else if (def.title !== ff.text) translated(it, 'Description', def.title);
    translations(it, 'Question', [
      { lang: source.questionLang ?? null, text: ff.text },
      ...(Array.isArray(source.questionTranslations) ? source.questionTranslations : []),
    ]);
    for (const unit of unitsOf(ff)) it.ele('MeasurementUnitRef', { MeasurementUnitOID: unitOids.get(unit)! });
    for (const check of rangeChecksOfItem.get(ff.id) ?? []) {
      const rc = it.ele('RangeCheck', { Comparator: check.comparator, SoftHard: 'Soft' });
      rc.ele('CheckValue').txt(ruleLanguage.plainNumber(check.checkValue));
      if (check.message) translated(rc, 'ErrorMessage', check.message);
    }
    if (codeListOid.has(def.id)) it.ele('CodeListRef', { CodeListOID: codeListOid.get(def.id)! });
    const parent = ff.parentFormFieldId ? fieldById.get(ff.parentFormFieldId) : undefined;
    aliases(it, [
      [EDC.fieldType, type],
      [EDC.fieldKey, def.fieldKey],
      [EDC.fieldTitle, def.title],
      [EDC.fieldUnits, def.units],
      [EDC.annotationKey, ff.annotationKey],
      [EDC.mask, ff.mask],
      [EDC.regExMask, ff.regExMask],
      [EDC.dataLink, ff.dataLink],
      [EDC.textBefore, ff.textBefore],
      [EDC.textAfter, ff.textAfter],
      [EDC.hidden, ff.isHidden ? 'Yes' : null],
      [EDC.requiredForEdc, ff.requiredForEdc ? 'Yes' : null],
      [EDC.clinicalSignificance, ff.clinicalSignificance ? 'Yes' : null],
      [EDC.duration, ff.duration],
      [EDC.parentItem, parent ? itemOid.get(parent.id) : null],
      [EDC.parentVisibleRule, parent ? ff.parentVisibleRule : null],
    ]);
    const point = pointOfItem.get(ff.id);
    if (point) {
      aliases(it, [
        [EDC_TIME.duration, point.duration],
        [EDC_TIME.description, point.description],
        [EDC_TIME.start, point.isVisitStartPoint ? 'Yes' : null],
        // A deviation from a point whose field is not exported (never in practice: it is in the same visit) is left out.
        ...point.deviations
          .filter((d) => itemOid.has(d.startFormFieldId))
          .map(
            (d, i) =>
              [
                timeDeviationContext(i + 1),
                [itemOid.get(d.startFormFieldId)!, d.deviation, d.deviationPlus, d.deviationMinus].join(';'),
              ] as [string, string],
          ),
      ]);
    }
    // Other systems' aliases, after ours (an element's Alias contexts are unique).
    const contexts = new Set<string>();
    for (const a of Array.isArray(source.aliases) ? source.aliases : []) {
      const context = xmlSafe(String(a?.context ?? ''));
      const name = xmlSafe(String(a?.name ?? ''));
      if (!context || !name || context.startsWith('EDC:') || contexts.has(context)) continue;
      contexts.add(context);
      it.ele('Alias', { Context: context, Name: name });
    }
  }

  for (const [defId, oid] of codeListOid) {
    if (writtenCodeLists.has(oid)) continue;
    writtenCodeLists.add(oid);
    const def = data.fields.get(defId)!;
    const source = def.odmCodeList;
    const cl = mdv.ele('CodeList', {
      OID: oid,
      Name: nameOr(source?.name || def.title, oid),
      DataType: source && CODE_LIST_DATA_TYPES.includes(source.dataType) ? source.dataType : 'text',
    });
    const codes = codedValues(def.optionList, source?.codes);
    if (source?.enumerated && def.optionList.every((option, i) => codes[i] === option))
      def.optionList.forEach((option, i) => cl.ele('EnumeratedItem', { CodedValue: xmlSafe(option), OrderNumber: i + 1 }));
    else
      def.optionList.forEach((option, i) => {
        const item = cl.ele('CodeListItem', { CodedValue: xmlSafe(codes[i]!), OrderNumber: i + 1 });
        translations(item, 'Decode', [{ lang: source?.decodeLang ?? null, text: option }]);
      });
    aliases(cl, [[EDC.defaultOption, def.defaultOption]]);
  }

  const writtenConditions = new Set<string>();
  for (const [childId, oid] of conditionOid) {
    if (writtenConditions.has(oid)) continue;
    writtenConditions.add(oid);
    const child = fieldById.get(childId)!;
    const parentOid = itemOid.get(child.parentFormFieldId!)!;
    const cond = mdv.ele('ConditionDef', { OID: oid, Name: xmlSafe(`Hide ${itemOid.get(childId)}`) });
    translated(cond, 'Description', `Not collected unless ${parentOid} = "${child.parentVisibleRule ?? ''}"`);
    cond.ele('FormalExpression', { Context: 'EDC' }).txt(xmlSafe(`${parentOid} != "${child.parentVisibleRule ?? ''}"`));
  }

  // ODM's order: every ConditionDef before the MethodDefs.
  const writeRule = (i: number) => {
    const r = ruleList[i]!;
    const insert = r.ruleType === 'InsertAction';
    const target = r.itemOid;
    const def = mdv.ele(insert ? 'MethodDef' : 'ConditionDef', {
      OID: ruleOid[i]!,
      Name: xmlSafe(`${r.ruleType} ${target}`),
      ...(insert ? { Type: 'Computation' } : {}),
    });
    translated(def, 'Description', r.message ?? '');
    def.ele('FormalExpression', { Context: EDC_RULE.expressionContext }).txt(xmlSafe(r.expression));
    aliases(def, [
      [EDC_RULE.type, r.ruleType],
      [EDC_RULE.item, target],
      [EDC_RULE.centre, r.centreNumber],
      [EDC_RULE.validated, 'No'],
      [EDC_RULE.placements, r.placements ? JSON.stringify(r.placements) : null],
    ]);
  };
  ruleList.forEach((r, i) => r.ruleType !== 'InsertAction' && writeRule(i));
  ruleList.forEach((r, i) => r.ruleType === 'InsertAction' && writeRule(i));

  return root.end({ prettyPrint: true });
}

/**
 * The CodedValue of each option: the code it was imported with, else its text; a code another option already has
 * gives way to the text (CodedValues are unique within a CodeList), and a text taken too to a numbered one.
 */
function codedValues(options: string[], codes: Record<string, string> | undefined): string[] {
  const used = new Set<string>();
  return options.map((option, i) => {
    const stored = codes && Object.hasOwn(codes, option) && typeof codes[option] === 'string' ? codes[option]! : null;
    const value = [stored, option, `${option}.${i + 1}`].find((v) => v !== null && v !== '' && !used.has(v)) ?? `${i + 1}`;
    used.add(value);
    return value;
  });
}
