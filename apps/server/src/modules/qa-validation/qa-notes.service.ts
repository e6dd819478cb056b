import { and, eq, isNull } from 'drizzle-orm';
import {
  qaNoteActionsFor,
  qaNoteStep,
  type QaItemNoteAdd,
  type QaItemNoteReply,
  type QaItemNotesQuery,
  type QaNoteAction,
  type QaNoteStatus,
} from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Deps } from '../../platform/deps.js';
import { formFields, qaForms, qaItemNotes, qaNotes, qaVisits, researchVersions, rules } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import type { Actor } from '../../platform/http/actor.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import { findQaNote, pageQaNotes, type QaNoteRecord } from './qa-notes.repo.js';
import { assertQa, assertReadQa, qaRoleOf, versionToRead } from './qa.policy.js';

const toReply = (actor: Actor, r: QaNoteRecord): QaItemNoteReply => {
  const { researchId, ...rest } = r;
  return { ...rest, actions: qaNoteActionsFor(r.status, qaRoleOf(actor, researchId)) };
};

/** GET /QaItemNotes */
export async function listQaNotes(deps: Deps, c: ActorCaller, q: QaItemNotesQuery) {
  const version = await versionToRead(deps.db, c.actor, q.researchVersionId);
  const { records, totalCount } = await pageQaNotes(deps.db, version.id, q);
  return pageOf(
    records.map((r) => toReply(c.actor, r)),
    totalCount,
    q,
  );
}

async function noteToRead(deps: Deps, actor: Actor, id: string, path = 'id') {
  const note = await findQaNote(deps.db, id);
  if (!note) throw notFound(path);
  assertReadQa(actor, note.researchId);
  return note;
}

/** GET /QaItemNotes/{id} */
export async function getQaNote(deps: Deps, c: ActorCaller, id: string): Promise<QaItemNoteReply> {
  return toReply(c.actor, await noteToRead(deps, c.actor, id));
}

/**
 * POST /QaItemNotes: QA raises a note on a visit, a form, or a field or rule of that form, while the version
 * is under validation and the visit and form are not validated (a validation stands for "no open notes").
 */
export async function addQaNote(deps: Deps, c: ActorCaller, input: QaItemNoteAdd): Promise<QaItemNoteReply> {
  const [qaVisit] = await deps.db.select().from(qaVisits).where(eq(qaVisits.id, input.qaVisitId)).limit(1);
  if (!qaVisit) throw notFound('qaVisitId');
  assertQa(c.actor, qaVisit.researchId);
  if ((input.formFieldId || input.ruleId) && !input.qaFormId) throw badRequest('required', 'qaFormId', { field: 'qaFormId' });
  if (input.formFieldId && input.ruleId) throw badRequest('qa_note_target', 'ruleId', { field: 'ruleId' });
  const id = await deps.db.transaction(async (tx) => {
    const [version] = await tx.select().from(researchVersions).where(eq(researchVersions.id, qaVisit.researchVersionId));
    if (version!.status !== 'QaValidating') {
      throw conflict('qa_version_not_validating', 'qaVisitId', { index: `${version!.majorIndex}.${version!.minorIndex}` });
    }
    const [visitNow] = await tx.select().from(qaVisits).where(eq(qaVisits.id, qaVisit.id)).for('update');
    if (visitNow!.validated) throw conflict('qa_item_validated', 'qaVisitId');
    if (input.qaFormId) {
      const [qaForm] = await tx.select().from(qaForms).where(eq(qaForms.id, input.qaFormId)).for('update');
      if (!qaForm) throw notFound('qaFormId');
      if (qaForm.qaVisitId !== qaVisit.id) throw badRequest('qa_note_target', 'qaFormId', { field: 'qaFormId' });
      if (qaForm.validated) throw conflict('qa_item_validated', 'qaFormId');
      if (input.formFieldId) {
        const [ff] = await tx
          .select({ formId: formFields.formId })
          .from(formFields)
          .where(and(eq(formFields.id, input.formFieldId), isNull(formFields.deletedAt)));
        if (!ff) throw notFound('formFieldId');
        if (ff.formId !== qaForm.formId) throw badRequest('qa_note_target', 'formFieldId', { field: 'formFieldId' });
      }
      if (input.ruleId) {
        const [rule] = await tx
          .select({ formId: rules.formId })
          .from(rules)
          .where(and(eq(rules.id, input.ruleId), isNull(rules.deletedAt)));
        if (!rule) throw notFound('ruleId');
        if (rule.formId !== qaForm.formId) throw badRequest('qa_note_target', 'ruleId', { field: 'ruleId' });
      }
    }
    const [note] = await tx
      .insert(qaItemNotes)
      .values({
        researchId: qaVisit.researchId,
        researchVersionId: qaVisit.researchVersionId,
        qaVisitId: qaVisit.id,
        qaFormId: input.qaFormId ?? null,
        formFieldId: input.formFieldId ?? null,
        ruleId: input.ruleId ?? null,
        status: 'New',
        createdBy: c.actor.userId,
      })
      .returning();
    const [message] = await tx
      .insert(qaNotes)
      .values({ qaItemNoteId: note!.id, data: input.qaItemNoteMessage, createdBy: c.actor.userId })
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'qa_item_note.create',
      entityType: 'qa_item_note',
      entityId: note!.id,
      researchId: qaVisit.researchId,
      after: { ...note, message: message!.data },
    });
    return note!.id;
  });
  return getQaNote(deps, c, id);
}

/**
 * Resolve, Close, Delete (POST /QaItemNotes/{id}/Resolve, /Close, DELETE /QaItemNotes/{id}) and a message in
 * the thread (POST /QaNotes): the state machine decides (packages/domain qa-note-rules.ts); the step is taken
 * on the note as it is under a row lock, so two people acting at once cannot both pass the check.
 */
export async function stepQaNote(
  deps: Deps,
  c: ActorCaller,
  id: string,
  action: QaNoteAction,
  message?: string,
  path = 'id',
): Promise<QaItemNoteReply | null> {
  const note = await noteToRead(deps, c.actor, id, path);
  const role = qaRoleOf(c.actor, note.researchId);
  await deps.db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(qaItemNotes)
      .where(and(eq(qaItemNotes.id, id), isNull(qaItemNotes.deletedAt)))
      .for('update');
    if (!current) throw notFound(path);
    const step = qaNoteStep(current.status as QaNoteStatus, action, role);
    if (!step.ok) throw new AppError(step.status, step.code, {}, step.status === 409 ? 'status' : undefined);
    const now = new Date();
    const change = step.next === 'Deleted' ? { deletedAt: now } : { status: step.next };
    const [after] = await tx
      .update(qaItemNotes)
      .set({ ...change, updatedAt: now })
      .where(eq(qaItemNotes.id, id))
      .returning();
    let added: string | undefined;
    if (message !== undefined) {
      const [m] = await tx.insert(qaNotes).values({ qaItemNoteId: id, data: message, createdBy: c.actor.userId }).returning();
      added = m!.id;
    }
    await writeAudit(tx, c.audit, {
      action: `qa_item_note.${action.toLowerCase()}`,
      entityType: 'qa_item_note',
      entityId: id,
      researchId: current.researchId,
      before: { status: current.status },
      after: { status: after!.status, deletedAt: after!.deletedAt, ...(added ? { qaNoteId: added, data: message } : {}) },
    });
  });
  return action === 'Delete' ? null : getQaNote(deps, c, id);
}
