import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FieldType, SubjectFormSectionReply, sectionChangeStatus, sectionComment, sectionComplete } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import {
  fields,
  formFields,
  formSections,
  itemData,
  subjectFormFields,
  subjectFormSections,
  subjectFormSectionStatusLogs,
} from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict } from '../../platform/http/errors.js';
import { assertMayEnter, formContext, missing, type FormContext, type SectionRow } from './data-entry.context.js';
import { sectionsOfForm } from './data-entry.repo.js';
import { noteTypesSeenBy } from '../notes/note-actor.js';
import { completeSectionWindow, hasValue } from './entry-rules.js';
import { lockForm } from './field-context.js';
import { formatInstant } from './instant-text.js';
import { assertWithinMonitoringWorkDay } from '../monitoring-visits/work-day-window.js';

/**
 * Sections of a subject form (docs/data-entry.md, "Sections"): the status (Completed, NotCompleted with a
 * message, NotApplicable), the confirmation ("complete", now or at a time inside the window) and the
 * comment. Each change is one transaction on the locked form with the `version` the client read (409
 * otherwise), a status log row where the status or confirmation changes, and one audit record.
 */

interface SectionContext extends FormContext {
  section: SectionRow;
  sectionName: string;
}

async function sectionContext(tx: Db, id: string, caller: ActorCaller): Promise<SectionContext> {
  const [found] = await tx
    .select({ subjectFormId: subjectFormSections.subjectFormId })
    .from(subjectFormSections)
    .where(eq(subjectFormSections.id, id));
  if (!found) throw missing(caller, 'id');
  await lockForm(tx, found.subjectFormId);
  const ctx = await formContext(tx, found.subjectFormId, caller, 'id');
  const [row] = await tx
    .select({ section: subjectFormSections, name: formSections.sectionName })
    .from(subjectFormSections)
    .innerJoin(formSections, eq(formSections.id, subjectFormSections.formSectionId))
    .where(eq(subjectFormSections.id, id));
  return { ...ctx, section: row!.section, sectionName: row!.name };
}

function checkVersion(section: SectionRow, version: number) {
  if (section.version !== version) throw conflict('conflict', 'version');
}

const auditedSection = (ctx: SectionContext, s: SectionRow) => ({
  id: s.id,
  subjectId: ctx.subject.id,
  subjectVisitId: ctx.visit.id,
  subjectFormId: ctx.subjectForm.id,
  formId: ctx.form.id,
  form: ctx.form.title,
  section: ctx.sectionName,
  status: s.status,
  statusMessage: s.statusMessage,
  isComplete: s.isComplete,
  completeDate: s.completeDate,
  comment: s.comment,
  version: s.version,
});

/** Writes the section's new values (one version more), a status log row when asked, and the audit record. */
async function saveSection(
  tx: Db,
  caller: ActorCaller,
  ctx: SectionContext,
  patch: Partial<SectionRow>,
  audit: { action: string; reason?: string | null; log: boolean },
): Promise<void> {
  const before = ctx.section;
  const [after] = await tx
    .update(subjectFormSections)
    .set({ ...patch, version: before.version + 1, updatedAt: new Date() })
    .where(eq(subjectFormSections.id, before.id))
    .returning();
  const who = {
    createdBy: caller.actor.userId,
    employeeId: caller.actor.employee?.id ?? null,
    employeeType: caller.actor.employee?.employeeType ?? null,
  };
  if (audit.log) {
    await tx.insert(subjectFormSectionStatusLogs).values({
      subjectFormSectionId: before.id,
      status: after!.status,
      statusMessage: after!.statusMessage,
      isComplete: after!.isComplete,
      reasonForChange: audit.reason ?? null,
      ...who,
    });
  }
  await writeAudit(tx, caller.audit, {
    action: audit.action,
    entityType: 'subject_form_section',
    entityId: before.id,
    researchId: ctx.subject.researchId,
    subjectId: ctx.subject.id,
    before: auditedSection(ctx, before),
    after: auditedSection(ctx, after!),
    reason: audit.reason ?? null,
  });
}

async function sectionReply(db: Db, subjectFormId: string, id: string, caller: ActorCaller): Promise<SubjectFormSectionReply> {
  const sections = await sectionsOfForm(db, subjectFormId, noteTypesSeenBy(caller.actor));
  return sections.find((s) => s.id === id)!;
}

async function change(
  deps: Deps,
  id: string,
  caller: ActorCaller,
  work: (tx: Db, ctx: SectionContext) => Promise<void>,
): Promise<SubjectFormSectionReply> {
  const subjectFormId = await deps.db.transaction(async (tx) => {
    const ctx = await sectionContext(tx, id, caller);
    assertMayEnter(caller, ctx);
    await assertWithinMonitoringWorkDay(tx, caller.actor, ctx);
    await work(tx, ctx);
    return ctx.subjectForm.id;
  });
  return sectionReply(deps.db, subjectFormId, id, caller);
}

