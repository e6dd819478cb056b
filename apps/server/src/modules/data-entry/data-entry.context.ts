import { and, eq, isNull } from 'drizzle-orm';
import type { EmployeeType, SubjectStatus } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { forms, subjectForms, subjectFormSections, subjectFormFields } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { AppError, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { assertMayWrite, assertSeesSubject } from '../subjects/subjects.policy.js';
import { findSubject, type SubjectRecord } from '../subjects/subjects.repo.js';
import { findSubjectVisit, type SubjectVisitRow } from '../subjects/subject-visits.repo.js';
import { canEditForm } from './entry-rules.js';

/**
 * Who reads and writes data entry (docs/data-entry.md, "Model and API"): whoever reads the subject reads its
 * visits, forms and values (subjects.policy.ts: another centre's objects answer 404); writing needs the
 * subject's writers (site and test-site employees of its centre, 403 otherwise) whose role is in the
 * form's employeeTypesList (403), on a live unsigned subject and an unsigned visit (409).
 */

export type SubjectFormRow = typeof subjectForms.$inferSelect;
export type FormRow = typeof forms.$inferSelect;
export type SectionRow = typeof subjectFormSections.$inferSelect;
export type SubjectFormFieldRow = typeof subjectFormFields.$inferSelect;

export interface VisitContext {
  subject: SubjectRecord;
  visit: SubjectVisitRow;
}
export interface FormContext extends VisitContext {
  subjectForm: SubjectFormRow;
  form: FormRow;
}

/** An unknown id: 403 for callers with no subject view at all (as for subjects), 404 otherwise. */
export function missing(caller: ActorCaller, path: string): AppError {
  try {
    assertSeesSubject(caller.actor, undefined, path);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  return notFound(path);
}

/** A subject visit and its subject the caller reads; `lock` locks the subject row (writes on the visit serialise there). */
export async function visitContext(
  db: Db,
  subjectVisitId: string,
  caller: ActorCaller,
  path: string,
  opts: { lock?: boolean } = {},
): Promise<VisitContext> {
  const visit = await findSubjectVisit(db, subjectVisitId);
  if (!visit) throw missing(caller, path);
  const subject = await findSubject(db, visit.subjectId, { lock: opts.lock });
  assertSeesSubject(caller.actor, subject, path);
  // Re-read under the lock: the visit may have been signed meanwhile.
  const fresh = opts.lock ? await findSubjectVisit(db, subjectVisitId) : visit;
  return { subject: subject!, visit: fresh! };
}

/** A subject form with its visit, subject and form of the design. */
export async function formContext(
  db: Db,
  subjectFormId: string,
  caller: ActorCaller,
  path: string,
  opts: { lock?: boolean } = {},
): Promise<FormContext> {
  const [row] = await db
    .select({ sf: subjectForms, form: forms })
    .from(subjectForms)
    .innerJoin(forms, eq(forms.id, subjectForms.formId))
    .where(and(eq(subjectForms.id, subjectFormId), isNull(subjectForms.deletedAt)))
    .limit(1);
  if (!row) throw missing(caller, path);
  const ctx = await visitContext(db, row.sf.subjectVisitId, caller, path, opts);
  if (opts.lock) {
    const [fresh] = await db.select().from(subjectForms).where(eq(subjectForms.id, subjectFormId));
    return { ...ctx, subjectForm: fresh!, form: row.form };
  }
  return { ...ctx, subjectForm: row.sf, form: row.form };
}

const siteActor = (caller: ActorCaller) => ({
  organisationType: caller.actor.employee?.organisationType ?? null,
  employeeType: (caller.actor.employee?.employeeType ?? null) as EmployeeType | null,
});

/** Whether the caller may enter data in the form (the form's roles, the subject's centre, nothing signed). */
export function mayEnter(caller: ActorCaller, ctx: VisitContext, form: { employeeTypesList: readonly string[] }): boolean {
  if (!caller.actor.permissions.has('subjects_edit')) return false;
  if (caller.actor.employee?.researchOrganisationId !== ctx.subject.researchOrganisationId) return false;
  if (!canEditForm(siteActor(caller), form)) return false;
  return !visitLocked(ctx);
}

const visitLocked = (ctx: VisitContext) =>
  (ctx.subject.status as SubjectStatus) === 'Deleted' || ctx.subject.isSigned || !!ctx.visit.signDate;

/** What the write checks read of a visit context (a save reads only these columns: field-context.ts saveContext). */
export interface WritableVisit {
  subject: { researchOrganisationId: string; isSigned: boolean };
  visit: { signDate: unknown };
}

/** The subject's writers (403), then a live unsigned subject (409 subject_signed) and an unsigned visit (409 visit_signed). */
export function assertVisitWritable(caller: ActorCaller, ctx: WritableVisit): void {
  assertMayWrite(caller.actor, ctx.subject);
  if (ctx.subject.isSigned) throw conflict('subject_signed');
  if (ctx.visit.signDate) throw conflict('visit_signed');
}

/** Data entry in a form: the visit's writers whose role is in the form's employeeTypesList (403), then the locks (409). */
export function assertMayEnter(
  caller: ActorCaller,
  ctx: WritableVisit & { form: { employeeTypesList: readonly string[] } },
): void {
  assertMayWrite(caller.actor, ctx.subject);
  if (!canEditForm(siteActor(caller), ctx.form)) throw forbidden();
  assertVisitWritable(caller, ctx);
}

export { siteActor };
