import { isValidIsoDate, type ErrorCode } from '@edc/domain';
import type { forms, visits } from '../../../platform/db/schema/index.js';
import type { ClinicalFile, OdmEventData, OdmFormData, OdmItemValue, OdmOrigin, OdmSubjectData } from './clinical-parse.js';
import { repeatingFormOid } from '../../design/odm/odm-plan.js';
import type { DesignItem, ImportDesign } from './clinical-design.js';
import type { ImportReport } from './import-report.js';

/**
 * Maps the file's ClinicalData onto the research's design by OID, before anything is read from the
 * subjects' data: each subject with its centre, each study event with its visit and date, each form with
 * its design form, each value with its form field. What cannot be mapped (an unknown OID, a form of
 * another event, a removed subject, visit or form, a repeat key that is not a number) becomes an issue of the report and its
 * values are counted refused; the rest is saved in the design's order (clinical-write.ts).
 */

type VisitRow = typeof visits.$inferSelect;
type FormRow = typeof forms.$inferSelect;

export interface PlannedValue {
  oid: string;
  item: DesignItem;
  /** As the file writes it (the report names it so)... */
  value: string | null;
  /** ...and as it is saved: a select's coded value turned into its option (storedValueOf). */
  data: string | null;
  origin: OdmOrigin | null;
}

export interface PlannedForm {
  oid: string;
  form: FormRow;
  /** FormRepeatKey as a number (1 when absent): repeatedIndex + 1 of a repeating form. */
  repeat: number;
  values: PlannedValue[];
}

export interface PlannedEvent {
  oid: string;
  visit: VisitRow;
  /** StudyEventRepeatKey as a number (1 when absent): repeatIndex + 1 of a repeating visit. */
  repeat: number;
  /** The date a new subject visit gets (YYYY-MM-DD), when the file gives one. */
  date: string | null;
  forms: PlannedForm[];
}

/** What a new subject takes from the file: its values of fields linked to the subject card (design data links). */
export interface SubjectDetails {
  birthDate: string | null;
  gender: 'Male' | 'Female' | null;
  fullName: string | null;
  /** The earliest date of its study events: a new subject's screening date. */
  screenDate: string | null;
}

export interface PlannedSubject {
  key: string;
  /** SiteRef/@LocationOID, '' when the subject names no site. */
  siteOid: string;
  centreId: string | null;
  details: SubjectDetails;
  events: PlannedEvent[];
}

export interface ImportTargets {
  researchOrganisationId?: string;
  /** The caller's mapping of the file's sites to centres. */
  centres?: Record<string, string>;
  /** The research's own centres by their export LocationOID and number (a file of this system maps itself). */
  knownSites?: Record<string, string>;
}

/** Values of a subject, event or form that reach the saving step (to count them refused with their container). */
export const valuesOf = (x: PlannedSubject | PlannedEvent | PlannedForm): number =>
  'values' in x
    ? x.values.length
    : 'forms' in x
      ? x.forms.reduce((n, f) => n + f.values.length, 0)
      : x.events.reduce((n, e) => n + valuesOf(e), 0);

const itemsOfEvent = (e: OdmEventData) => e.forms.reduce((n, f) => n + f.items.length, 0);
const itemsOfSubject = (s: OdmSubjectData) => s.events.reduce((n, e) => n + itemsOfEvent(e), 0);

/** The date part of an ODM date or date-time, when it is a real date. */
function dateOf(value: string | null): string | null {
  const date = value?.slice(0, 10) ?? '';
  return isValidIsoDate(date) ? date : null;
}

export function planImport(
  file: ClinicalFile,
  design: ImportDesign,
  targets: ImportTargets,
  report: ImportReport,
): PlannedSubject[] {
  return file.subjects.map((s) => planSubject(s, design, targets, report)).filter((s): s is PlannedSubject => s !== null);
}

