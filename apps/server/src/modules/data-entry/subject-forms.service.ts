import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { SubjectFormBrief, SubjectFormReply, subjectFormComplete, subjectFormCreate } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import {
  fields,
  formFields,
  forms,
  formSections,
  subjectFormFields,
  subjectFormLogs,
  subjectForms,
  subjectFormSections,
  subjectVisits,
  visits,
} from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { assertMayWrite } from '../subjects/subjects.policy.js';
import {
  assertMayEnter,
  formContext,
  mayEnter,
  visitContext,
  type FormContext,
  type FormRow,
  type VisitContext,
} from './data-entry.context.js';
import { applicableForms, formLogsOf, sectionsOfForm, subjectFormBriefs } from './data-entry.repo.js';
import { hiddenFields } from './entry-rules.js';
import { fieldContext, lockForm } from './field-context.js';
import { visibleValue } from './visibility.js';
import { refreshVisitStatus } from './visit-status.js';
import { validateCompletedForm } from './validation-flags.js';
import { noteTypesSeenBy } from '../notes/note-actor.js';
import { assertWithinMonitoringWorkDay } from '../monitoring-visits/work-day-window.js';

/**
 * Subject forms (docs/data-entry.md): a form of the design instantiated in a subject visit with its sections
 * and fields, added on the visit page or from a field naming a context form, completed once every section
 * is confirmed.
 */

const withForm = (ctx: VisitContext, form: FormRow): FormContext =>
  ({ ...ctx, form, subjectForm: undefined }) as unknown as FormContext;

/** The subject form in the API's shape; `pointList` keeps only the sections of those points. */
export async function subjectFormReplyOf(
  db: Db,
  ctx: FormContext,
  caller: ActorCaller,
  pointList: readonly string[] = [],
): Promise<SubjectFormReply> {
  const noteTypes = noteTypesSeenBy(caller.actor);
  const [brief] = await subjectFormBriefs(db, { id: ctx.subjectForm.id }, (form) => mayEnter(caller, ctx, form), noteTypes);
  const [visit] = await db.select({ title: visits.title }).from(visits).where(eq(visits.id, ctx.visit.visitId));
  const sections = await sectionsOfForm(db, ctx.subjectForm.id, noteTypes);
  const { row: _row, formRow: _formRow, ...rest } = brief!;
  return {
    ...rest,
    subject: {
      id: ctx.subject.id,
      identificationNumber: ctx.subject.identificationNumber,
      screeningNumber: ctx.subject.screeningNumber,
    },
    subjectVisit: { id: ctx.visit.id, date: ctx.visit.date, title: visit?.title ?? '', signDate: ctx.visit.signDate },
    subjectFormSectionList:
      pointList.length === 0 ? sections : sections.filter((s) => s.formSection.pointList.some((p) => pointList.includes(p))),
    subjectFormLogList: await formLogsOf(db, ctx.subjectForm.id),
    linkedSubjectVisitList: await linkedVisitsOf(db, ctx),
  };
}

/** The subject's other live visits holding a live subject form of the same design form (index subject_forms_subject_idx). */
async function linkedVisitsOf(db: Db, ctx: FormContext): Promise<SubjectFormReply['linkedSubjectVisitList']> {
  const rows = await db
    .selectDistinct({
      id: subjectVisits.id,
      date: subjectVisits.date,
      title: visits.title,
      repeatIndex: subjectVisits.repeatIndex,
    })
    .from(subjectForms)
    .innerJoin(subjectVisits, eq(subjectVisits.id, subjectForms.subjectVisitId))
    .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
    .where(
      and(
        eq(subjectForms.subjectId, ctx.subject.id),
        eq(subjectForms.formId, ctx.form.id),
        isNull(subjectForms.deletedAt),
        isNull(subjectVisits.deletedAt),
        ne(subjectVisits.id, ctx.visit.id),
      ),
    )
    .orderBy(asc(subjectVisits.date), asc(subjectVisits.repeatIndex));
  return rows.map((r) => ({ ...r, date: String(r.date) }));
}

