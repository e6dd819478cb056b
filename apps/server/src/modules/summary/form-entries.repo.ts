import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import {
  fields,
  formEntryOrder,
  formFields,
  forms,
  formSections,
  researchOrganisations,
  subjectForms,
  subjects,
  subjectVisits,
  visits,
} from '../../platform/db/schema/index.js';
import { pageWindow, type PageQuery } from '../../platform/http/paging.js';
import { formEntryJson } from './form-entry-json.sql.js';
import { preparedOnce } from '../../platform/db/prepared-once.js';
import { subjectsWhere } from '../subjects/subjects.repo.js';
import type { SubjectScope } from '../subjects/subjects.policy.js';
import { formEntryTallyTotal } from '../subjects/subject-tallies.repo.js';

/**
 * The entries (subject forms) of one form of the design across subjects, for the summary tables and the
 * journals (docs/reports.md "Summary tables and journals"). A page is three flat queries: the page of
 * entries (subject forms joined to their subject and visit, by screening number, visit and repeat), the
 * current values of their fields (kept on subject_form_fields by triggers on item_data), and the states of
 * their sections.
 */

export interface FormRecord {
  id: string;
  researchId: string;
  title: string;
  visitTitle: string;
  employeeTypesList: string[];
}

/** A live form of the design with its visit's title. */
export async function findForm(db: Db, formId: string): Promise<FormRecord | undefined> {
  const [row] = await preparedOnce(db, 'live form by id', (d) =>
    d
      .select({
        id: forms.id,
        researchId: forms.researchId,
        title: forms.title,
        visitTitle: visits.title,
        employeeTypesList: forms.employeeTypesList,
      })
      .from(forms)
      .innerJoin(visits, eq(visits.id, forms.visitId))
      .where(and(eq(forms.id, sql.placeholder('formId')), isNull(forms.deletedAt), isNull(visits.deletedAt)))
      .limit(1),
  ).execute({ formId });
  return row;
}

/** A live section of the design with its form. */
export async function findFormSection(db: Db, sectionId: string) {
  const [row] = await db
    .select({ id: formSections.id, formId: formSections.formId, sectionName: formSections.sectionName })
    .from(formSections)
    .where(and(eq(formSections.id, sectionId), isNull(formSections.deletedAt)))
    .limit(1);
  return row;
}

/** The research's live forms with their visits, by visit index then form index. */
export async function researchForms(db: Db, researchId: string) {
  return db
    .select({
      id: forms.id,
      title: forms.title,
      index: forms.index,
      repeating: sql<boolean>`(${forms.repeating} or ${visits.repeating})`,
      visitId: visits.id,
      visitTitle: visits.title,
      visitIndex: visits.index,
    })
    .from(forms)
    .innerJoin(visits, eq(visits.id, forms.visitId))
    .where(and(eq(forms.researchId, researchId), isNull(forms.deletedAt), isNull(visits.deletedAt)))
    .orderBy(asc(visits.index), asc(forms.index), asc(forms.id));
}

/** The research's live sections with their forms and visits: the journals to choose from, in the design's order. */
export async function researchSections(db: Db, researchId: string) {
  return db
    .select({
      formSectionId: formSections.id,
      sectionName: formSections.sectionName,
      formId: forms.id,
      formTitle: forms.title,
      visitId: visits.id,
      visitTitle: visits.title,
      visitIndex: visits.index,
    })
    .from(formSections)
    .innerJoin(forms, eq(forms.id, formSections.formId))
    .innerJoin(visits, eq(visits.id, forms.visitId))
    .where(
      and(eq(forms.researchId, researchId), isNull(formSections.deletedAt), isNull(forms.deletedAt), isNull(visits.deletedAt)),
    )
    .orderBy(asc(visits.index), asc(forms.index), asc(formSections.index), asc(formSections.id));
}

/** The live sections of a form and its fields not hidden by the design, in the design's order. */
export async function formLayout(db: Db, formId: string, sectionId?: string) {
  const sections = await db
    .select({ id: formSections.id, sectionName: formSections.sectionName, index: formSections.index })
    .from(formSections)
    .where(
      and(
        eq(formSections.formId, formId),
        isNull(formSections.deletedAt),
        sectionId ? eq(formSections.id, sectionId) : undefined,
      ),
    )
    .orderBy(asc(formSections.index), asc(formSections.id));
  const columns = await db
    .select({
      formFieldId: formFields.id,
      formSectionId: formFields.formSectionId,
      text: formFields.text,
      fieldType: fields.fieldType,
      units: sql<string | null>`coalesce(${formFields.units}, ${fields.units})`,
      isRequired: formFields.isRequired,
    })
    .from(formFields)
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .innerJoin(formSections, eq(formSections.id, formFields.formSectionId))
    .where(
      and(
        eq(formFields.formId, formId),
        isNull(formFields.deletedAt),
        eq(formFields.isHidden, false),
        isNull(formSections.deletedAt),
        sectionId ? eq(formFields.formSectionId, sectionId) : undefined,
      ),
    )
    .orderBy(asc(formSections.index), asc(formFields.index), asc(formFields.id));
  return { sections, columns };
}

