import { and, asc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isRequestedByMonitor, personFullName, type CompletedStatus, type MonitoringVisit, type NoteType } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import {
  employees,
  formFields,
  forms,
  itemNotes,
  monitoringVisitSubjectVisits,
  researches,
  subjectFormLogs,
  subjectForms,
  subjects,
  subjectVisits,
  users,
  visits,
} from '../../../platform/db/schema/index.js';
import { notFound } from '../../../platform/http/errors.js';
import { loadMonitoringVisits } from '../../monitoring-visits/monitoring-visits.repo.js';

/** A subject visit the monitoring visit covers, with its state when the report was made. */
export interface CoveredVisit {
  subject: string;
  visit: string;
  date: string;
  status: CompletedStatus;
  requestedByMonitor: boolean;
}

/** A form validated (KIO) by a monitor of the team during the visit's period. */
export interface ValidatedForm {
  subject: string;
  visit: string;
  form: string;
  at: Date;
  by: string;
}

/** A note (query) of a covered visit raised or closed during the visit's period. */
export interface ReportNote {
  subject: string;
  visit: string;
  form: string;
  field: string;
  type: string;
  status: string;
  text: string;
  author: string;
  raisedAt: Date;
  closedAt: Date | null;
}

/** What the monitoring visit report shows (docs/monitoring-visits.md "Report"). */
export interface MonitoringReportContent {
  researchTitle: string;
  visit: MonitoringVisit;
  covered: CoveredVisit[];
  validated: ValidatedForm[];
  raised: ReportNote[];
  closed: ReportNote[];
}

const noteAuthor = alias(users, 'note_author');

/** The subject visits chosen for a monitoring visit (its link table's rows). */
const chosenVisits = (monitoringVisitId: string) =>
  sql`(select ${monitoringVisitSubjectVisits.subjectVisitId} from ${monitoringVisitSubjectVisits} where ${monitoringVisitSubjectVisits.monitoringVisitId} = ${monitoringVisitId})`;

/** The live subject visits the monitoring visit covers: every one of its site, or the chosen ones. */
function coveredWhere(mv: MonitoringVisit): SQL {
  const live = and(isNull(subjectVisits.deletedAt), isNull(subjects.deletedAt))!;
  if (mv.siteId) return and(live, eq(subjects.researchOrganisationId, mv.siteId))!;
  return and(live, inArray(subjectVisits.id, chosenVisits(mv.id)))!;
}

/**
 * Reads what was reviewed on a monitoring visit, as the data is now: the subject visits it covers (subject,
 * visit, date, status and the 'requested by a monitor' mark); the forms of those visits that a monitor of
 * the team validated (form log KioValidated) between its start and end; and the notes of those visits of the
 * types the requester sees raised, or closed, between its start and end. 404 naming `id` when it is gone.
 */