/** GET /SubjectsForm/{id}. */
export async function getSubjectForm(
  deps: Deps,
  id: string,
  pointList: readonly string[],
  caller: ActorCaller,
): Promise<SubjectFormReply> {
  const ctx = await formContext(deps.db, id, caller, 'id');
  return subjectFormReplyOf(deps.db, ctx, caller, pointList);
}

const strip = ({ row: _r, formRow: _f, ...brief }: SubjectFormBrief & { row: unknown; formRow: unknown }): SubjectFormBrief =>
  brief;

/** GET /SubjectsForm?subjectVisitId=: the visit's subject forms (its own and its context forms) with their progress. */
export async function subjectFormsOf(
  deps: Deps,
  q: { subjectVisitId: string; pointList: string[] },
  caller: ActorCaller,
): Promise<SubjectFormBrief[]> {
  const ctx = await visitContext(deps.db, q.subjectVisitId, caller, 'subjectVisitId');
  const list = await subjectFormBriefs(
    deps.db,
    { subjectVisitId: ctx.visit.id },
    (f) => mayEnter(caller, ctx, f),
    noteTypesSeenBy(caller.actor),
    q.pointList,
  );
  return list.map(strip);
}

/** The highest repeatedIndex of a form in a visit (context forms included), and how many of the visit's own instances exist. */
async function instancesOf(tx: Db, subjectVisitId: string, formId: string) {
  const [row] = await tx
    .select({
      maxIndex: sql<number | null>`max(${subjectForms.repeatedIndex})`,
      own: sql<number>`count(*) filter (where ${subjectForms.contextSubjectFormFieldId} is null)::int`,
    })
    .from(subjectForms)
    .where(and(eq(subjectForms.subjectVisitId, subjectVisitId), eq(subjectForms.formId, formId), isNull(subjectForms.deletedAt)));
  return {
    next: row?.maxIndex === null || row?.maxIndex === undefined ? 0 : Number(row.maxIndex) + 1,
    own: Number(row?.own ?? 0),
  };
}

/**
 * Creates a subject form with a section per live section of the design and a field per live form field;
 * child fields point at their parent's subject form field and start hidden unless the parent's default
 * (a select's default option) matches their rule. Logs 'Created', audits, refreshes the visit's status.
 * The callers check the form first (here, and the clinical data import: data-exchange/import).
 */