/** The entries of a form whose subjects match `subjectsWhere`: live subject forms of live subject visits. */
export const entriesWhere = (formId: string, subjectsWhere: SQL | undefined) =>
  and(eq(subjectForms.formId, formId), isNull(subjectForms.deletedAt), isNull(subjectVisits.deletedAt), subjectsWhere);

/** Entries with what the journals' lock needs, each written as the API's JSON (form-entry-json.sql.ts). */
const base = (db: Db, json: SQL<string>) =>
  db
    .select({
      subjectFormId: subjectForms.id,
      centreId: subjects.researchOrganisationId,
      isSigned: subjects.isSigned,
      visitSigned: sql<boolean>`(${subjectVisits.signDate} is not null)`,
      json,
    })
    .from(subjectForms)
    .innerJoin(subjects, eq(subjects.id, subjectForms.subjectId))
    .innerJoin(subjectVisits, eq(subjectVisits.id, subjectForms.subjectVisitId))
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjects.researchOrganisationId));

export type EntryRow = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

/** The entries' order: by screening number, then the visit's repeat and date, then the form's repeat (all reversed for a page read from the end). */
function entriesOrder(reverse: boolean): SQL[] {
  const by = reverse ? desc : asc;
  return [
    by(subjects.screeningNumber),
    by(subjects.id),
    by(subjectVisits.repeatIndex),
    by(subjectVisits.date),
    by(subjectForms.repeatedIndex),
    by(subjectForms.id),
  ];
}

/** One page of entries; given the total, a page in the second half is read from the end (pageWindow). */
async function listEntries(
  db: Db,
  json: SQL<string>,
  where: SQL | undefined,
  page: PageQuery,
  total?: number,
): Promise<EntryRow[]> {
  const { fromEnd, limit, offset } = pageWindow(page, total);
  const rows = await base(db, json)
    .where(where)
    .orderBy(...entriesOrder(fromEnd))
    .limit(limit)
    .offset(offset);
  return fromEnd ? rows.reverse() : rows;
}

/**
 * The ids of a page of a form's entries in a scope, in the entries' order, from form_entry_order (migration 0034):
 * an index-only scan of its page index however deep the page, where the OFFSET of listEntries reads, joins and
 * sorts every entry before it (0.8 s for a middle page of 70,000 entries on the reference machine).
 */
function orderedPageIds(db: Db, formId: string, scope: SubjectScope, withoutTest: boolean, page: PageQuery, total: number) {
  const { fromEnd, limit, offset } = pageWindow(page, total);
  const o = formEntryOrder;
  const by = fromEnd ? desc : asc;
  return db
    .select({ id: o.subjectFormId })
    .from(o)
    .where(
      and(
        eq(o.formId, formId),
        scope.centreId ? eq(o.researchOrganisationId, scope.centreId) : undefined,
        withoutTest ? eq(o.isTest, false) : undefined,
      ),
    )
    .orderBy(
      by(o.screeningNumber),
      by(o.subjectId),
      by(o.visitRepeatIndex),
      by(o.visitDate),
      by(o.repeatedIndex),
      by(o.subjectFormId),
    )
    .limit(limit)
    .offset(offset);
}

/**
 * A page of a form's entries in a scope with their total. Without a number search the total is the kept count
 * (form_entry_tallies, migration 0033) and the page's ids come from form_entry_order's index (migration 0034); the
 * rows are then read by key, their scope checked again. A number search (a few entries, by the trigram index)
 * reads and counts the entries themselves. Each entry comes written as the API's JSON, its values and sections those
 * of `sectionId` alone when given (a journal).
 */
export async function entriesPage(
  db: Db,
  formId: string,
  filter: { scope: SubjectScope; withoutTest: boolean; screeningNumber?: string | undefined; sectionId?: string },
  page: PageQuery,
): Promise<{ rows: EntryRow[]; total: number }> {
  const { scope, withoutTest, screeningNumber } = filter;
  const where = entriesWhere(formId, subjectsWhere(scope, { withoutTest, screeningNumber }));
  const json = formEntryJson(formId, filter.sectionId);
  if (screeningNumber) {
    const total = await countEntries(db, where);
    return { rows: await listEntries(db, json, where, page, total), total };
  }
  const total = await formEntryTallyTotal(db, formId, scope, withoutTest);
  if (total === 0) return { rows: [], total };
  const ids = orderedPageIds(db, formId, scope, withoutTest, page, total);
  const rows = await base(db, json)
    .where(and(inArray(subjectForms.id, ids), where))
    .orderBy(...entriesOrder(false));
  return { rows, total };
}

export async function countEntries(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(subjectForms)
    .innerJoin(subjects, eq(subjects.id, subjectForms.subjectId))
    .innerJoin(subjectVisits, eq(subjectVisits.id, subjectForms.subjectVisitId))
    .where(where);
  return row?.n ?? 0;
}
