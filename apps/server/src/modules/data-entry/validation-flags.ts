import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { validationLogStatus, type ValidationSide } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { formSections, subjectFormLogs, subjectForms, subjectFormSections } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import type { FormContext, SectionRow, SubjectFormRow } from './data-entry.context.js';

/**
 * The writes of validation (docs/queries-and-validation.md): a side's flag on sections and on the form,
 * with the invariant that a form is QA- (DM-) validated exactly when it is complete and all its sections
 * are; every change of a form's flag writes a form log row (validationLogStatus) and an audit record; every
 * change of a section's flag is audited, in the section's own record when the section was acted on, in the
 * form's record (its `sections`) when the form was. Callers hold the form's lock (lockForm) and refresh the
 * visit's status afterwards.
 */

export const FORM_FLAG = { qa: 'qaValidate', dm: 'dmValidate', kio: 'kioValidate' } as const;
const FORM_DATE = { qa: 'qaValidateDate', dm: 'dmValidateDate', kio: 'kioValidateDate' } as const;
export type SectionSide = 'qa' | 'dm';
export const SECTION_FLAG = { qa: 'qaValidate', dm: 'dmValidate' } as const;

const actionOf = (side: ValidationSide, validate: boolean) => `${validate ? '' : 'revert_'}${side}_validate`;
const flagsOf = (r: { qaValidate: boolean; dmValidate: boolean }) => ({ qaValidate: r.qaValidate, dmValidate: r.dmValidate });

export interface ChangedSection {
  id: string;
  section: string;
}

