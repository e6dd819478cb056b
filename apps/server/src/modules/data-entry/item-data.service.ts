import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import {
  personFullName,
  type ClinicalSignificance,
  type FieldType,
  type ItemDataReply,
  type ItemDataSaved,
  type itemDataAdd,
  type itemDataClean,
  type itemDataWithReason,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { auditLog, documentFiles, documents, itemData } from '../../platform/db/schema/index.js';
import { AUDIT_COLUMNS, auditParams, sealAudit } from '../../platform/audit/audit.js';
import { placeholders, runNamed } from '../../platform/db/named.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import type { UploadedPdf } from '../documents/upload.js';
import { documentBytes } from '../documents/documents.repo.js';
import { assertMayEnter, missing } from './data-entry.context.js';
import { itemDataById, itemDataHistory } from './data-entry.repo.js';
import { validateItemValue } from './entry-rules.js';
import { fieldContext, saveContext, type SaveContext } from './field-context.js';
import { recomputeVisibility, type VisibilityChange } from './visibility.js';
import { runRulesOnSave, savedValueOf, withRuleVisibility, type Proposal } from '../rules/rule-actions.js';
import { dropRuleMails, sendRuleMails } from '../rules/rule-mails.js';
import { assertInTimeWindow } from '../time-points/time-window-check.js';
import { assertWithinMonitoringWorkDay } from '../monitoring-visits/work-day-window.js';

/**
 * Values of subject form fields (docs/data-entry.md, "Values"): append-only item data, the newest row of a
 * field being its current value. One transaction per save: the form and the subject's audit chain are
 * locked and the context read with the current value (field-context.ts saveContext), the rules checked, the
 * row written with its audit record (in one statement; when other fields hang on this one, the row, then
 * their visibility recomputed, then the record). Six statements in all with the session's (docs/data-entry.md,
 * "Performance").
 */

export type SaveMode = 'add' | 'change' | 'clean' | 'document';

export interface SaveInput {
  subjectFormFieldId: string;
  data?: string | null;
  comment?: string | null;
  clinicalSignificanceString?: ClinicalSignificance | null;
  reasonForChange?: string | null;
  /** The value the client read: required (null when there was none) for every mode but `add`. */
  currentItemDataId?: string | null;
  document?: { name: string; file: UploadedPdf };
  /**
   * An answer to a query (notes module): a QA- or DM-validated section does not refuse the value; the answer
   * reverts the validation once the value really changed.
   */
  answering?: boolean;
  /**
   * A value of the ODM ClinicalData import (data-exchange/import): written for whoever may import into the
   * research (data_import, checked by the import job) in place of the form's writers, on an unsigned subject
   * and visit; these members (source, job, file, origin) go into the audit record's `after`.
   */
  imported?: Record<string, unknown>;
}

/** QA's "change data" (spec section 6): a QA specialist (not a data manager) changes a value of a confirmed section. */
const isQaChanger = (caller: ActorCaller) =>
  caller.actor.employee?.organisationType === 'Qa' &&
  (caller.actor.employee.employeeType === 'SpecialistQa' || caller.actor.employee.employeeType === 'HeadOfQa');

/**
 * Who may change this value: the form's writers (assertMayEnter: 403 outside the subject's centre or the
 * form's roles, 409 on a signed subject or visit); QA in a confirmed section, with a reason; the clinical data
 * import (SaveInput.imported), whose job checked the importer's right.
 */
function assertMayChangeValue(caller: ActorCaller, ctx: SaveContext, mode: SaveMode, imported: boolean): void {
  if (
    imported ||
    (isQaChanger(caller) &&
      ctx.section.isComplete &&
      mode !== 'add' &&
      caller.actor.employee?.researchId === ctx.subject.researchId)
  ) {
    if (ctx.subject.isSigned) throw conflict('subject_signed');
    if (ctx.visit.signDate) throw conflict('visit_signed');
    return;
  }
  assertMayEnter(caller, ctx);
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What the audit trail keeps of a value; the subject, form and field ids make the subject's trail filterable. */
function audited(
  ctx: SaveContext,
  v: { id: string; data: string | null; comment: string | null; clinicalSignificance: string | null; documentId: string | null },
) {
  return {
    id: v.id,
    subjectId: ctx.subject.id,
    subjectVisitId: ctx.visit.id,
    subjectFormId: ctx.subjectForm.id,
    subjectFormFieldId: ctx.field.id,
    formId: ctx.form.id,
    formFieldId: ctx.formField.id,
    field: ctx.formField.text,
    data: v.data,
    comment: v.comment,
    clinicalSignificance: v.clinicalSignificance,
    documentId: v.documentId,
  };
}

/** A value ($1–$10) and its sealed audit record ($11–$28, auditParams) in one statement, giving the value's created_at. */
const SAVE_VALUE_AUDITED = `with audited as (insert into audit_log (${AUDIT_COLUMNS}) values (${placeholders(11, 18)}))
  insert into item_data (id, subject_form_field_id, data, comment, clinical_significance, reason_for_change, document_id,
    created_by, employee_id, employee_type)
  values (${placeholders(1, 10)})
  returning created_at`;

/** What a save wrote: the value's id (the current one when nothing changed), the visibility changes, the reply when written. */
interface SaveOutcome {
  saved: string;
  visibility: VisibilityChange[];
  reply?: ItemDataReply;
  /** Values the form's rules propose after the save (rules module). */
  proposals?: Proposal[];
}

const withProposals = (proposals: Proposal[] | undefined) => (proposals?.length ? { proposals } : {});

async function save(deps: Deps, caller: ActorCaller, mode: SaveMode, input: SaveInput): Promise<ItemDataSaved> {
  const { saved, visibility, reply, proposals } = await deps.db
    .transaction((tx) => saveRows(tx, caller, mode, input))
    .catch((e: unknown) => {
      dropRuleMails(caller.actor);
      throw e;
    });
  // Committed: the mails of the rules the save fired go out now (rules module).
  sendRuleMails(deps, caller.actor);
  return { itemData: reply ?? (await itemDataById(deps.db, saved))!, visibility, ...withProposals(proposals) };
}

/**
 * A save inside a caller's transaction (a note's answer changing the value with it, notes module): the same
 * locks, rules and audit record as a plain save, committed or rolled back with the caller's other writes.
 */
export async function saveValueIn(tx: Db, caller: ActorCaller, mode: SaveMode, input: SaveInput): Promise<ItemDataSaved> {
  const { saved, visibility, reply, proposals } = await saveRows(tx, caller, mode, input);
  return { itemData: reply ?? (await itemDataById(tx, saved))!, visibility, ...withProposals(proposals) };
}

/** The body of a save (the module's header): locks, context, rules, the value and its audit record. */
async function saveRows(tx: Db, caller: ActorCaller, mode: SaveMode, input: SaveInput): Promise<SaveOutcome> {
  const ctx = await saveContext(tx, input.subjectFormFieldId, caller, 'subjectFormFieldId');
  assertMayChangeValue(caller, ctx, mode, !!input.imported);
  if (!input.imported) await assertWithinMonitoringWorkDay(tx, caller.actor, ctx);
  const label = { field: ctx.formField.text };
  const fieldType = ctx.fieldDef.fieldType as FieldType;
  if ((ctx.section.qaValidate || ctx.section.dmValidate) && !input.answering) throw conflict('section_validated');
  if (ctx.field.isHidden) throw conflict('field_hidden', 'subjectFormFieldId', label);
  if (mode === 'document' && fieldType !== 'File') throw badRequest('field_not_file', 'subjectFormFieldId', label);
  if ((mode === 'add' || mode === 'change') && fieldType === 'File') throw badRequest('field_is_file', 'data', label);

  const current = ctx.current;
  const reason = input.reasonForChange?.trim() || null;
  if (mode === 'add') {
    if (current) throw conflict('item_data_stale', 'subjectFormFieldId', label);
    if (ctx.section.isComplete) throw badRequest('reason_required', 'reasonForChange');
  } else {
    if ((current || ctx.section.isComplete) && !reason) throw badRequest('reason_required', 'reasonForChange');
    if ((input.currentItemDataId ?? null) !== (current?.id ?? null)) {
      throw conflict('item_data_stale', 'currentItemDataId', label);
    }
  }

  let data: string | null = null;
  let comment: string | null = null;
  let clinicalSignificance: string | null = null;
  if (mode === 'clean') {
    if (ctx.formField.isRequired) throw badRequest('field_required_not_cleared', 'subjectFormFieldId', label);
    if (!current || (current.data === null && current.comment === null && current.clinicalSignificance === null)) {
      throw conflict('item_data_stale', 'currentItemDataId', label);
    }
  } else if (mode === 'document') {
    data = input.document!.name;
  } else {
    const check = validateItemValue(fieldType, input.data, {
      mask: ctx.formField.mask,
      regExMask: ctx.formField.regExMask,
      optionList: ctx.fieldDef.optionList,
    });
    if (!check.ok) throw badRequest('item_value_invalid', 'data', label);
    data = check.value;
    comment = input.comment?.trim() || null;
    clinicalSignificance = input.clinicalSignificanceString ?? null;
    if (clinicalSignificance && !ctx.formField.clinicalSignificance) {
      throw badRequest('clinical_significance_not_asked', 'clinicalSignificanceString', label);
    }
    if (data === null && ctx.formField.isRequired && mode === 'change') {
      throw badRequest('field_required_not_cleared', 'data', label);
    }
    if (data === null && comment === null && clinicalSignificance === null) {
      if (!current) throw badRequest('required', 'data', { field: 'data' });
      if (current.data === null && current.comment === null && current.clinicalSignificance === null) {
        // Nothing to clear: a change to the same emptiness changes nothing.
        return { saved: current.id, visibility: [] };
      }
    }
    if (
      current &&
      current.data === data &&
      current.comment === comment &&
      current.clinicalSignificance === clinicalSignificance &&
      current.documentId === null
    ) {
      // The same value again changes nothing: no new row, no audit record.
      return { saved: current.id, visibility: [] };
    }
    // A new value of a time point's field must lie in the point's window (time-points module); only fields
    // the context marks pay for the check, and a value kept (a comment changed) is not checked again.
    if (ctx.hasTimePoint && data !== null && data !== current?.data) {
      await assertInTimeWindow(tx, { formFieldId: ctx.formField.id, subjectVisitId: ctx.visit.id }, data);
    }
  }

  let documentId: string | null = null;
  let fileHash: string | undefined;
  if (mode === 'document') {
    const { name, file } = input.document!;
    const [doc] = await tx
      .insert(documents)
      .values({
        researchId: ctx.subject.researchId,
        name,
        extension: 'pdf',
        contentType: 'application/pdf',
        sizeBytes: file.bytes.length,
        status: 'Done',
        type: 'Uploaded',
        // An uploaded source document never expires (docs/documents.md, "Expiry").
        expirationDate: null,
        createdBy: caller.actor.userId,
      })
      .returning({ id: documents.id });
    await tx.insert(documentFiles).values({ documentId: doc!.id, content: file.bytes });
    documentId = doc!.id;
    fileHash = sha256(file.bytes);
  }

  const item = {
    id: uuidv7(),
    subjectFormFieldId: ctx.field.id,
    data,
    comment,
    clinicalSignificance,
    reasonForChange: reason,
    documentId,
    createdBy: caller.actor.userId,
    employeeId: caller.actor.employee?.id ?? null,
    employeeType: caller.actor.employee?.employeeType ?? null,
  };
  const action =
    mode === 'clean'
      ? 'item_data.clean'
      : mode === 'document'
        ? 'item_data.add_document'
        : current
          ? 'item_data.change'
          : 'item_data.add';
  // The audit record chains onto the head saveContext read under the chain's lock, still held.
  const audit = (visibility: VisibilityChange[]) =>
    sealAudit(
      caller.audit,
      {
        action,
        entityType: 'item_data',
        entityId: item.id,
        researchId: ctx.subject.researchId,
        subjectId: ctx.subject.id,
        before: current ? audited(ctx, current) : null,
        after: {
          ...input.imported,
          ...audited(ctx, { id: item.id, data, comment, clinicalSignificance, documentId }),
          ...(fileHash ? { sha256: fileHash } : {}),
          ...(visibility.length ? { visibility } : {}),
        },
        reason,
      },
      ctx.chainHead,
    );
  let createdAt: Date;
  let record: ReturnType<typeof audit>;
  let visibility: VisibilityChange[] = [];
  if (ctx.hasChildren) {
    // The children's visibility follows the new value, and the audit record lists what changed: the
    // value first, then the recomputation, then the record.
    createdAt = (await tx.insert(itemData).values(item).returning({ createdAt: itemData.createdAt }))[0]!.createdAt;
    visibility = await recomputeVisibility(tx, ctx.subjectForm.id);
    record = audit(visibility);
    await tx.insert(auditLog).values(record);
  } else {
    // No field hangs on this one: the value and its audit record in one statement.
    record = audit([]);
    const [inserted] = await runNamed<{ created_at: string }>(tx, 'save_value_audited', SAVE_VALUE_AUDITED, [
      item.id,
      item.subjectFormFieldId,
      item.data,
      item.comment,
      item.clinicalSignificance,
      item.reasonForChange,
      item.documentId,
      item.createdBy,
      item.employeeId,
      item.employeeType,
      ...auditParams(record),
    ]);
    createdAt = new Date(inserted!.created_at);
  }
  // The form's rules run on the value just saved, in this transaction, their audit records chained after the
  // value's (rules module, docs/rules.md "Actions").
  const rules = await runRulesOnSave(tx, caller, savedValueOf(ctx, item.id, data, current?.data ?? null, record.hash));
  const row = { id: item.id, createdAt };
  const names = ctx.callerName;
  const reply: ItemDataReply = {
    id: row.id,
    subjectFormFieldId: ctx.field.id,
    data,
    comment,
    clinicalSignificanceString: clinicalSignificance as ClinicalSignificance | null,
    reasonForChange: reason,
    documentId,
    createdAt: row.createdAt.toISOString(),
    createdBy: {
      id: caller.actor.userId,
      fullName: names?.lastName
        ? personFullName({ lastName: names.lastName, firstName: names.firstName ?? '', patronymic: names.patronymic })
        : '',
      employeeType: caller.actor.employee?.employeeType ?? null,
    },
  };
  return { saved: row.id, visibility: withRuleVisibility(visibility, rules), proposals: rules?.proposals, reply };
}

/** POST /ItemData: the first value of a field (409 item_data_stale when it has one already). */
export const addItemData = (deps: Deps, input: z.infer<typeof itemDataAdd>, caller: ActorCaller) =>
  save(deps, caller, 'add', input);

/** POST /ItemData/WithReason: a new value based on the current one the client read, with the reason for the change. */
export const changeItemData = (deps: Deps, input: z.infer<typeof itemDataWithReason>, caller: ActorCaller) =>
  save(deps, caller, 'change', input);

/** POST /ItemData/{subjectFormFieldId}/Clean: clears a field that is not required (a row with no value). */
export const cleanItemData = (
  deps: Deps,
  subjectFormFieldId: string,
  input: z.infer<typeof itemDataClean>,
  caller: ActorCaller,
) => save(deps, caller, 'clean', { ...input, subjectFormFieldId });

/** POST /ItemData/AddDocument: a file field's PDF, stored as a document; its name is the value. */
export const addItemDocument = (
  deps: Deps,
  input: { subjectFormFieldId: string; name: string; reasonForChange?: string; currentItemDataId?: string; file: UploadedPdf },
  caller: ActorCaller,
) =>
  save(deps, caller, 'document', {
    subjectFormFieldId: input.subjectFormFieldId,
    reasonForChange: input.reasonForChange,
    currentItemDataId: input.currentItemDataId ?? null,
    document: { name: input.name, file: input.file },
  });

/** GET /ItemData?subjectFormFieldId=: every value of a field, newest (current) first. */
export async function itemDataOf(deps: Deps, subjectFormFieldId: string, caller: ActorCaller): Promise<ItemDataReply[]> {
  const ctx = await fieldContext(deps.db, subjectFormFieldId, caller, 'subjectFormFieldId');
  return itemDataHistory(deps.db, ctx.field.id);
}

/** GET /ItemData/{id}/Document: the PDF of a file value, for whoever reads the subject. */
export async function itemDataDocument(deps: Deps, id: string, caller: ActorCaller): Promise<{ name: string; bytes: Buffer }> {
  const [row] = await deps.db
    .select({ field: itemData.subjectFormFieldId, documentId: itemData.documentId, name: documents.name })
    .from(itemData)
    .leftJoin(documents, eq(documents.id, itemData.documentId))
    .where(eq(itemData.id, id))
    .limit(1);
  if (!row) throw missing(caller, 'id');
  await fieldContext(deps.db, row.field, caller, 'id');
  if (!row.documentId) throw notFound('id');
  const bytes = await documentBytes(deps.db, row.documentId);
  if (!bytes) throw notFound('id');
  return { name: row.name ?? 'document', bytes };
}
