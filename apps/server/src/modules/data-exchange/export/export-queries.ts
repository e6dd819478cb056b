import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import type { ExportSubject } from './export-rows.js';
import { uuids } from '../../../platform/db/id-arrays.js';
import { formWhere, isoOf, rowsOf, subjectWhere, type ExportScope } from './export-scope.js';

/** The statements of the export's reader (export-rows.ts), the same on PostgreSQL and PGlite. */

export interface SubjectRow {
  id: string;
  screeningNumber: string;
  centreId: string;
  group: string | null;
  birthDate: string;
  gender: string;
  screenDate: string;
  createdAt: string;
}

export interface FormRow {
  id: string;
  subjectId: string;
  formId: string;
  repeatedIndex: number;
  subjectVisitId: string;
  visitId: string;
  repeatIndex: number;
  visitDate: string;
}

export async function subjectPage(db: Db, scope: ExportScope, after: SubjectRow | null, limit: number, withGroup: boolean) {
  return rowsOf<SubjectRow>(
    db,
    sql`select s.id, s.screening_number as "screeningNumber", s.research_organisation_id as "centreId",
          ${withGroup ? sql`s.randomization_group` : sql`null::text`} as "group", s.created_at::text as "createdAt",
          s.birth_date::text as "birthDate", s.gender, s.screen_date::text as "screenDate"
        from subjects s
        where ${subjectWhere(scope)}
          ${after ? sql`and (s.created_at, s.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
        order by s.created_at, s.id
        limit ${limit}`,
  );
}

export async function formsOfSubjects(db: Db, scope: ExportScope, subjectIds: string[], formIds: readonly string[]) {
  return rowsOf<FormRow>(
    db,
    sql`select sf.id, sf.subject_id as "subjectId", sf.form_id as "formId", sf.repeated_index as "repeatedIndex",
          sv.id as "subjectVisitId", sv.visit_id as "visitId", sv.repeat_index as "repeatIndex", sv.date::text as "visitDate"
        from subject_forms sf join subject_visits sv on sv.id = sf.subject_visit_id
        where sf.subject_id = any(${uuids(subjectIds)}) and ${formWhere(scope, formIds)}`,
  );
}

/**
 * The visible fields of the chunk's subject forms. Said again beside the join on their places, so that the
 * planner takes subject_form_fields_form_idx (joined to the unnested ids alone it hashes the whole table).
 */
const chunkFields = (subjectFormIds: string[]) => sql`sff.subject_form_id = any(${uuids(subjectFormIds)}) and not sff.is_hidden`;

/**
 * The current value of each visible field of a chunk of subject forms: its newest row, found by
 * item_data_field_idx read backwards (one index probe per field). Subject forms and form fields come back as
 * their 1-based places in the two arrays given (numbers, not a million copies of two UUIDs), and fields not in
 * `formFieldIds` (deleted from the design since) are left out. Exported for the benchmark's raw timing.
 */
export const currentValuesSql = (subjectFormIds: string[], formFieldIds: string[]) =>
  sql`select s.n::int as sf, f.n::int as ff, d.data
      from subject_form_fields sff
      join unnest(${uuids(subjectFormIds)}) with ordinality as s(id, n) on s.id = sff.subject_form_id
      join unnest(${uuids(formFieldIds)}) with ordinality as f(id, n) on f.id = sff.form_field_id
      cross join lateral (
        select d.data from item_data d where d.subject_form_field_id = sff.id order by d.seq desc limit 1
      ) d
      where ${chunkFields(subjectFormIds)} and d.data is not null`;

export const currentValues = (db: Db, subjectFormIds: string[], formFieldIds: string[]) =>
  rowsOf<{ sf: number; ff: number; data: string }>(db, currentValuesSql(subjectFormIds, formFieldIds));

/** Every row of each visible field of the chunk, oldest first (places as above). */
export async function valueHistory(db: Db, subjectFormIds: string[], formFieldIds: string[]) {
  return rowsOf<{
    sf: number;
    ff: number;
    id: string;
    data: string | null;
    at: Date | string;
    userId: string | null;
    reason: string | null;
  }>(
    db,
    sql`select s.n::int as sf, f.n::int as ff, d.id, d.data, d.created_at as at, d.created_by as "userId",
          d.reason_for_change as reason
        from subject_form_fields sff
        join unnest(${uuids(subjectFormIds)}) with ordinality as s(id, n) on s.id = sff.subject_form_id
        join unnest(${uuids(formFieldIds)}) with ordinality as f(id, n) on f.id = sff.form_field_id
        join item_data d on d.subject_form_field_id = sff.id
        where ${chunkFields(subjectFormIds)}
        order by d.seq`,
  );
}

export async function signaturesOf(db: Db, subjects: Map<string, ExportSubject>) {
  const rows = await rowsOf<{
    subjectId: string;
    subjectVisitId: string | null;
    userId: string;
    printedName: string;
    meaning: string;
    signedAt: Date | string;
  }>(
    db,
    sql`select subject_id as "subjectId", subject_visit_id as "subjectVisitId", signer_user_id as "userId",
          printed_name as "printedName", meaning, signed_at as "signedAt"
        from signatures where subject_id = any(${uuids([...subjects.keys()])})
        order by signed_at, id`,
  );
  // The newest signature of a subject or visit is the one in force (ODM holds one per element).
  for (const r of rows) {
    const subject = subjects.get(r.subjectId)!;
    const sig = { userId: r.userId, printedName: r.printedName, meaning: r.meaning, signedAt: isoOf(r.signedAt) };
    if (r.subjectVisitId) subject.visitSignatures.set(r.subjectVisitId, sig);
    else subject.signature = sig;
  }
}