export async function instantiate(
  tx: Db,
  caller: ActorCaller,
  ctx: VisitContext,
  form: FormRow,
  opts: { repeatedIndex: number; contextSubjectFormFieldId: string | null },
): Promise<string> {
  const sections = await tx
    .select({ id: formSections.id })
    .from(formSections)
    .where(and(eq(formSections.formId, form.id), isNull(formSections.deletedAt)))
    .orderBy(asc(formSections.index));
  const sectionIds = new Map(sections.map((s) => [s.id, uuidv7()]));
  const ffs = sections.length
    ? await tx
        .select({
          id: formFields.id,
          sectionId: formFields.formSectionId,
          parentId: formFields.parentFormFieldId,
          rule: formFields.parentVisibleRule,
          fieldType: fields.fieldType,
          defaultOption: fields.defaultOption,
        })
        .from(formFields)
        .innerJoin(fields, eq(fields.id, formFields.fieldId))
        .where(
          and(
            inArray(formFields.formSectionId, [...sectionIds.keys()]),
            eq(formFields.formId, form.id),
            isNull(formFields.deletedAt),
          ),
        )
        .orderBy(asc(formFields.index))
    : [];
  const fieldIds = new Map(ffs.map((f) => [f.id, uuidv7()]));
  const hidden = hiddenFields(
    ffs.map((f) => ({
      id: fieldIds.get(f.id)!,
      parentId: (f.parentId && fieldIds.get(f.parentId)) || null,
      parentVisibleRule: f.rule,
      value: visibleValue(null, f.fieldType, f.defaultOption),
    })),
  );
  const id = uuidv7();
  const userId = caller.actor.userId;
  const employeeId = caller.actor.employee?.id ?? null;
  await tx.insert(subjectForms).values({
    id,
    researchId: ctx.subject.researchId,
    subjectId: ctx.subject.id,
    subjectVisitId: ctx.visit.id,
    formId: form.id,
    contextSubjectFormFieldId: opts.contextSubjectFormFieldId,
    repeatedIndex: opts.repeatedIndex,
    createdBy: userId,
    createdByEmployeeId: employeeId,
  });
  if (sections.length) {
    await tx
      .insert(subjectFormSections)
      .values(sections.map((s) => ({ id: sectionIds.get(s.id)!, subjectFormId: id, formSectionId: s.id })));
  }
  for (let i = 0; i < ffs.length; i += 1000) {
    await tx.insert(subjectFormFields).values(
      ffs.slice(i, i + 1000).map((f) => {
        const own = fieldIds.get(f.id)!;
        return {
          id: own,
          subjectFormId: id,
          subjectFormSectionId: sectionIds.get(f.sectionId)!,
          formFieldId: f.id,
          parentSubjectFormFieldId: (f.parentId && fieldIds.get(f.parentId)) || null,
          isHidden: hidden.has(own),
        };
      }),
    );
  }
  await tx.insert(subjectFormLogs).values({
    subjectFormId: id,
    status: 'Created',
    createdBy: userId,
    employeeId,
    employeeType: caller.actor.employee?.employeeType ?? null,
  });
  await writeAudit(tx, caller.audit, {
    action: 'subject_form.create',
    entityType: 'subject_form',
    entityId: id,
    researchId: ctx.subject.researchId,
    subjectId: ctx.subject.id,
    after: {
      id,
      subjectId: ctx.subject.id,
      subjectVisitId: ctx.visit.id,
      formId: form.id,
      form: form.title,
      repeatedIndex: opts.repeatedIndex,
      contextSubjectFormFieldId: opts.contextSubjectFormFieldId,
      sectionCount: sections.length,
      fieldCount: ffs.length,
    },
  });
  await refreshVisitStatus(tx, ctx.visit.id);
  return id;
}

/** A race lost on the instance's unique index is the 409 the pre-check gives. */
function instanceConflict(e: unknown): never {
  if (isUniqueViolation(e, 'subject_forms_instance_uq')) throw conflict('form_already_added', 'formId');
  throw e;
}

/**
 * POST /SubjectsForm: adds a form of the visit (for the subject's gender, in the research version the visit
 * was created under) to a subject visit: a non-repeating form once (409 form_already_added), a repeating
 * one with the next repeatedIndex. Not after the visit is signed (409 visit_signed).
 */
export async function createSubjectForm(
  deps: Deps,
  input: z.infer<typeof subjectFormCreate>,
  caller: ActorCaller,
): Promise<SubjectFormReply> {
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const ctx = await visitContext(tx, input.subjectVisitId, caller, 'subjectVisitId', { lock: true });
      assertMayWrite(caller.actor, ctx.subject);
      const [form] = await tx
        .select()
        .from(forms)
        .where(and(eq(forms.id, input.formId), eq(forms.researchId, ctx.subject.researchId), isNull(forms.deletedAt)))
        .limit(1);
      if (!form) throw notFound('formId');
      assertMayEnter(caller, withForm(ctx, form));
      await assertWithinMonitoringWorkDay(tx, caller.actor, ctx);
      if (form.visitId !== ctx.visit.visitId) throw badRequest('form_not_in_visit', 'formId');
      if (form.gender !== 'Both' && form.gender !== ctx.subject.gender) throw badRequest('form_other_gender', 'formId');
      const applicable = await applicableForms(tx, ctx.visit.visitId, {
        gender: ctx.subject.gender,
        researchVersionId: ctx.visit.researchVersionId,
      });
      if (!applicable.some((f) => f.id === form.id)) throw badRequest('form_not_in_visit', 'formId');
      const { next, own } = await instancesOf(tx, ctx.visit.id, form.id);
      if (!form.repeating && own > 0) throw conflict('form_already_added', 'formId');
      return instantiate(tx, caller, ctx, form, { repeatedIndex: next, contextSubjectFormFieldId: null });
    });
  } catch (e) {
    instanceConflict(e);
  }
  return getSubjectForm(deps, id, [], caller);
}

