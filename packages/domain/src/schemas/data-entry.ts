import { z } from 'zod';
import { EMPLOYEE_TYPES } from '../enums.js';
import { NOTE_STATUSES } from '../notes/note-rules.js';
import { CLINICAL_SIGNIFICANCE_VALUES, FIELD_TYPES } from '../design/enums.js';
import { id, isoDate, pageQuery } from './common.js';
import { subjectVisit } from './subjects.js';

/**
 * Requests and replies of data entry (spec operations section 7: SubjectsVisit, SubjectsForm,
 * SubjectsFormSection, ItemData; docs/data-entry.md "Model and API"). Payload names are the spec's.
 */

export const SECTION_STATUSES = ['Completed', 'NotCompleted', 'NotApplicable'] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];
export const FORM_LOG_STATUSES = [
  'Created',
  'Complete',
  'QaValidated',
  'RevertQaValidate',
  'DmValidated',
  'RevertDmValidate',
  'QaAndDmValidated',
  'KioValidated',
  'RevertKioValidate',
] as const;
export type FormLogStatus = (typeof FORM_LOG_STATUSES)[number];

/** What a signature means (21 CFR 11.50); the default when the signer names none. */
export const DEFAULT_SIGNATURE_MEANING = 'Подтверждаю достоверность данных / I confirm the data are accurate';

const version = z.number().int().min(1);
const reason = z.string().trim().min(1).max(1000);
const longText = (max: number) => z.string().max(max);
/** A value as typed: text of at most 10,000 characters; null or '' for none. */
const value = z.string().max(10_000).nullish();
const clinicalSignificance = z.enum(CLINICAL_SIGNIFICANCE_VALUES);
/**
 * The indicator of notes (queries): the most urgent status among the notes the caller sees on a field,
 * section, form or visit (New first, spec section 4); null when there are none.
 */
export const noteStatusIndicator = z.enum(NOTE_STATUSES).nullable();
const pointList = z
  .union([z.string().max(100), z.array(z.string().max(100)).max(100)])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((p) => p.trim() !== ''));

// ------------------------------------------------------------------------------------------ requests

/** GET /SubjectsVisit/{id}: `pointList` (repeated) keeps only the forms and sections of those points. */
export const subjectVisitPageQuery = z.object({ pointList });
export const subjectFormsQuery = z.object({ subjectVisitId: id, pointList });
export const subjectFormCreate = z.object({ formId: id, subjectVisitId: id });
/** POST /SubjectsForm/{id}/Complete: the `version` of the subject form the client read (409 when stale). */
export const subjectFormComplete = z.object({ version });

export const sectionChangeStatus = z.object({
  status: z.enum(SECTION_STATUSES),
  /** The reason message of NotCompleted (required for it). */
  message: longText(1000).nullish(),
  /** Required once the section is complete. */
  reasonForChange: z.string().trim().max(1000).nullish(),
  version,
});
export const sectionComment = z.object({ comment: longText(2000).nullable(), version });
/** Complete now (`date` absent or null) or at a time inside the window (ISO 8601 with offset). */
export const sectionComplete = z.object({ date: z.iso.datetime({ offset: true }).nullish(), version });

export const itemDataQuery = z.object({ subjectFormFieldId: id });
/** POST /ItemData: the first value of a field (a field that has one answers 409 with it). */
export const itemDataAdd = z.object({
  subjectFormFieldId: id,
  data: value,
  comment: longText(2000).nullish(),
  clinicalSignificanceString: clinicalSignificance.nullish(),
});
/** POST /ItemData/WithReason: a new value of a field; `currentItemDataId` is the value the client last read. */
export const itemDataWithReason = itemDataAdd.extend({
  reasonForChange: reason,
  currentItemDataId: id.nullable(),
});
/** POST /ItemData/{subjectFormFieldId}/Clean. */
export const itemDataClean = z.object({ reasonForChange: reason, currentItemDataId: id });
export const itemDataCleanParams = z.object({ subjectFormFieldId: id });
/** POST /ItemData/AddDocument multipart text fields (with the file in uploadedFile). */
export const itemDataDocumentFields = z.object({
  subjectFormFieldId: id,
  name: z.string().trim().min(1).max(300),
  reasonForChange: z.string().trim().max(1000).optional(),
  currentItemDataId: id.optional(),
});

