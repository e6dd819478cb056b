import { z } from 'zod';
import { CLINICAL_SIGNIFICANCE_VALUES } from '../design/enums.js';
import { EMPLOYEE_TYPES } from '../enums.js';
import { NOTE_ENTRY_KINDS, NOTE_STATUSES, NOTE_TYPES } from '../notes/note-rules.js';
import { id, pageQuery } from './common.js';
import { itemDataSaved } from './data-entry.js';

/**
 * Notes (queries) on subject form fields and validation requests (spec operations section 7: ItemNote,
 * Statistic/ItemNoteStatistic, SubjectsVisit/SubjectsForm/SubjectsFormSection validation;
 * docs/queries-and-validation.md). Payload names are the spec's.
 */

/** A note's text (spec section 5: notes need text). */
export const noteText = z.string().trim().min(1).max(4000);

/** A list filter given once or repeated (`?noteTypeList=QaNote&noteTypeList=DmNote`). */
const listOf = <T extends z.ZodType>(item: T) =>
  z
    .union([item, z.array(item).max(50)])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]) as z.infer<T>[]);
const numberFilter = z.string().trim().max(50).optional();

// ------------------------------------------------------------------------------------------ requests

/**
 * GET /ItemNote/FilteredList and GET /ItemNote/GenerateReport: the notes of the caller's current research,
 * newest first. `forEmployee` ('me' or an employee id) keeps the notes that employee raised ('my queries').
 */
export const itemNoteFilter = pageQuery.extend({
  noteTypeList: listOf(z.enum(NOTE_TYPES)),
  noteStatusList: listOf(z.enum(NOTE_STATUSES)),
  /** The role of the employee who raised the note. */
  employeeTypeList: listOf(z.enum(EMPLOYEE_TYPES)),
  forEmployee: z.union([z.literal('me'), id]).optional(),
  screeningNumber: numberFilter,
  randomisationNumber: numberFilter,
  identificationNumber: numberFilter,
  /** The visit, form and form field of the design. */
  visitId: id.optional(),
  formId: id.optional(),
  formFieldId: id.optional(),
  researchOrganisationId: id.optional(),
});
export type ItemNoteFilter = z.infer<typeof itemNoteFilter>;

/** GET /ItemNote/History: the notes of one field, newest first, each with its entries. */
export const itemNoteHistoryQuery = z.object({ subjectFormFieldId: id });
/** POST /ItemNote/AddQaItemNote, AddDmItemNote, AddKioItemNote, AddComment. */
export const itemNoteAdd = z.object({ subjectFormFieldId: id, note: noteText });
/** A new value given with an answer: as POST /ItemData/WithReason without the field (the note's). */
export const answerItemData = z.object({
  data: z.string().max(10_000).nullish(),
  comment: z.string().max(2000).nullish(),
  clinicalSignificanceString: z.enum(CLINICAL_SIGNIFICANCE_VALUES).nullish(),
  reasonForChange: z.string().trim().min(1).max(1000),
  currentItemDataId: id.nullable(),
});
/** POST /ItemNote/{id}/Answer: the site's answer, with a change of the field's value in the same step. */
export const itemNoteAnswer = z.object({ note: noteText, itemData: answerItemData.nullish() });
/** POST /ItemNote/{id}/AnswerComment. */
export const itemNoteComment = z.object({ note: noteText });
/** POST /ItemNote/{id}/Close: `status` Closed (default) or NotApplicable, with an optional last word. */
export const itemNoteClose = z.object({
  note: z.string().trim().max(4000).nullish(),
  status: z.enum(['Closed', 'NotApplicable']).optional(),
});

/** POST /SubjectsFormSection/{id}/QaValidate and /DmValidate: `validate` false reverts. */
export const sectionValidate = z.object({ validate: z.boolean().default(true) });
/** POST /SubjectsForm/{Qa|Dm|Kio}Validate and /Revert{Qa|Dm|Kio}Validate. */
export const subjectFormValidate = z.object({ subjectFormId: id });
/** POST /SubjectsForm/QaValidateList and /DmValidateList: every listed form that may be validated is. */
export const subjectFormValidateList = z.object({ subjectFormIdList: z.array(id).min(1).max(500) });
/**
 * POST /SubjectsVisit/{id}/QaValidate, /DmValidate, /KioValidate: without a list every form of the visit
 * that may be validated is; with `validateSubjectFormList` (selective validation) each listed form is
 * validated (`validate` true) or its validation reverted (false).
 */
export const subjectVisitValidate = z.object({
  validateSubjectFormList: z
    .array(z.object({ subjectFormId: id, validate: z.boolean() }))
    .max(500)
    .optional(),
});

// ------------------------------------------------------------------------------------------- replies

const person = z.object({ id: id.nullable(), fullName: z.string(), employeeType: z.string().nullable() });

export const itemNoteEntryReply = z.object({
  id,
  kind: z.enum(NOTE_ENTRY_KINDS),
  data: z.string().nullable(),
  /** The status the entry left the note in. */
  status: z.enum(NOTE_STATUSES),
  /** The value an answer changed (its item data id). */
  itemDataId: id.nullable(),
  createdAt: z.string(),
  createdBy: person,
});
export type ItemNoteEntryReply = z.infer<typeof itemNoteEntryReply>;

export const itemNoteReply = z.object({
  id,
  type: z.enum(NOTE_TYPES),
  status: z.enum(NOTE_STATUSES),
  createdAt: z.string(),
  closeAt: z.string().nullable(),
  createdBy: person,
  subjectFormFieldId: id,
  /** Oldest first; the first is the note itself. */
  entries: z.array(itemNoteEntryReply),
  /** What the caller may do with it now. */
  canAnswer: z.boolean(),
  canComment: z.boolean(),
  canClose: z.boolean(),
});
export type ItemNoteReply = z.infer<typeof itemNoteReply>;

/** The chain from the subject to the field (spec: subjectFormFieldChain), for the queries page. */
export const itemNoteRow = z.object({
  id,
  type: z.enum(NOTE_TYPES),
  status: z.enum(NOTE_STATUSES),
  createdAt: z.string(),
  closeAt: z.string().nullable(),
  createdBy: person,
  /** The first entry's text and the newest entry's. */
  note: z.string(),
  lastEntry: z.string().nullable(),
  entryCount: z.number(),
  subject: z.object({
    id,
    identificationNumber: z.string(),
    screeningNumber: z.string(),
    randomisationNumber: z.string().nullable(),
  }),
  researchOrganisation: z.object({ id, number: z.string() }),
  subjectVisit: z.object({ id, title: z.string(), date: z.string() }),
  subjectForm: z.object({ id, title: z.string(), repeatedIndex: z.number() }),
  sectionName: z.string(),
  subjectFormField: z.object({ id, text: z.string() }),
});
export type ItemNoteRow = z.infer<typeof itemNoteRow>;

/** POST /ItemNote/{id}/Answer: the note and, when the answer changed the value, the value saved. */
export const itemNoteAnswered = z.object({ itemNote: itemNoteReply, itemData: itemDataSaved.nullable() });
export type ItemNoteAnswered = z.infer<typeof itemNoteAnswered>;

/** GET /Statistic/ItemNoteStatistic/{researchId}: per note type the caller sees. */
export const itemNoteStatistic = z.array(
  z.object({
    type: z.enum(NOTE_TYPES),
    newCount: z.number(),
    updatedCount: z.number(),
    resolutionProposedCount: z.number(),
    closedCount: z.number(),
    notApplicableCount: z.number(),
  }),
);
export type ItemNoteStatistic = z.infer<typeof itemNoteStatistic>;
