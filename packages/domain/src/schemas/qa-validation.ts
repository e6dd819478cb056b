import { z } from 'zod';
import { QA_NOTE_ACTIONS, QA_NOTE_STATUSES, QA_WITHDRAWAL_CAUSES } from '../qa-validation/qa-note-rules.js';
import { id, pageQuery } from './common.js';

/**
 * QA validation of the design (spec design-and-admin section 7, QA: /QaItemNotes, /QaNotes, /QaVisits,
 * /QaForms; docs/qa-validation.md). Payload names are the spec's.
 */

/** A QA note's text. */
export const qaNoteText = z.string().trim().min(1).max(4000);

/** A list filter given once or repeated (`?statusList=New&statusList=Updated`). */
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).max(20)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]) as z.infer<T>[]);

// ------------------------------------------------------------------------------------------ requests

/** GET /QaVisits: the QA visits of a version (the newest version of the caller's research when not given). */
export const qaVisitsQuery = z.object({ researchVersionId: id.optional() });
/** GET /QaForms: the QA forms of one QA visit. */
export const qaFormsQuery = z.object({ qaVisitId: id });

/** GET /QaItemNotes: the notes of a version, newest first, with the filters of the notes page. */
export const qaItemNotesQuery = pageQuery.extend({
  researchVersionId: id.optional(),
  qaVisitId: id.optional(),
  qaFormId: id.optional(),
  formFieldId: id.optional(),
  ruleId: id.optional(),
  statusList: listOf(z.enum(QA_NOTE_STATUSES)),
  /** The user who raised the note. */
  createdBy: id.optional(),
});
export type QaItemNotesQuery = z.infer<typeof qaItemNotesQuery>;

/**
 * POST /QaItemNotes: a note on a visit (qaVisitId alone), a form (with qaFormId), one of its fields (with
 * formFieldId) or one of its rules (with ruleId), with its first message.
 */
export const qaItemNoteAdd = z.object({
  qaVisitId: id,
  qaFormId: id.nullish(),
  formFieldId: id.nullish(),
  ruleId: id.nullish(),
  qaItemNoteMessage: qaNoteText,
});
export type QaItemNoteAdd = z.infer<typeof qaItemNoteAdd>;

/** POST /QaNotes: a message in a note's thread. */
export const qaNoteAdd = z.object({ qaItemNoteId: id, data: qaNoteText });

// ------------------------------------------------------------------------------------------- replies

const person = z.object({ id, email: z.string(), fullName: z.string() });

export const qaNoteReply = z.object({ id, data: z.string(), createdBy: person.nullable(), createdAt: z.string() });

export const qaItemNoteReply = z.object({
  id,
  status: z.enum(QA_NOTE_STATUSES),
  researchVersionId: id,
  createdAt: z.string(),
  createdBy: person.nullable(),
  qaVisit: z.object({ id, visitId: id, title: z.string() }),
  qaForm: z.object({ id, formId: id, title: z.string() }).nullable(),
  formField: z.object({ id, text: z.string(), formSectionId: id }).nullable(),
  rule: z.object({ id, expression: z.string() }).nullable(),
  qaNoteList: z.array(qaNoteReply),
  /** What the caller may do with the note now. */
  actions: z.array(z.enum(QA_NOTE_ACTIONS)),
});
export type QaItemNoteReply = z.infer<typeof qaItemNoteReply>;

/** What a QA visit and a QA form share: the validation and its withdrawal, the notes' indicator. */
const validation = {
  validated: z.boolean(),
  validatedDate: z.string().nullable(),
  validatedBy: person.nullable(),
  /** When a design change withdrew the last validation, and what it changed. */
  withdrawnAt: z.string().nullable(),
  withdrawnCause: z.enum(QA_WITHDRAWAL_CAUSES).nullable(),
  notesIndicator: z.enum(QA_NOTE_STATUSES).nullable(),
  openNotes: z.number(),
};

export const qaVisitReply = z.object({
  id,
  researchVersionId: id,
  visitId: id,
  title: z.string(),
  index: z.number(),
  ...validation,
  formsTotal: z.number(),
  formsValidated: z.number(),
});
export type QaVisitReply = z.infer<typeof qaVisitReply>;

export const qaFormReply = z.object({
  id,
  qaVisitId: id,
  formId: id,
  title: z.string(),
  index: z.number(),
  ...validation,
});
export type QaFormReply = z.infer<typeof qaFormReply>;