/** Sets a side's flag on the form's sections (or one of them) where it differs; one version more each. */
export async function setSectionFlags(
  tx: Db,
  subjectFormId: string,
  side: SectionSide,
  validate: boolean,
  sectionId?: string,
): Promise<ChangedSection[]> {
  const column = subjectFormSections[SECTION_FLAG[side]];
  const changed = await tx
    .update(subjectFormSections)
    .set({ [SECTION_FLAG[side]]: validate, version: sql`${subjectFormSections.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(subjectFormSections.subjectFormId, subjectFormId),
        sectionId ? eq(subjectFormSections.id, sectionId) : undefined,
        ne(column, validate),
      ),
    )
    .returning({ id: subjectFormSections.id, formSectionId: subjectFormSections.formSectionId });
  if (changed.length === 0) return [];
  const names = await tx
    .select({ id: formSections.id, name: formSections.sectionName })
    .from(formSections)
    .where(
      inArray(
        formSections.id,
        changed.map((c) => c.formSectionId),
      ),
    )
    .orderBy(asc(formSections.index));
  const byDesign = new Map(changed.map((c) => [c.formSectionId, c.id]));
  return names.map((n) => ({ id: byDesign.get(n.id)!, section: n.name }));
}

const auditedForm = (ctx: FormContext, f: SubjectFormRow) => ({
  subjectId: ctx.subject.id,
  subjectVisitId: ctx.visit.id,
  subjectFormId: f.id,
  formId: ctx.form.id,
  form: ctx.form.title,
  isComplete: f.isComplete,
  qaValidate: f.qaValidate,
  dmValidate: f.dmValidate,
  kioValidate: f.kioValidate,
  version: f.version,
});

/**
 * Sets or clears a side's flag and date on the form (one version more), logs the change and audits it
 * (`subject_form.qa_validate`, `.revert_qa_validate`, ... with the sections the same action changed).
 * Gives the form as it is now and keeps it in `ctx` (the next change of the same action starts from it).
 */
export async function setFormFlag(
  tx: Db,
  caller: ActorCaller,
  ctx: FormContext,
  side: ValidationSide,
  validate: boolean,
  opts: { sections?: ChangedSection[]; reason?: string | null; cause?: string } = {},
): Promise<SubjectFormRow> {
  const before = ctx.subjectForm;
  const now = new Date();
  const [after] = await tx
    .update(subjectForms)
    .set({
      [FORM_FLAG[side]]: validate,
      [FORM_DATE[side]]: validate ? now : null,
      version: before.version + 1,
      updatedAt: now,
    })
    .where(eq(subjectForms.id, before.id))
    .returning();
  await tx.insert(subjectFormLogs).values({
    subjectFormId: before.id,
    status: validationLogStatus(side, validate, after!),
    createdBy: caller.actor.userId,
    employeeId: caller.actor.employee?.id ?? null,
    employeeType: caller.actor.employee?.employeeType ?? null,
  });
  const sections = opts.sections ?? [];
  const sectionFlag = side === 'kio' ? null : SECTION_FLAG[side];
  const listed = (value: boolean) =>
    sectionFlag && sections.length ? { sections: sections.map((s) => ({ ...s, [sectionFlag]: value })) } : {};
  await writeAudit(tx, caller.audit, {
    action: `subject_form.${actionOf(side, validate)}`,
    entityType: 'subject_form',
    entityId: before.id,
    researchId: ctx.subject.researchId,
    subjectId: ctx.subject.id,
    before: { ...auditedForm(ctx, before), ...listed(!validate) },
    after: { ...auditedForm(ctx, after!), ...listed(validate), ...(opts.cause ? { cause: opts.cause } : {}) },
    reason: opts.reason ?? null,
  });
  ctx.subjectForm = after!;
  return after!;
}

/** The audit record of a change of one section's flag (`subject_form_section.qa_validate`, `.revert_dm_validate`...). */
export async function auditSectionFlag(
  tx: Db,
  caller: ActorCaller,
  ctx: FormContext,
  section: { before: SectionRow; name: string },
  side: SectionSide,
  validate: boolean,
  reason: string | null = null,
): Promise<void> {
  const s = section.before;
  const base = {
    id: s.id,
    subjectId: ctx.subject.id,
    subjectVisitId: ctx.visit.id,
    subjectFormId: ctx.subjectForm.id,
    formId: ctx.form.id,
    form: ctx.form.title,
    section: section.name,
  };
  const after = { ...flagsOf(s), [SECTION_FLAG[side]]: validate };
  await writeAudit(tx, caller.audit, {
    action: `subject_form_section.${actionOf(side, validate)}`,
    entityType: 'subject_form_section',
    entityId: s.id,
    researchId: ctx.subject.researchId,
    subjectId: ctx.subject.id,
    before: { ...base, ...flagsOf(s), version: s.version },
    after: { ...base, ...after, version: s.version + 1 },
    reason,
  });
}

/** Whether every section of the form carries the side's flag (a form without sections has none to carry). */
export async function allSectionsValidated(tx: Db, subjectFormId: string, side: SectionSide): Promise<boolean> {
  const [row] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      done: sql<number>`count(*) filter (where ${subjectFormSections[SECTION_FLAG[side]]})::int`,
    })
    .from(subjectFormSections)
    .where(eq(subjectFormSections.subjectFormId, subjectFormId));
  const n = Number(row?.n ?? 0);
  return n > 0 && Number(row?.done ?? 0) === n;
}

/**
 * Keeps the invariant when a form becomes complete (subject-forms.service.ts markComplete): sections
 * validated while the form was still open make it validated now, logged and audited as the completing
 * caller's action with `cause: 'sections_validated'`.
 */
export async function validateCompletedForm(tx: Db, caller: ActorCaller, ctx: FormContext): Promise<void> {
  const [fresh] = await tx.select().from(subjectForms).where(eq(subjectForms.id, ctx.subjectForm.id));
  const now = { ...ctx, subjectForm: fresh! };
  for (const side of ['qa', 'dm'] as const) {
    if (now.subjectForm[FORM_FLAG[side]] || !now.subjectForm.isComplete) continue;
    if (await allSectionsValidated(tx, now.subjectForm.id, side)) {
      await setFormFlag(tx, caller, now, side, true, { cause: 'sections_validated' });
    }
  }
}
