import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formValidationRefusal,
  sectionValidationRefusal,
  type SubjectFormBrief,
  type SubjectFormReply,
  type SubjectFormSectionReply,
  type SubjectVisitPage,
  type ValidationRefusal,
  type ValidationSide,
  type subjectVisitValidate,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { forms, formSections, subjectForms, subjectFormSections, subjects } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import {
  formContext,
  mayEnter,
  missing,
  visitContext,
  type FormContext,
  type SectionRow,
  type VisitContext,
} from './data-entry.context.js';
import { sectionsOfForm, subjectFormBriefs } from './data-entry.repo.js';
import { lockForm } from './field-context.js';
import { noteTypesSeenBy } from '../notes/note-actor.js';
import { getSubjectForm } from './subject-forms.service.js';
import { assertValidationSide, refusalError } from './validation-access.js';
import {
  allSectionsValidated,
  auditSectionFlag,
  FORM_FLAG,
  SECTION_FLAG,
  setFormFlag,
  setSectionFlags,
  type SectionSide,
} from './validation-flags.js';
import { openNotesCount } from './validation-notes.js';
import { visitPage } from './visit-page.service.js';
import { refreshVisitStatus } from './visit-status.js';
import { assertWithinMonitoringWorkDay } from '../monitoring-visits/work-day-window.js';

/**
 * Validation of subject forms by QA, data managers and monitors (docs/queries-and-validation.md; spec
 * operations sections 4, 6 and 7): sections (QA and DM), forms (QA, DM and KIO, and their reverts), lists
 * of forms and a visit's forms. The rules are the domain's (validation.ts); each action is one transaction
 * holding the locks of the forms it changes (lockForm: a value save on the same form waits), and refreshes
 * the visit's completed status. Validation follows the investigator's signature: signed visits and
 * subjects are validated as any other.
 */

// ------------------------------------------------------------------------------------------ loading

/** A form the caller validates: its scope (404), the caller's side (403), then its lock and fresh row. */
async function lockedForm(
  tx: Db,
  caller: ActorCaller,
  subjectFormId: string,
  path: string,
  endpoint: ValidationSide,
): Promise<FormContext> {
  const ctx = await formContext(tx, subjectFormId, caller, path);
  assertValidationSide(caller, ctx.subject, endpoint);
  await assertWithinMonitoringWorkDay(tx, caller.actor, ctx);
  await lockForm(tx, subjectFormId);
  const [fresh] = await tx.select().from(subjectForms).where(eq(subjectForms.id, subjectFormId));
  return { ...ctx, subjectForm: fresh! };
}

async function sectionOf(tx: Db, id: string) {
  const [row] = await tx
    .select({ section: subjectFormSections, name: formSections.sectionName })
    .from(subjectFormSections)
    .innerJoin(formSections, eq(formSections.id, subjectFormSections.formSectionId))
    .where(eq(subjectFormSections.id, id));
  return row;
}

// ---------------------------------------------------------------------------------------- the rules

/** Why the side cannot validate (revert) the form now; open notes are counted only when they decide. */
async function formRefusal(
  tx: Db,
  caller: ActorCaller,
  ctx: FormContext,
  side: ValidationSide,
  validate: boolean,
): Promise<ValidationRefusal | null> {
  const refusal = formValidationRefusal(side, ctx.subjectForm, validate);
  if (refusal || !validate) return refusal;
  return formValidationRefusal(
    side,
    ctx.subjectForm,
    true,
    await openNotesCount(tx, caller, { subjectFormId: ctx.subjectForm.id }),
  );
}

/** Validates (reverts) a form for a side: QA and DM also set (clear) the flag of every section. */
async function applyForm(tx: Db, caller: ActorCaller, ctx: FormContext, side: ValidationSide, validate: boolean) {
  const sections = side === 'kio' ? [] : await setSectionFlags(tx, ctx.subjectForm.id, side, validate);
  await setFormFlag(tx, caller, ctx, side, validate, { sections });
}

/** After a section's flag changed: the form is validated with its last section, reverted with any one. */
async function followSections(tx: Db, caller: ActorCaller, ctx: FormContext, side: SectionSide, validate: boolean) {
  const flagged = ctx.subjectForm[FORM_FLAG[side]];
  if (validate && !flagged && ctx.subjectForm.isComplete && (await allSectionsValidated(tx, ctx.subjectForm.id, side))) {
    await setFormFlag(tx, caller, ctx, side, true, { cause: 'sections_validated' });
  } else if (!validate && flagged) {
    await setFormFlag(tx, caller, ctx, side, false, { cause: 'section_reverted' });
  }
}

// ---------------------------------------------------------------------------------------- sections

/**
 * POST /SubjectsFormSection/{id}/QaValidate and /DmValidate: validates a confirmed section without open
 * notes (or reverts it, `validate` false, while the form is not KIO-validated); the form follows.
 */
