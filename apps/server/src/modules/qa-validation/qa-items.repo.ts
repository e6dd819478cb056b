import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { personFullName, qaNotesIndicator, type QaNoteStatus, type QaWithdrawalCause, type UnvalidatedItem } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import {
  formResearchVersions,
  forms,
  qaForms,
  qaItemNotes,
  qaVisits,
  users,
  visitResearchVersions,
  visits,
} from '../../platform/db/schema/index.js';
import type { ResearchVersionRow } from '../design/shared/versions.js';

/**
 * QA visits and forms of a research version: made for every visit and form the version has (the version's
 * design may grow while QA reads it), listed with their notes' state, and the gate's list of what is not
 * validated. Only visits and forms still live and still in the version count.
 */

/** Makes the missing QA visits and forms of a version: one for each of its live visits and forms. */
export async function syncQaItems(tx: Db, version: ResearchVersionRow): Promise<void> {
  const newVisits = await tx
    .select({ visitId: visits.id })
    .from(visitResearchVersions)
    .innerJoin(visits, and(eq(visits.id, visitResearchVersions.visitId), isNull(visits.deletedAt)))
    .leftJoin(qaVisits, and(eq(qaVisits.visitId, visits.id), eq(qaVisits.researchVersionId, version.id)))
    .where(and(eq(visitResearchVersions.researchVersionId, version.id), isNull(qaVisits.id)));
  if (newVisits.length > 0) {
    await tx
      .insert(qaVisits)
      .values(newVisits.map((v) => ({ researchId: version.researchId, researchVersionId: version.id, visitId: v.visitId })))
      .onConflictDoNothing();
  }
  const newForms = await tx
    .select({ formId: forms.id, qaVisitId: qaVisits.id })
    .from(formResearchVersions)
    .innerJoin(forms, and(eq(forms.id, formResearchVersions.formId), isNull(forms.deletedAt)))
    .innerJoin(qaVisits, and(eq(qaVisits.visitId, forms.visitId), eq(qaVisits.researchVersionId, version.id)))
    .leftJoin(qaForms, and(eq(qaForms.formId, forms.id), eq(qaForms.researchVersionId, version.id)))
    .where(and(eq(formResearchVersions.researchVersionId, version.id), isNull(qaForms.id)));
  if (newForms.length > 0) {
    await tx
      .insert(qaForms)
      .values(
        newForms.map((f) => ({
          researchId: version.researchId,
          researchVersionId: version.id,
          qaVisitId: f.qaVisitId,
          formId: f.formId,
        })),
      )
      .onConflictDoNothing();
  }
}

/** The visit is live and still in the QA visit's version. */
const visitInVersion = sql`exists (select 1 from ${visitResearchVersions} vrv
  where vrv.visit_id = ${qaVisits.visitId} and vrv.research_version_id = ${qaVisits.researchVersionId})`;
/** The form is live and still in the QA form's version. */
const formInVersion = sql`exists (select 1 from ${formResearchVersions} frv
  where frv.form_id = ${qaForms.formId} and frv.research_version_id = ${qaForms.researchVersionId})`;

/** The live notes' statuses and how many are open, of the notes matching `where` (a correlated condition). */
const noteStatuses = (where: SQL) =>
  sql<QaNoteStatus[] | null>`(select array_agg(distinct n.status) from ${qaItemNotes} n where n.deleted_at is null and ${where})`;
const openNoteCount = (where: SQL) =>
  sql<number>`(select count(*)::int from ${qaItemNotes} n where n.deleted_at is null and n.status <> 'Closed' and ${where})`;

const validator = {
  validatedById: users.id,
  validatorEmail: users.email,
  validatorFirstName: users.firstName,
  validatorLastName: users.lastName,
  validatorPatronymic: users.patronymic,
};

type ValidationRow = {
  validated: boolean;
  validatedAt: Date | null;
  withdrawnAt: Date | null;
  withdrawnCause: string | null;
  validatedById: string | null;
  validatorEmail: string | null;
  validatorFirstName: string | null;
  validatorLastName: string | null;
  validatorPatronymic: string | null;
  statuses: QaNoteStatus[] | null;
  openNotes: number;
};

function validationOf(r: ValidationRow) {
  return {
    validated: r.validated,
    validatedDate: r.validatedAt?.toISOString() ?? null,
    validatedBy: r.validatedById
      ? {
          id: r.validatedById,
          email: r.validatorEmail!,
          fullName: personFullName({
            firstName: r.validatorFirstName!,
            lastName: r.validatorLastName!,
            patronymic: r.validatorPatronymic,
          }),
        }
      : null,
    withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    withdrawnCause: r.withdrawnCause as QaWithdrawalCause | null,
    notesIndicator: qaNotesIndicator(r.statuses ?? []),
    openNotes: Number(r.openNotes),
  };
}

