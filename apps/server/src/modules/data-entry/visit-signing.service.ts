import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SubjectVisitPage, subjectVisitComplete, subjectVisitSign } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { forms, subjectForms, subjectFormSections, subjectVisits } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, forbidden } from '../../platform/http/errors.js';
import { userToday } from '../../platform/http/time-zone.js';
import { notBefore, notInFuture } from '../subjects/date-checks.js';
import { assertMayWrite } from '../subjects/subjects.policy.js';
import { siteActor, visitContext, type VisitContext } from './data-entry.context.js';
import { canSignVisit } from './entry-rules.js';
import { auditedSignature, checkSignerPassword, contentHash, insertSignature } from './signatures.js';
import { markComplete } from './subject-forms.service.js';
import { visitPage } from './visit-page.service.js';

/**
 * Ending and signing a subject visit (spec sections 4 and 6): a principal investigator or co-researcher of
 * the subject's site. Signing needs every form complete and the signer's password; it writes a signature
 * (signatures.ts) and the visit's sign date, after which no form can be added and no value changed.
 */

/** The subject's writers (403), then the signing roles (403 visit_sign_forbidden), then the locks (409). */
function assertSigner(caller: ActorCaller, ctx: VisitContext): void {
  assertMayWrite(caller.actor, ctx.subject);
  if (!canSignVisit(siteActor(caller))) throw forbidden('visit_sign_forbidden');
  if (ctx.subject.isSigned) throw conflict('subject_signed');
}

async function formCounts(db: Db, subjectVisitId: string) {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      open: sql<number>`count(*) filter (where not ${subjectForms.isComplete})::int`,
    })
    .from(subjectForms)
    .where(and(eq(subjectForms.subjectVisitId, subjectVisitId), isNull(subjectForms.deletedAt)));
  return { n: Number(row?.n ?? 0), open: Number(row?.open ?? 0) };
}

/** The sign rules, checked before the password and again under the lock. */
async function assertSignable(db: Db, caller: ActorCaller, ctx: VisitContext, signDate: string | undefined): Promise<string> {
  assertSigner(caller, ctx);
  if (ctx.visit.signDate) throw conflict('visit_already_signed');
  const { n, open } = await formCounts(db, ctx.visit.id);
  if (n === 0) throw conflict('visit_no_forms');
  if (open > 0) throw conflict('visit_forms_incomplete');
  if (signDate) {
    notInFuture(signDate, 'signDate');
    notBefore(signDate, ctx.visit.date, 'signDate');
    return signDate;
  }
  // The signer's today; a visit dated "today" further east is today for the signature too.
  const today = userToday(caller);
  return ctx.visit.date > today ? ctx.visit.date : today;
}

/**
 * POST /SubjectsVisit/{id}/Sign: checks the rules, then the password (a wrong one is audited as a failed
 * signature and answers 400 password_incorrect), then signs under the subject's lock: a signature row
 * with the hash of the visit's current values, the visit's sign date, one audit record.
 */
export async function signSubjectVisit(
  deps: Deps,
  id: string,
  input: z.infer<typeof subjectVisitSign>,
  caller: ActorCaller,
): Promise<SubjectVisitPage> {
  const pre = await visitContext(deps.db, id, caller, 'id');
  await assertSignable(deps.db, caller, pre, input.signDate);
  await checkSignerPassword(deps.db, caller, input.password, {
    action: 'subject_visit.sign_failed',
    entityType: 'subject_visit',
    entityId: pre.visit.id,
    researchId: pre.subject.researchId,
    subjectId: pre.subject.id,
    after: { subjectId: pre.subject.id, subjectVisitId: pre.visit.id, reason: 'password_incorrect' },
  });
  await deps.db.transaction(async (tx) => {
    const ctx = await visitContext(tx, id, caller, 'id', { lock: true });
    const signDate = await assertSignable(tx, caller, ctx, input.signDate);
    const signature = await insertSignature(tx, caller, {
      researchId: ctx.subject.researchId,
      subjectId: ctx.subject.id,
      subjectVisitId: ctx.visit.id,
      signDate,
      meaning: input.meaning,
      contentHash: await contentHash(tx, { subjectVisitId: ctx.visit.id }),
    });
    await tx.update(subjectVisits).set({ signDate, updatedAt: new Date() }).where(eq(subjectVisits.id, ctx.visit.id));
    await writeAudit(tx, caller.audit, {
      action: 'subject_visit.sign',
      entityType: 'subject_visit',
      entityId: ctx.visit.id,
      researchId: ctx.subject.researchId,
      subjectId: ctx.subject.id,
      before: { subjectId: ctx.subject.id, signDate: null },
      after: { ...auditedSignature(signature), signDate },
    });
  });
  return visitPage(deps, id, [], caller);
}

/**
 * POST /SubjectsVisit/{id}/Complete ("end the visit"): completes every form of the visit that is not
 * complete (each logged and audited, with the message as the reason) and records the message and the
 * time; the message is required when a section of the visit has no status.
 */
export async function completeSubjectVisit(
  deps: Deps,
  id: string,
  input: z.infer<typeof subjectVisitComplete>,
  caller: ActorCaller,
): Promise<SubjectVisitPage> {
  await deps.db.transaction(async (tx) => {
    // The visit's forms (in id order) before the subject: value saves lock a form and then share the
    // subject, so taking the subject first and the forms after could wait crosswise with a save.
    await tx.execute(
      sql`select 1 from ${subjectForms} where ${subjectForms.subjectVisitId} = ${id} order by ${subjectForms.id} for update`,
    );
    const ctx = await visitContext(tx, id, caller, 'id', { lock: true });
    assertSigner(caller, ctx);
    if (ctx.visit.signDate) throw conflict('visit_signed');
    if (ctx.visit.completedAt) throw conflict('visit_already_completed');
    const message = input.completeMessage?.trim() || null;
    const [noStatus] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(subjectFormSections)
      .innerJoin(subjectForms, eq(subjectForms.id, subjectFormSections.subjectFormId))
      .where(
        and(eq(subjectForms.subjectVisitId, ctx.visit.id), isNull(subjectForms.deletedAt), isNull(subjectFormSections.status)),
      );
    if (Number(noStatus?.n ?? 0) > 0 && !message) throw badRequest('visit_complete_message_required', 'completeMessage');
    const open = await tx
      .select({ sf: subjectForms, form: forms })
      .from(subjectForms)
      .innerJoin(forms, eq(forms.id, subjectForms.formId))
      .where(
        and(eq(subjectForms.subjectVisitId, ctx.visit.id), isNull(subjectForms.deletedAt), eq(subjectForms.isComplete, false)),
      );
    for (const { sf, form } of open) await markComplete(tx, caller, { ...ctx, subjectForm: sf, form }, message);
    const now = new Date();
    await tx
      .update(subjectVisits)
      .set({ completeMessage: message, completedAt: now, updatedAt: now })
      .where(eq(subjectVisits.id, ctx.visit.id));
    await writeAudit(tx, caller.audit, {
      action: 'subject_visit.complete',
      entityType: 'subject_visit',
      entityId: ctx.visit.id,
      researchId: ctx.subject.researchId,
      subjectId: ctx.subject.id,
      before: { subjectId: ctx.subject.id, completedAt: null },
      after: { subjectId: ctx.subject.id, completedAt: now, completeMessage: message, formsCompleted: open.length },
      reason: message,
    });
  });
  return visitPage(deps, id, [], caller);
}