/**
 * POST /SubjectsForm/Context: creates the context form a field names (its form field's contextForm) in the
 * field's subject visit, as a new instance each time; the field's form's writers may do it.
 */
export async function createContextForm(
  deps: Deps,
  input: { subjectFormFieldId: string },
  caller: ActorCaller,
): Promise<SubjectFormReply> {
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const field = await fieldContext(tx, input.subjectFormFieldId, caller, 'subjectFormFieldId');
      const ctx = await visitContext(tx, field.visit.id, caller, 'subjectFormFieldId', { lock: true });
      assertMayEnter(caller, { ...field, ...ctx });
      const label = { field: field.formField.text };
      const contextFormId = field.formField.contextFormId;
      if (!contextFormId) throw badRequest('field_no_context_form', 'subjectFormFieldId', label);
      const [form] = await tx
        .select()
        .from(forms)
        .where(and(eq(forms.id, contextFormId), isNull(forms.deletedAt)))
        .limit(1);
      if (!form) throw badRequest('field_no_context_form', 'subjectFormFieldId', label);
      const { next } = await instancesOf(tx, ctx.visit.id, form.id);
      return instantiate(tx, caller, ctx, form, { repeatedIndex: next, contextSubjectFormFieldId: field.field.id });
    });
  } catch (e) {
    instanceConflict(e);
  }
  return getSubjectForm(deps, id, [], caller);
}

/**
 * POST /SubjectsForm/{id}/Complete: every section confirmed (409 form_sections_incomplete), not complete
 * yet (409 form_already_complete); logs 'Complete' and refreshes the visit's status.
 */
export async function completeSubjectForm(
  deps: Deps,
  id: string,
  input: z.infer<typeof subjectFormComplete>,
  caller: ActorCaller,
): Promise<SubjectFormReply> {
  await deps.db.transaction(async (tx) => {
    // The form first, then the subject shared: the order every value save takes (lockForm), so that a
    // completion and a save on the same subject never wait on each other crosswise.
    await lockForm(tx, id);
    const ctx = await formContext(tx, id, caller, 'id');
    assertMayEnter(caller, ctx);
    const before = ctx.subjectForm;
    if (input.version !== undefined && input.version !== before.version) throw conflict('conflict', 'version');
    if (before.isComplete) throw conflict('form_already_complete');
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(subjectFormSections)
      .where(and(eq(subjectFormSections.subjectFormId, id), eq(subjectFormSections.isComplete, false)));
    if (Number(open?.n ?? 0) > 0) throw conflict('form_sections_incomplete');
    await markComplete(tx, caller, ctx);
  });
  return getSubjectForm(deps, id, [], caller);
}

/** Completes a subject form (one version more), logs 'Complete', audits and refreshes the visit's status. */
export async function markComplete(tx: Db, caller: ActorCaller, ctx: FormContext, reason: string | null = null): Promise<void> {
  const before = ctx.subjectForm;
  const now = new Date();
  await tx
    .update(subjectForms)
    .set({ isComplete: true, completeDate: now, version: before.version + 1, updatedAt: now })
    .where(eq(subjectForms.id, before.id));
  await tx.insert(subjectFormLogs).values({
    subjectFormId: before.id,
    status: 'Complete',
    createdBy: caller.actor.userId,
    employeeId: caller.actor.employee?.id ?? null,
    employeeType: caller.actor.employee?.employeeType ?? null,
  });
  await writeAudit(tx, caller.audit, {
    action: 'subject_form.complete',
    entityType: 'subject_form',
    entityId: before.id,
    researchId: ctx.subject.researchId,
    subjectId: ctx.subject.id,
    before: { subjectId: ctx.subject.id, formId: ctx.form.id, form: ctx.form.title, isComplete: false, version: before.version },
    after: {
      subjectId: ctx.subject.id,
      formId: ctx.form.id,
      form: ctx.form.title,
      isComplete: true,
      version: before.version + 1,
    },
    reason,
  });
  // Sections validated while the form was open make it validated now (validation-flags.ts).
  await validateCompletedForm(tx, caller, ctx);
  await refreshVisitStatus(tx, ctx.visit.id);
}