/** POST /SubjectsVisit/{id}/Sign: the signer's password (21 CFR 11.200), the sign date, the meaning. */
export const subjectVisitSign = z.object({
  password: z.string().min(1).max(256),
  signDate: isoDate.optional(),
  meaning: z.string().trim().min(1).max(500).optional(),
});
/** POST /SubjectsVisit/{id}/Complete: ends the visit; `completeMessage` required when a section has no status. */
export const subjectVisitComplete = z.object({ completeMessage: z.string().trim().max(1000).nullish() });
/** GET /Subjects/{id}/AuditTrail: one page of the subject's audit trail, newest first; filters by form and field of the design. */
export const subjectAuditTrailQuery = pageQuery.extend({ formId: id.optional(), formFieldId: id.optional() });
/** GET /ItemData/{id}/Document: the item data's id in the path. */
export const itemDataDocumentParams = z.object({ id });

// ------------------------------------------------------------------------------------------- replies

export const itemDataReply = z.object({
  id,
  subjectFormFieldId: id,
  data: z.string().nullable(),
  comment: z.string().nullable(),
  clinicalSignificanceString: clinicalSignificance.nullable(),
  reasonForChange: z.string().nullable(),
  documentId: id.nullable(),
  createdAt: z.string(),
  createdBy: z.object({ id: id.nullable(), fullName: z.string(), employeeType: z.string().nullable() }),
});
export type ItemDataReply = z.infer<typeof itemDataReply>;

export const signatureReply = z.object({
  id,
  printedName: z.string(),
  employeeType: z.string().nullable(),
  meaning: z.string(),
  signDate: z.string(),
  signedAt: z.string(),
  contentHash: z.string(),
  /** The signed content changed after the signature (its hash no longer matches). */
  changedSinceSigning: z.boolean(),
});
export type SignatureReply = z.infer<typeof signatureReply>;