function planSubject(
  s: OdmSubjectData,
  design: ImportDesign,
  targets: ImportTargets,
  report: ImportReport,
): PlannedSubject | null {
  const key = s.subjectKey;
  const refuse = (code: ErrorCode, params: Record<string, string>, oid: string | null = null) => {
    report.issue({ subjectKey: key, oid }, code, params);
    report.subjects.refused++;
    report.values.refused += itemsOfSubject(s);
    return null;
  };
  if (!key || key.length > 50) return refuse('clinical_import_subject_key', { subject: key });
  if (s.remove) return refuse('clinical_import_remove', { oid: key }, key);
  const siteOid = s.siteOid ?? '';
  // The caller's mapping first, then a site the research knows, then the default centre for the rest.
  // Own keys only: a site named "constructor" is not a centre.
  const own = (map: Record<string, string> | undefined) => (map && Object.hasOwn(map, siteOid) ? map[siteOid] : undefined);
  const centreId = (siteOid && (own(targets.centres) || own(targets.knownSites))) || targets.researchOrganisationId || null;
  report.site(siteOid, centreId);
  if (!centreId) return refuse('clinical_import_no_centre', { site: siteOid || '—' }, siteOid || null);

  const events = s.events
    .map((e) => planEvent(e, key, design, report))
    .filter((e): e is PlannedEvent => e !== null)
    // Schedule order, so that a new subject's screening visit comes first (docs/subjects.md).
    .sort((a, b) => a.visit.index - b.visit.index || a.repeat - b.repeat);
  return { key, siteOid, centreId, details: detailsOf(events, s.notes), events };
}

/**
 * A new subject's card: from the fields linked to it (BirthDate, Gender, FullName), else from the
 * `EDC:` notes this system's export writes on SubjectData; the screening date from those notes, else the
 * earliest date of its events.
 */
function detailsOf(events: PlannedEvent[], notes: Record<string, string>): SubjectDetails {
  const linked = (link: string) =>
    events
      .flatMap((e) => e.forms.flatMap((f) => f.values))
      .find((v) => v.item.formField.dataLink === link && v.data !== null && v.data.trim() !== '')
      ?.data?.trim() ?? null;
  const birthDate = linked('BirthDate') ?? notes.birthDate ?? null;
  const gender = linked('Gender') ?? notes.gender ?? null;
  const dates = events.map((e) => e.date).filter((d): d is string => d !== null);
  const screenDate = notes.screenDate && isValidIsoDate(notes.screenDate) ? notes.screenDate : null;
  return {
    birthDate: birthDate && isValidIsoDate(birthDate) ? birthDate : null,
    gender: gender === 'Male' || gender === 'Female' ? gender : null,
    fullName: linked('FullName'),
    screenDate: screenDate ?? (dates.length ? dates.reduce((a, b) => (b < a ? b : a)) : null),
  };
}

/**
 * A select's value is its option's text; a file may give the CodedValue of the ODM CodeList the options were
 * imported from (fields.odm_code_list, read loosely so that this module does not depend on that column).
 */
function storedValueOf(item: DesignItem, value: string | null): string | null {
  if (value === null || item.field.fieldType !== 'Select' || item.field.optionList.includes(value)) return value;
  const codes = (item.field as { odmCodeList?: { codes?: Record<string, string> } | null }).odmCodeList?.codes;
  const option = codes ? Object.entries(codes).find(([, code]) => code === value)?.[0] : undefined;
  return option ?? value;
}

/** A repeat key as a number (absent: 1), or null with an issue when it is not a whole number from 1. */
function repeatOf(key: string | null, oid: string, subjectKey: string, report: ImportReport): number | null {
  if (key === null) return 1;
  if (/^\d{1,6}$/.test(key) && Number(key) >= 1) return Number(key);
  report.issue({ subjectKey, oid, value: key }, 'clinical_import_repeat_key_invalid', { key, oid });
  return null;
}

function planEvent(e: OdmEventData, subjectKey: string, design: ImportDesign, report: ImportReport): PlannedEvent | null {
  const refuse = (code: ErrorCode, params: Record<string, string>, issue = true) => {
    if (issue) report.issue({ subjectKey, oid: e.eventOid }, code, params);
    report.values.refused += itemsOfEvent(e);
    return null;
  };
  if (e.remove) return refuse('clinical_import_remove', { oid: e.eventOid });
  const visit = design.visitByOid.get(e.eventOid);
  if (!visit) return refuse('clinical_import_unknown_event', { oid: e.eventOid });
  const repeat = repeatOf(e.repeatKey, e.eventOid, subjectKey, report);
  // repeatOf has told why.
  if (repeat === null) return refuse('clinical_import_repeat_key_invalid', {}, false);
  if (!visit.repeating && repeat !== 1) {
    return refuse('clinical_import_repeat_key_gap', { key: String(repeat), oid: e.eventOid, expected: '1' });
  }
  const plannedForms = repeatingGroupsAsForms(e.forms, visit, design)
    .map((f) => planForm(f, subjectKey, visit, e.eventOid, design, report))
    .filter((f): f is PlannedForm => f !== null)
    .sort((a, b) => a.form.index - b.form.index || a.repeat - b.repeat);
  return {
    oid: e.eventOid,
    visit,
    repeat,
    date: dateOf(e.startDate) ?? dateOf(e.visitDate) ?? dateOf(e.stamp),
    forms: plannedForms,
  };
}