export async function readMonitoringReport(
  db: Db,
  monitoringVisitId: string,
  noteTypes: readonly NoteType[],
): Promise<MonitoringReportContent> {
  const [visit] = await loadMonitoringVisits(db, [monitoringVisitId]);
  if (!visit) throw notFound('id');
  const covered = coveredWhere(visit);
  const start = new Date(visit.startDate);
  const end = new Date(visit.endDate);
  const team = visit.monitorList.map((m) => m.id);

  const [research] = await db
    .select({ protocol: researches.grlsProtocolNumber })
    .from(researches)
    .where(eq(researches.id, visit.researchId));

  const coveredRows = await db
    .select({
      subject: subjects.identificationNumber,
      visit: visits.title,
      date: subjectVisits.date,
      status: subjectVisits.formCompletedStatus,
      startValidatingDate: subjectVisits.startValidatingDate,
    })
    .from(subjectVisits)
    .innerJoin(subjects, eq(subjects.id, subjectVisits.subjectId))
    .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
    .where(covered)
    .orderBy(asc(subjects.identificationNumber), asc(visits.index), asc(subjectVisits.repeatIndex), asc(subjectVisits.date));

  const validated =
    team.length === 0
      ? []
      : await db
          .select({
            subject: subjects.identificationNumber,
            visit: visits.title,
            form: forms.title,
            at: subjectFormLogs.createdAt,
            lastName: users.lastName,
            firstName: users.firstName,
            patronymic: users.patronymic,
          })
          .from(subjectFormLogs)
          .innerJoin(subjectForms, eq(subjectForms.id, subjectFormLogs.subjectFormId))
          .innerJoin(forms, eq(forms.id, subjectForms.formId))
          .innerJoin(subjectVisits, eq(subjectVisits.id, subjectForms.subjectVisitId))
          .innerJoin(subjects, eq(subjects.id, subjectVisits.subjectId))
          .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
          .innerJoin(employees, eq(employees.id, subjectFormLogs.employeeId))
          .innerJoin(users, eq(users.id, employees.userId))
          .where(
            and(
              covered,
              isNull(subjectForms.deletedAt),
              eq(subjectFormLogs.status, 'KioValidated'),
              inArray(subjectFormLogs.employeeId, team),
              gte(subjectFormLogs.createdAt, start),
              lte(subjectFormLogs.createdAt, end),
            ),
          )
          .orderBy(asc(subjectFormLogs.createdAt), asc(subjectFormLogs.id));

  const notesOf = (when: SQL) =>
    noteTypes.length === 0
      ? Promise.resolve([])
      : db
          .select({
            subject: subjects.identificationNumber,
            visit: visits.title,
            form: forms.title,
            field: formFields.text,
            type: itemNotes.type,
            status: itemNotes.status,
            text: itemNotes.note,
            raisedAt: itemNotes.createdAt,
            closedAt: itemNotes.closeAt,
            lastName: noteAuthor.lastName,
            firstName: noteAuthor.firstName,
            patronymic: noteAuthor.patronymic,
          })
          .from(itemNotes)
          .innerJoin(subjectVisits, eq(subjectVisits.id, itemNotes.subjectVisitId))
          .innerJoin(subjects, eq(subjects.id, subjectVisits.subjectId))
          .innerJoin(visits, eq(visits.id, itemNotes.visitId))
          .innerJoin(forms, eq(forms.id, itemNotes.formId))
          .innerJoin(formFields, eq(formFields.id, itemNotes.formFieldId))
          .leftJoin(noteAuthor, eq(noteAuthor.id, itemNotes.createdBy))
          .where(and(covered, inArray(itemNotes.type, [...noteTypes]), when))
          .orderBy(asc(itemNotes.createdAt), asc(itemNotes.id));

  const [raised, closed] = await Promise.all([
    notesOf(and(gte(itemNotes.createdAt, start), lte(itemNotes.createdAt, end))!),
    notesOf(and(gte(itemNotes.closeAt, start), lte(itemNotes.closeAt, end))!),
  ]);
  const toNote = (n: (typeof raised)[number]): ReportNote => ({
    subject: n.subject,
    visit: n.visit,
    form: n.form,
    field: n.field,
    type: n.type,
    status: n.status,
    text: n.text,
    author:
      n.lastName !== null ? personFullName({ lastName: n.lastName, firstName: n.firstName ?? '', patronymic: n.patronymic }) : '',
    raisedAt: n.raisedAt,
    closedAt: n.closedAt,
  });

  return {
    researchTitle: research?.protocol ?? '',
    visit,
    covered: coveredRows.map((r) => ({
      subject: r.subject,
      visit: r.visit,
      date: r.date,
      status: r.status as CompletedStatus,
      requestedByMonitor: isRequestedByMonitor({
        startValidatingDate: r.startValidatingDate,
        formCompletedStatus: r.status as CompletedStatus,
      }),
    })),
    validated: validated.map((v) => ({ subject: v.subject, visit: v.visit, form: v.form, at: v.at, by: personFullName(v) })),
    raised: raised.map(toNote),
    closed: closed.map(toNote),
  };
}