/**
 * POST /SubjectsFormSection/{id}/ChangeStatus: NotCompleted needs its message; once the section is
 * confirmed, a change needs a reason and is refused while the section is QA- or DM-validated.
 */
export function changeSectionStatus(
  deps: Deps,
  id: string,
  input: z.infer<typeof sectionChangeStatus>,
  caller: ActorCaller,
): Promise<SubjectFormSectionReply> {
  return change(deps, id, caller, async (tx, ctx) => {
    const s = ctx.section;
    checkVersion(s, input.version);
    if (s.qaValidate || s.dmValidate) throw conflict('section_validated');
    const message = input.message?.trim() || null;
    if (input.status === 'NotCompleted' && !message) throw badRequest('section_not_complete_message', 'message');
    const reason = input.reasonForChange?.trim() || null;
    if (s.isComplete && !reason) throw badRequest('reason_required', 'reasonForChange');
    const statusMessage = input.status === 'NotCompleted' ? message : null;
    if (s.status === input.status && s.statusMessage === statusMessage) return;
    await saveSection(
      tx,
      caller,
      ctx,
      { status: input.status, statusMessage },
      { action: 'subject_form_section.change_status', reason, log: true },
    );
  });
}

/** POST /SubjectsFormSection/{id}/Comment: the section's comment (null or empty clears it). */
export function commentSection(
  deps: Deps,
  id: string,
  input: z.infer<typeof sectionComment>,
  caller: ActorCaller,
): Promise<SubjectFormSectionReply> {
  return change(deps, id, caller, async (tx, ctx) => {
    checkVersion(ctx.section, input.version);
    const comment = input.comment?.trim() || null;
    if (comment === ctx.section.comment) return;
    await saveSection(tx, caller, ctx, { comment }, { action: 'subject_form_section.comment', log: false });
  });
}

/** The section's visible required fields without a value (a select with a default option and a checkbox count as filled). */
async function missingRequired(tx: Db, sectionId: string) {
  const rows = await tx
    .select({
      id: subjectFormFields.id,
      text: formFields.text,
      fieldType: fields.fieldType,
      defaultOption: fields.defaultOption,
      data: sql<
        string | null
      >`(select d.data from item_data d where d.subject_form_field_id = ${subjectFormFields.id} order by d.seq desc limit 1)`,
    })
    .from(subjectFormFields)
    .innerJoin(formFields, eq(formFields.id, subjectFormFields.formFieldId))
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(
      and(
        eq(subjectFormFields.subjectFormSectionId, sectionId),
        eq(formFields.isRequired, true),
        eq(subjectFormFields.isHidden, false),
      ),
    )
    .orderBy(formFields.index);
  return rows.filter((r) => !hasValue(r.fieldType as FieldType, r.data, r.defaultOption));
}

async function newestValueAt(tx: Db, sectionId: string): Promise<Date | null> {
  const ids = tx
    .select({ id: subjectFormFields.id })
    .from(subjectFormFields)
    .where(eq(subjectFormFields.subjectFormSectionId, sectionId));
  const [row] = await tx
    .select({ at: itemData.createdAt })
    .from(itemData)
    .where(inArray(itemData.subjectFormFieldId, ids))
    .orderBy(desc(itemData.createdAt))
    .limit(1);
  return row?.at ?? null;
}

/**
 * POST /SubjectsFormSection/{id}/Complete: confirms a section with a status (409 section_no_status), now or
 * at `date` inside the window (not in the future, not before the newest value, at most three days back:
 * 400 'Дата не может быть раньше {date}'); a Completed section needs its visible required fields filled.
 */
export function completeSection(
  deps: Deps,
  id: string,
  input: z.infer<typeof sectionComplete>,
  caller: ActorCaller,
): Promise<SubjectFormSectionReply> {
  return change(deps, id, caller, async (tx, ctx) => {
    const s = ctx.section;
    checkVersion(s, input.version);
    if (s.isComplete) throw conflict('section_already_complete');
    if (!s.status) throw conflict('section_no_status');
    if (s.status === 'Completed') {
      const [first] = await missingRequired(tx, s.id);
      if (first) throw badRequest('section_required_missing', first.id, { field: first.text });
    }
    const now = new Date();
    const date = input.date ? new Date(input.date) : now;
    const window = completeSectionWindow(await newestValueAt(tx, s.id), now);
    if (date > window.latest) throw badRequest('date_too_late', 'date', { date: formatInstant(now, caller.timeZone) });
    if (date < window.earliest) {
      throw badRequest('date_too_early', 'date', { date: formatInstant(window.earliest, caller.timeZone) });
    }
    await saveSection(
      tx,
      caller,
      ctx,
      {
        isComplete: true,
        completeDate: date,
        completeByUserId: caller.actor.userId,
        completeByEmployeeId: caller.actor.employee?.id ?? null,
        completeByEmployeeType: caller.actor.employee?.employeeType ?? null,
      },
      { action: 'subject_form_section.complete', log: true },
    );
  });
}