function planForm(
  f: OdmFormData,
  subjectKey: string,
  visit: VisitRow,
  eventOid: string,
  design: ImportDesign,
  report: ImportReport,
): PlannedForm | null {
  const refuse = (code: ErrorCode, params: Record<string, string>, issue = true) => {
    if (issue) report.issue({ subjectKey, oid: f.formOid }, code, params);
    report.values.refused += f.items.length;
    return null;
  };
  if (f.remove) return refuse('clinical_import_remove', { oid: f.formOid });
  const candidates = design.formsByOid.get(f.formOid);
  if (!candidates) return refuse('clinical_import_unknown_form', { oid: f.formOid });
  const form = candidates.find((c) => c.visitId === visit.id);
  if (!form) return refuse('clinical_import_form_not_in_event', { oid: f.formOid, event: eventOid });
  const repeat = repeatOf(f.repeatKey, f.formOid, subjectKey, report);
  // repeatOf has told why.
  if (repeat === null) return refuse('clinical_import_repeat_key_invalid', {}, false);
  if (!form.repeating && repeat !== 1) {
    return refuse('clinical_import_repeat_key_gap', { key: String(repeat), oid: f.formOid, expected: '1' });
  }
  // One value per field: the last the file gives (a transactional file holds a field's changes in order, the
  // last being its value now; a removal is a clearing).
  const byItem = new Map<string, PlannedValue>();
  for (const it of f.items) {
    const candidates = design.itemsByOid.get(it.itemOid);
    const item = candidates?.find((c) => c.formField.formId === form.id);
    if (!item) {
      const at = { subjectKey, oid: it.itemOid, value: it.value };
      if (!candidates) report.issue(at, 'clinical_import_unknown_item', { oid: it.itemOid });
      else report.issue(at, 'clinical_import_item_not_in_form', { oid: it.itemOid, form: f.formOid });
      report.values.refused++;
      continue;
    }
    const value = it.remove ? null : it.value;
    byItem.set(it.itemOid, { oid: it.itemOid, item, value, data: storedValueOf(item, value), origin: it.origin });
  }
  // Parents before their children (a child shown by its parent's new value takes its own), else design order.
  const values = [...byItem.values()].sort((a, b) => a.item.depth - b.item.depth || a.item.order - b.item.order);
  return { oid: f.formOid, form, repeat, values };
}

/**
 * A repeating ItemGroupDef is a repeating form of its own in this design (odm-plan.ts, `repeatingFormOid`): the
 * items of an ItemGroupData of such a group go to that form's instance numbered by the ItemGroupRepeatKey (1 when
 * none), as FormData of its own. Only within a FormData that is its form's first instance: the instances of a
 * group in a repeating form's later ones would fall together, so their items stay where they are and are refused
 * as not on the form.
 */
export function repeatingGroupsAsForms(list: OdmFormData[], visit: VisitRow, design: ImportDesign): OdmFormData[] {
  const out: OdmFormData[] = [];
  for (const f of list) {
    if (f.remove || (f.repeatKey !== null && f.repeatKey.trim() !== '1')) {
      out.push(f);
      continue;
    }
    const own: OdmItemValue[] = [];
    const split = new Map<string, OdmFormData>();
    for (const it of f.items) {
      const oid = it.groupOid === null ? null : repeatingFormOid(f.formOid, it.groupOid);
      if (oid === null || !design.formsByOid.get(oid)?.some((form) => form.visitId === visit.id)) {
        own.push(it);
        continue;
      }
      const key = `${oid}\u0000${it.groupRepeatKey ?? '1'}`;
      const part = split.get(key) ?? { formOid: oid, repeatKey: it.groupRepeatKey ?? '1', remove: false, items: [] };
      part.items.push(it);
      split.set(key, part);
    }
    // A FormData whose items all went to its groups' forms makes no instance of its own form.
    if (own.length || !split.size) out.push({ ...f, items: own });
    out.push(...split.values());
  }
  return out;
}