export async function validateSection(
  deps: Deps,
  id: string,
  endpoint: SectionSide,
  input: { validate: boolean },
  caller: ActorCaller,
): Promise<SubjectFormSectionReply> {
  const subjectFormId = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ subjectFormId: subjectFormSections.subjectFormId })
      .from(subjectFormSections)
      .where(eq(subjectFormSections.id, id));
    if (!found) throw missing(caller, 'id');
    const ctx = await lockedForm(tx, caller, found.subjectFormId, 'id', endpoint);
    const { section, name } = (await sectionOf(tx, id))!;
    const flag = SECTION_FLAG[endpoint];
    const open =
      input.validate && section.isComplete && !section[flag]
        ? await openNotesCount(tx, caller, { subjectFormId: ctx.subjectForm.id, subjectFormSectionId: id })
        : 0;
    const refusal = sectionValidationRefusal(endpoint, section, ctx.subjectForm, input.validate, open);
    if (refusal) throw refusalError(refusal);
    await setSectionFlags(tx, ctx.subjectForm.id, endpoint, input.validate, id);
    await auditSectionFlag(tx, caller, ctx, { before: section, name }, endpoint, input.validate);
    await followSections(tx, caller, ctx, endpoint, input.validate);
    await refreshVisitStatus(tx, ctx.visit.id);
    return ctx.subjectForm.id;
  });
  const sections = await sectionsOfForm(deps.db, subjectFormId, noteTypesSeenBy(caller.actor));
  return sections.find((s) => s.id === id)!;
}

// ------------------------------------------------------------------------------------------- forms

/**
 * POST /SubjectsForm/{Qa|Dm|Kio}Validate (`validate` true) and /Revert{Qa|Dm|Kio}Validate (false): the
 * domain's formValidationRefusal answers 409 with its code.
 */
export async function validateForm(
  deps: Deps,
  endpoint: ValidationSide,
  validate: boolean,
  input: { subjectFormId: string },
  caller: ActorCaller,
): Promise<SubjectFormReply> {
  await deps.db.transaction(async (tx) => {
    const ctx = await lockedForm(tx, caller, input.subjectFormId, 'subjectFormId', endpoint);
    const refusal = await formRefusal(tx, caller, ctx, endpoint, validate);
    if (refusal) throw refusalError(refusal);
    await applyForm(tx, caller, ctx, endpoint, validate);
    await refreshVisitStatus(tx, ctx.visit.id);
  });
  return getSubjectForm(deps, input.subjectFormId, [], caller);
}

/**
 * POST /SubjectsForm/QaValidateList and /DmValidateList: validates every listed form that may be validated
 * and skips the others (not complete, already validated, open notes...); a form outside the caller's
 * scope fails the whole list (404 naming its index). Gives the forms this call validated, in list order.
 */
export async function validateFormList(
  deps: Deps,
  endpoint: SectionSide,
  input: { subjectFormIdList: string[] },
  caller: ActorCaller,
): Promise<SubjectFormBrief[]> {
  const done = await deps.db.transaction(async (tx) => {
    const listed = [...new Set(input.subjectFormIdList)].map((id) => ({
      id,
      path: `subjectFormIdList.${input.subjectFormIdList.indexOf(id)}`,
    }));
    // Locks in id order, so that two lists sharing forms do not wait for each other crosswise.
    const contexts = new Map<string, FormContext>();
    for (const f of [...listed].sort((a, b) => a.id.localeCompare(b.id))) {
      contexts.set(f.id, await lockedForm(tx, caller, f.id, f.path, endpoint));
    }
    const validated: FormContext[] = [];
    for (const f of listed) {
      const ctx = contexts.get(f.id)!;
      if (await formRefusal(tx, caller, ctx, endpoint, true)) continue;
      await applyForm(tx, caller, ctx, endpoint, true);
      validated.push(ctx);
    }
    // The visits in id order too, so that two lists never wait on each other's visit crosswise.
    for (const visitId of [...new Set(validated.map((c) => c.visit.id))].sort()) await refreshVisitStatus(tx, visitId);
    return validated;
  });
  const noteTypes = noteTypesSeenBy(caller.actor);
  const out: SubjectFormBrief[] = [];
  for (const ctx of done) {
    const [brief] = await subjectFormBriefs(deps.db, { id: ctx.subjectForm.id }, (f) => mayEnter(caller, ctx, f), noteTypes);
    const { row: _row, formRow: _formRow, ...rest } = brief!;
    out.push(rest);
  }
  return out;
}

// ------------------------------------------------------------------------------------------ visits