export const subjectFormFieldReply = z.object({
  id,
  formFieldId: id,
  parentSubjectFormFieldId: id.nullable(),
  isHidden: z.boolean(),
  /** The form field's attributes used at entry. */
  formField: z.object({
    id,
    text: z.string(),
    textBefore: z.string().nullable(),
    textAfter: z.string().nullable(),
    isRequired: z.boolean(),
    mask: z.string().nullable(),
    regExMask: z.string().nullable(),
    dataLink: z.string().nullable(),
    clinicalSignificance: z.boolean(),
    comment: z.string().nullable(),
    units: z.string().nullable(),
    contextFormId: id.nullable(),
    contextText: z.string().nullable(),
    parentFormFieldId: id.nullable(),
    parentVisibleRule: z.string().nullable(),
    index: z.number(),
    field: z.object({
      id,
      title: z.string(),
      fieldType: z.enum(FIELD_TYPES),
      units: z.string().nullable(),
      optionList: z.array(z.string()),
      defaultOption: z.string().nullable(),
    }),
  }),
  /** The current value (the newest item data), null when none was entered. */
  itemData: itemDataReply.nullable(),
  /**
   * The reference range that applies to the subject (by age at the visit date and gender) in the centre's
   * reference groups valid at the visit date; null when none applies.
   */
  referenceRange: z
    .object({
      minReference: z.number(),
      maxReference: z.number(),
      /** The range's own message for a value outside it (the web app shows a generic one when absent). */
      errorMessage: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** The notes on the field the caller sees: how many, and the most urgent status. */
  noteCount: z.number(),
  noteStatus: noteStatusIndicator,
  /** The context forms created from this field (GET /SubjectsFormField/{id} only). */
  contextSubjectFormList: z
    .array(
      z.object({ id, subjectVisitId: id, formId: id, title: z.string(), repeatedIndex: z.number(), isComplete: z.boolean() }),
    )
    .optional(),
});
export type SubjectFormFieldReply = z.infer<typeof subjectFormFieldReply>;

export const sectionStatusLogReply = z.object({
  status: z.string().nullable(),
  statusMessage: z.string().nullable(),
  isComplete: z.boolean(),
  reasonForChange: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.object({ fullName: z.string(), employeeType: z.string().nullable() }),
});

export const subjectFormSectionReply = z.object({
  id,
  subjectFormId: id,
  formSection: z.object({
    id,
    sectionName: z.string(),
    description: z.string().nullable(),
    index: z.number(),
    pointList: z.array(z.string()),
  }),
  status: z.enum(SECTION_STATUSES).nullable(),
  statusMessage: z.string().nullable(),
  isComplete: z.boolean(),
  completeDate: z.string().nullable(),
  completeBy: z.object({ fullName: z.string(), employeeType: z.string().nullable() }).nullable(),
  comment: z.string().nullable(),
  qaValidate: z.boolean(),
  dmValidate: z.boolean(),
  version: z.number(),
  noteStatus: noteStatusIndicator,
  subjectFormFieldList: z.array(subjectFormFieldReply),
  subjectFormSectionStatusLogList: z.array(sectionStatusLogReply),
});
export type SubjectFormSectionReply = z.infer<typeof subjectFormSectionReply>;

/** A subject form in a list: with its progress (complete sections over all, in per cent). */
export const subjectFormBrief = z.object({
  id,
  subjectVisitId: id,
  form: z.object({
    id,
    title: z.string(),
    index: z.number(),
    repeating: z.boolean(),
    employeeTypesList: z.array(z.enum(EMPLOYEE_TYPES)),
  }),
  repeatedIndex: z.number(),
  /** A context form: the subject form field it was created from; null for the visit's own forms. */
  contextSubjectFormFieldId: id.nullable(),
  isComplete: z.boolean(),
  qaValidate: z.boolean(),
  qaValidateDate: z.string().nullable(),
  dmValidate: z.boolean(),
  dmValidateDate: z.string().nullable(),
  kioValidate: z.boolean(),
  kioValidateDate: z.string().nullable(),
  sectionCount: z.number(),
  completedSectionCount: z.number(),
  progress: z.number(),
  /** The time points of the form's sections (distinct), for the form card's point chips. */
  pointList: z.array(z.string()),
  noteStatus: noteStatusIndicator,
  /** The caller may enter data in this form (role in employeeTypesList, editing centre, unsigned). */
  canEdit: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
});
export type SubjectFormBrief = z.infer<typeof subjectFormBrief>;

/** `ItemDataSaved`: the value as stored and the fields of its form whose visibility changed with it. */
export const itemDataSaved = z.object({
  itemData: itemDataReply,
  visibility: z.array(z.object({ subjectFormFieldId: id, isHidden: z.boolean() })),
  /**
   * Values the form's InsertAction rules propose after this save (docs/rules.md "Actions"), to accept or
   * reject: nothing is stored until the user saves one. Absent when none is proposed.
   */
  proposals: z.array(z.object({ subjectFormFieldId: id, value: z.string(), ruleId: id })).optional(),
});
export type ItemDataSaved = z.infer<typeof itemDataSaved>;

/** GET /SubjectsFormField/{id}/LinkData: the subject card's value proposed for a field with a data link. */
export const linkDataReply = z.object({
  /** The value in the field's stored form (dates YYYY-MM-DD), null when the subject card has none. */
  value: z.string().nullable(),
  /** The data link it came from (FullName, BirthDate, ...). */
  source: z.string(),
});
export type LinkDataReply = z.infer<typeof linkDataReply>;

export const subjectFormReply = subjectFormBrief.extend({
  subject: z.object({ id, identificationNumber: z.string(), screeningNumber: z.string() }),
  subjectVisit: z.object({ id, date: z.string(), title: z.string(), signDate: z.string().nullable() }),
  subjectFormSectionList: z.array(subjectFormSectionReply),
  subjectFormLogList: z.array(z.object({ status: z.string(), date: z.string() })),
  /** The subject's other visits that hold this form of the design (the 'linked visits' dialog), by date. */
  linkedSubjectVisitList: z.array(z.object({ id, date: z.string(), title: z.string(), repeatIndex: z.number() })),
});
export type SubjectFormReply = z.infer<typeof subjectFormReply>;

/** GET /SubjectsVisit/{id}: the subject visit page. */
export const subjectVisitPage = subjectVisit.extend({
  description: z.string().nullable(),
  pointList: z.array(z.string()),
  completeMessage: z.string().nullable(),
  completedAt: z.string().nullable(),
  subject: z.object({ id, identificationNumber: z.string(), screeningNumber: z.string(), gender: z.string() }),
  subjectFormList: z.array(subjectFormBrief),
  /** The visit's context forms ("linked forms"): those created from a field of one of its forms. */
  linkedSubjectFormList: z.array(subjectFormBrief),
  /** Forms of the visit (for the subject's gender, in the visit's research version) that may still be added. */
  availableFormList: z.array(
    z.object({
      id,
      title: z.string(),
      index: z.number(),
      repeating: z.boolean(),
      /** A required form (the design form's `isRequired`): signing warns while it has no subject form in the visit. */
      isRequired: z.boolean(),
    }),
  ),
  /**
   * The required forms of the visit (design forms with `isRequired`, for the subject's gender, in the visit's
   * research version) that have no subject form of their own in it yet, by form index; the sign dialog warns
   * about them. Listed for every reader, whatever the caller may add.
   */
  missingRequiredFormList: z.array(z.object({ id, title: z.string(), index: z.number() })),
  signature: signatureReply.nullable(),
  canSign: z.boolean(),
  canAddForms: z.boolean(),
});
export type SubjectVisitPage = z.infer<typeof subjectVisitPage>;

export const auditRecordReply = z.object({
  id,
  seq: z.number(),
  at: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: id.nullable(),
  userEmail: z.string().nullable(),
  employeeType: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditRecordReply = z.infer<typeof auditRecordReply>;