/** The QA visits of a version in the visits' order, with their forms' progress. */
export async function listQaVisits(db: Db, versionId: string) {
  const rows = await db
    .select({
      id: qaVisits.id,
      researchVersionId: qaVisits.researchVersionId,
      visitId: qaVisits.visitId,
      title: visits.title,
      index: visits.index,
      validated: qaVisits.validated,
      validatedAt: qaVisits.validatedAt,
      withdrawnAt: qaVisits.withdrawnAt,
      withdrawnCause: qaVisits.withdrawnCause,
      ...validator,
      statuses: noteStatuses(sql`n.qa_visit_id = ${qaVisits.id}`),
      openNotes: openNoteCount(sql`n.qa_visit_id = ${qaVisits.id}`),
      formsTotal: sql<number>`(select count(*)::int from ${qaForms} qf join ${forms} f on f.id = qf.form_id and f.deleted_at is null
        where qf.qa_visit_id = ${qaVisits.id} and exists (select 1 from ${formResearchVersions} frv
        where frv.form_id = qf.form_id and frv.research_version_id = qf.research_version_id))`,
      formsValidated: sql<number>`(select count(*)::int from ${qaForms} qf join ${forms} f on f.id = qf.form_id and f.deleted_at is null
        where qf.qa_visit_id = ${qaVisits.id} and qf.validated and exists (select 1 from ${formResearchVersions} frv
        where frv.form_id = qf.form_id and frv.research_version_id = qf.research_version_id))`,
    })
    .from(qaVisits)
    .innerJoin(visits, and(eq(visits.id, qaVisits.visitId), isNull(visits.deletedAt)))
    .leftJoin(users, eq(users.id, qaVisits.validatedBy))
    .where(and(eq(qaVisits.researchVersionId, versionId), visitInVersion))
    .orderBy(asc(visits.index), asc(visits.id));
  return rows.map((r) => ({
    id: r.id,
    researchVersionId: r.researchVersionId,
    visitId: r.visitId,
    title: r.title,
    index: r.index,
    ...validationOf(r),
    formsTotal: Number(r.formsTotal),
    formsValidated: Number(r.formsValidated),
  }));
}

/** The QA forms of one QA visit in the forms' order. */
export async function listQaForms(db: Db, qaVisitId: string) {
  const rows = await db
    .select({
      id: qaForms.id,
      qaVisitId: qaForms.qaVisitId,
      formId: qaForms.formId,
      title: forms.title,
      index: forms.index,
      validated: qaForms.validated,
      validatedAt: qaForms.validatedAt,
      withdrawnAt: qaForms.withdrawnAt,
      withdrawnCause: qaForms.withdrawnCause,
      ...validator,
      statuses: noteStatuses(sql`n.qa_form_id = ${qaForms.id}`),
      openNotes: openNoteCount(sql`n.qa_form_id = ${qaForms.id}`),
    })
    .from(qaForms)
    .innerJoin(forms, and(eq(forms.id, qaForms.formId), isNull(forms.deletedAt)))
    .leftJoin(users, eq(users.id, qaForms.validatedBy))
    .where(and(eq(qaForms.qaVisitId, qaVisitId), formInVersion))
    .orderBy(asc(forms.index), asc(forms.id));
  return rows.map((r) => ({
    id: r.id,
    qaVisitId: r.qaVisitId,
    formId: r.formId,
    title: r.title,
    index: r.index,
    ...validationOf(r),
  }));
}

export async function findQaVisit(db: Db, id: string) {
  const [row] = await db.select().from(qaVisits).where(eq(qaVisits.id, id)).limit(1);
  return row;
}

export async function findQaForm(db: Db, id: string) {
  const [row] = await db.select().from(qaForms).where(eq(qaForms.id, id)).limit(1);
  return row;
}

/** The open notes on a QA visit (its forms', fields' and rules' included) or on a QA form. */
export async function openNotesOf(db: Db, item: { qaVisitId: string } | { qaFormId: string }): Promise<number> {
  const where = 'qaFormId' in item ? eq(qaItemNotes.qaFormId, item.qaFormId) : eq(qaItemNotes.qaVisitId, item.qaVisitId);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(qaItemNotes)
    .where(and(where, isNull(qaItemNotes.deletedAt), sql`${qaItemNotes.status} <> 'Closed'`));
  return Number(row?.n ?? 0);
}

/** The visits and forms of a version QA has not validated, in the design's order (the gate's message). */
export async function unvalidatedItems(db: Db, versionId: string): Promise<UnvalidatedItem[]> {
  const visitRows = await db
    .select({ title: visits.title })
    .from(qaVisits)
    .innerJoin(visits, and(eq(visits.id, qaVisits.visitId), isNull(visits.deletedAt)))
    .where(and(eq(qaVisits.researchVersionId, versionId), eq(qaVisits.validated, false), visitInVersion))
    .orderBy(asc(visits.index));
  const formRows = await db
    .select({ title: forms.title, visitTitle: visits.title })
    .from(qaForms)
    .innerJoin(forms, and(eq(forms.id, qaForms.formId), isNull(forms.deletedAt)))
    .innerJoin(visits, eq(visits.id, forms.visitId))
    .where(and(eq(qaForms.researchVersionId, versionId), eq(qaForms.validated, false), formInVersion))
    .orderBy(asc(visits.index), asc(forms.index));
  return [
    ...visitRows.map((v) => ({ kind: 'visit' as const, title: v.title })),
    ...formRows.map((f) => ({ kind: 'form' as const, title: f.title, visitTitle: f.visitTitle })),
  ];
}