/** The visit's live forms (its own and its context forms), locked in id order, as form contexts. */
async function lockedVisitForms(tx: Db, visitCtx: VisitContext): Promise<FormContext[]> {
  const visitId = visitCtx.visit.id;
  await tx.execute(
    sql`select 1 from ${subjectForms} sf join ${subjects} s on s.id = sf.subject_id where sf.subject_visit_id = ${visitId} and sf.deleted_at is null order by sf.id for update of sf for share of s`,
  );
  const rows = await tx
    .select({ sf: subjectForms, form: forms })
    .from(subjectForms)
    .innerJoin(forms, eq(forms.id, subjectForms.formId))
    .where(and(eq(subjectForms.subjectVisitId, visitId), isNull(subjectForms.deletedAt)))
    .orderBy(asc(forms.index), asc(subjectForms.repeatedIndex));
  return rows.map((r) => ({ ...visitCtx, subjectForm: r.sf, form: r.form }));
}

type VisitValidateInput = z.infer<typeof subjectVisitValidate>;

/** The selection of a selective validation, one entry per form (a form listed twice alike counts once). */
function selectionOf(input: NonNullable<VisitValidateInput['validateSubjectFormList']>) {
  const seen = new Map<string, { validate: boolean; path: string }>();
  input.forEach((item, i) => {
    const path = `validateSubjectFormList.${i}`;
    const before = seen.get(item.subjectFormId);
    if (before && before.validate !== item.validate) {
      throw badRequest('validation', `${path}.validate`, { field: `${path}.validate`, detail: 'the form is listed twice' });
    }
    if (!before) seen.set(item.subjectFormId, { validate: item.validate, path });
  });
  return seen;
}

/**
 * POST /SubjectsVisit/{id}/QaValidate, /DmValidate, /KioValidate. Without `validateSubjectFormList`: every
 * form of the visit that may be validated is, the others are skipped. With it (selective validation): each
 * listed form is validated or reverted, a form already in the state asked for is left as it is, and any
 * other refusal fails the whole selection (409 with its code, naming the entry); a form not of this visit
 * is 404 naming the entry.
 */
export async function validateVisit(
  deps: Deps,
  id: string,
  endpoint: ValidationSide,
  input: VisitValidateInput,
  caller: ActorCaller,
): Promise<SubjectVisitPage> {
  await deps.db.transaction(async (tx) => {
    const visitCtx = await visitContext(tx, id, caller, 'id');
    assertValidationSide(caller, visitCtx.subject, endpoint);
    await assertWithinMonitoringWorkDay(tx, caller.actor, visitCtx);
    const list = await lockedVisitForms(tx, visitCtx);
    if (!input.validateSubjectFormList) {
      for (const ctx of list) {
        if (!(await formRefusal(tx, caller, ctx, endpoint, true))) await applyForm(tx, caller, ctx, endpoint, true);
      }
    } else {
      const byId = new Map(list.map((c) => [c.subjectForm.id, c]));
      for (const [subjectFormId, { validate, path }] of selectionOf(input.validateSubjectFormList)) {
        const ctx = byId.get(subjectFormId);
        if (!ctx) throw notFound(`${path}.subjectFormId`);
        if (ctx.subjectForm[FORM_FLAG[endpoint]] === validate) continue;
        const refusal = await formRefusal(tx, caller, ctx, endpoint, validate);
        if (refusal) throw refusalError(refusal, path);
        await applyForm(tx, caller, ctx, endpoint, validate);
      }
    }
    await refreshVisitStatus(tx, id);
  });
  return visitPage(deps, id, [], caller);
}

// ---------------------------------------------------------------------------- a value changed later

/**
 * For the notes' answers (a site's answer that changes a value in a QA- or DM-validated section): reverts
 * the section's QA and DM validation and with it the form's (logged Revert*, audited with the reason), in
 * the caller's transaction holding the form's lock, and refreshes the visit's status. 409
 * form_kio_validated when the monitor has validated the form: nothing may change then. Does nothing when
 * the section is not validated.
 */
export async function revertValidationForChange(
  tx: Db,
  caller: ActorCaller,
  ctx: FormContext,
  subjectFormSectionId: string,
  reason: string,
): Promise<void> {
  const row = await sectionOf(tx, subjectFormSectionId);
  if (!row || row.section.subjectFormId !== ctx.subjectForm.id) throw new Error('the section is not of this form');
  let section: SectionRow = row.section;
  if (!section.qaValidate && !section.dmValidate) return;
  const [form] = await tx.select().from(subjectForms).where(eq(subjectForms.id, ctx.subjectForm.id));
  if (form!.kioValidate) throw conflict('form_kio_validated');
  const fctx: FormContext = { ...ctx, subjectForm: form! };
  for (const side of ['qa', 'dm'] as const) {
    const flag = SECTION_FLAG[side];
    if (!section[flag]) continue;
    await setSectionFlags(tx, form!.id, side, false, section.id);
    await auditSectionFlag(tx, caller, fctx, { before: section, name: row.name }, side, false, reason);
    section = { ...section, [flag]: false, version: section.version + 1 };
    if (fctx.subjectForm[FORM_FLAG[side]]) await setFormFlag(tx, caller, fctx, side, false, { reason, cause: 'value_changed' });
  }
  await refreshVisitStatus(tx, ctx.visit.id);
}
