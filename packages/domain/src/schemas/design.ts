import { z } from 'zod';
import { EMPLOYEE_TYPES, GENDERS, RESEARCH_VERSION_STATUSES } from '../enums.js';
import { DATA_LINK_TYPES, DEFAULT_FORM_EMPLOYEE_TYPES, DURATION_PATTERN, FIELD_TYPES } from '../design/enums.js';
import { VISIT_TYPES } from '../subjects/subject-status.js';
import { VERSION_ACTION_NAMES } from '../design/version-status.js';
import { id, isoDate } from './common.js';
import { timeFieldReply } from './time-points.js';

/**
 * Requests and replies of the study-design API (spec section 7: Researches, ResearchVersions,
 * ProtocolVersions, Visits, Forms, FormSections, FormFields, FormTypes, Fields, FormTemplates) and of
 * the ODM import and export. Exported from the package as the `design` namespace.
 */

// ---------------------------------------------------------------------------------------------- pieces

const title = z.string().trim().min(1).max(500);
const text = (max = 4000) => z.string().trim().max(max).nullish();
const key = z.string().trim().min(1).max(200);
const label = z.string().trim().min(1).max(100);
const pointList = z.array(label).max(200);
const int = z.number().int();
/**
 * Optimistic concurrency: the `updatedAt` the client last read, required on every update (400 naming it
 * when missing); a different stored value answers 409.
 */
const updatedAt = z.iso.datetime({ offset: true });
const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const visitType = z.enum(VISIT_TYPES);
export const fieldType = z.enum(FIELD_TYPES);
export const dataLinkType = z.enum(DATA_LINK_TYPES);
export const gender = z.enum(GENDERS);
export const employeeTypeList = z.array(z.enum(EMPLOYEE_TYPES)).min(1).max(EMPLOYEE_TYPES.length);
export const researchVersionStatus = z.enum(RESEARCH_VERSION_STATUSES);
export const duration = z.string().regex(DURATION_PATTERN, 'hh:mm:ss');

export const versionRef = z.object({ id, index: z.string() });
export const named = z.object({ id, title: z.string() });

/** A list scoped to a research: `researchId`, else the caller's current employee research. */
export const researchQuery = z.object({ researchId: id.optional() });
export const idParams = z.object({ id });
export const changeIndexParams = z.object({ id, endIndex: z.coerce.number().int() });
/** The index the client saw the item at; a different current index answers 409 (stale reorder). */
export const changeIndexBody = z.object({ startIndex: int.min(0).optional(), endIndex: int.min(0).optional() }).nullish();

// ---------------------------------------------------------------------------------------- researches

const researchFields = {
  drTrialId: z.string().trim().max(100).nullish(),
  grlsProtocolNumber: z.string().trim().min(1).max(200),
  grlsRkiNumber: int.min(0).nullish(),
  grlsProtocol: z.string().trim().min(1).max(4000),
  sponsor: z.string().trim().min(1).max(500),
  grlsStartDate: isoDate,
  grlsPhase: z.string().trim().min(1).max(100),
  mnn: z.string().trim().min(1).max(500),
  protocolVersion: z.string().trim().min(1).max(100),
  protocolVersionDate: isoDate,
  plannedSubject: int.min(0).nullish(),
  totalPeriods: int.min(1).max(100),
  pointList,
  groupList: z.array(label).max(50),
  researchKey: z.string().trim().max(100).nullish(),
  withIwrs: z.boolean(),
};

export const researchCreate = z.object({
  ...researchFields,
  totalPeriods: researchFields.totalPeriods.default(1),
  pointList: researchFields.pointList.default([]),
  groupList: researchFields.groupList.default([]),
  withIwrs: researchFields.withIwrs.default(false),
});
/** Research info: protocol version, its date and the start date stay required; IWRS has its own call. */
const { withIwrs: _iwrs, ...infoFields } = researchFields;
export const researchUpdate = z.object({
  ...infoFields,
  grlsProtocolNumber: researchFields.grlsProtocolNumber.optional(),
  grlsProtocol: researchFields.grlsProtocol.optional(),
  sponsor: researchFields.sponsor.optional(),
  grlsPhase: researchFields.grlsPhase.optional(),
  mnn: researchFields.mnn.optional(),
  totalPeriods: researchFields.totalPeriods.optional(),
  pointList: researchFields.pointList.optional(),
  groupList: researchFields.groupList.optional(),
  updatedAt,
});
/* Replies carry the read shape of GET /Researches/{id} (`research` of schemas/identity.ts). */

// ------------------------------------------------------------------------------- research versions

const majorIndex = int.min(0).max(9999);
const minorIndex = int.min(0).max(9999);

export const researchVersionCreate = z.object({
  researchId: id.optional(),
  description: text(),
  startedDate: isoDate,
  majorIndex,
  minorIndex,
});
export const researchVersionUpdate = z.object({
  description: text(),
  startedDate: isoDate.optional(),
  majorIndex: majorIndex.optional(),
  minorIndex: minorIndex.optional(),
  testedSubjects: int.min(0).nullish(),
  validationDocumentList: z.array(id).max(200).optional(),
  updatedAt,
});
/** The direct status change asks for a reason, which the audit trail keeps. */
export const researchVersionChangeStatus = z.object({
  versionStatus: researchVersionStatus,
  reason: z.string().trim().min(1).max(1000),
});
export const researchVersionSetAuthor = z.object({ researchVersionId: id, authorId: id });

export const versionAuthor = z.object({
  id,
  employeeType: z.string(),
  user: z.object({ id, email: z.string(), firstName: z.string(), lastName: z.string(), patronymic: z.string().nullable() }),
});
export const researchVersion = z.object({
  id,
  researchId: id,
  index: z.string(),
  majorIndex: z.number(),
  minorIndex: z.number(),
  startedDate: z.string(),
  description: z.string().nullable(),
  status: researchVersionStatus,
  testedSubjects: z.number().nullable(),
  validationDocumentList: z.array(z.string()),
  createdBy: versionAuthor.nullable(),
  /** Only the last version may change its index or date. */
  isLast: z.boolean(),
  /** The forward and back actions offered in this status. */
  actions: z.array(z.enum(VERSION_ACTION_NAMES)),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ResearchVersion = z.infer<typeof researchVersion>;

// ------------------------------------------------------------------------------- protocol versions

export const protocolVersionCreate = z.object({
  researchId: id.optional(),
  protocolVersionNumber: z.string().trim().min(1).max(100),
  protocolVersionDate: isoDate,
});
export const protocolVersionUpdate = z.object({
  protocolVersionNumber: protocolVersionCreate.shape.protocolVersionNumber.optional(),
  protocolVersionDate: isoDate.optional(),
  updatedAt,
});
export const protocolVersion = z.object({
  id,
  researchId: id,
  protocolVersionNumber: z.string(),
  protocolVersionDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

// -------------------------------------------------------------------------------------------- visits

const visitFields = {
  title,
  description: text(),
  visitKey: key,
  visitTypeString: visitType,
  dayNumber: int.min(-100000).max(100000),
  dayPlus: int.min(0).max(100000),
  dayMinus: int.min(0).max(100000),
  repeating: z.boolean(),
  isRequired: z.boolean(),
  drTrialId: z.string().trim().max(100).nullish(),
  pointList,
  /** The research versions the visit belongs to; by default the research's last version. */
  researchVersionIdList: z.array(id).max(100),
};
export const visitCreate = z.object({
  researchId: id.optional(),
  ...visitFields,
  dayNumber: visitFields.dayNumber.default(0),
  dayPlus: visitFields.dayPlus.default(0),
  dayMinus: visitFields.dayMinus.default(0),
  repeating: visitFields.repeating.default(false),
  isRequired: visitFields.isRequired.default(false),
  pointList: visitFields.pointList.default([]),
  researchVersionIdList: visitFields.researchVersionIdList.optional(),
});
export const visitUpdate = z.object(visitFields).partial().extend({ updatedAt });
export const visitListQuery = z.object({ researchId: id.optional(), researchVersionId: id.optional() });
export const visit = z.object({
  id,
  researchId: id,
  title: z.string(),
  description: z.string().nullable(),
  visitKey: z.string(),
  visitTypeString: visitType,
  dayNumber: z.number(),
  dayPlus: z.number(),
  dayMinus: z.number(),
  repeating: z.boolean(),
  isRequired: z.boolean(),
  complete: z.boolean(),
  index: z.number(),
  drTrialId: z.string().nullable(),
  pointList: z.array(z.string()),
  researchVersionList: z.array(versionRef),
  updatedAt: z.string(),
});
export type Visit = z.infer<typeof visit>;

// ---------------------------------------------------------------------------------------- form types

export const formTypeCreate = z.object({ title, description: text(), formTypeKey: key });
export const formTypeUpdate = z.object({ title, description: text(), formTypeKey: key }).partial().extend({ updatedAt });
export const formTypeListQuery = z.object({ search: z.string().trim().max(200).optional() });
export const formType = z.object({
  id,
  title: z.string(),
  description: z.string().nullable(),
  formTypeKey: z.string(),
  updatedAt: z.string(),
});

// ------------------------------------------------------------------------------ fields (definitions)

const option = z.string().max(500).nullable();
export const fieldCreate = z.object({
  formTypeId: id,
  title,
  units: text(100),
  fieldKey: key,
  fieldType,
  /** Empty options are dropped; a select needs at least one. */
  optionList: z.array(option).max(500).default([]),
  defaultOption: z.string().max(500).nullish(),
});
/** The type is read-only on edit: sending a different one answers 400. */
export const fieldUpdate = z
  .object({
    title,
    units: text(100),
    fieldKey: key,
    fieldType,
    optionList: z.array(option).max(500),
    defaultOption: z.string().max(500).nullish(),
  })
  .partial()
  .extend({ updatedAt });
export const fieldListQuery = z.object({ FormTypeId: id.optional(), formTypeId: id.optional() });
export const fieldBrief = z.object({
  id,
  title: z.string(),
  fieldKey: z.string(),
  fieldType,
  optionList: z.array(z.string()),
  defaultOption: z.string().nullable(),
  units: z.string().nullable(),
  formTypeId: id,
});
export const field = fieldBrief.extend({ formType: named, updatedAt: z.string() });
export type FieldDefinition = z.infer<typeof field>;

// --------------------------------------------------------------------------------------------- forms

const formFields = {
  formTypeId: id,
  title,
  formKey: z.string().trim().max(200).nullish(),
  isRequired: z.boolean(),
  repeating: z.boolean(),
  employeeTypesList: employeeTypeList,
  genderString: gender,
  /** By default the research's last version. */
  researchVersionIdList: z.array(id).max(100),
};
export const formCreate = z.object({
  visitId: id,
  ...formFields,
  isRequired: formFields.isRequired.default(false),
  repeating: formFields.repeating.default(false),
  employeeTypesList: formFields.employeeTypesList.default([...DEFAULT_FORM_EMPLOYEE_TYPES]),
  genderString: formFields.genderString.default('Both'),
  researchVersionIdList: formFields.researchVersionIdList.optional(),
});
export const formUpdate = z.object(formFields).partial().extend({ updatedAt });
export const formListQuery = z.object({
  VisitId: id.optional(),
  visitId: id.optional(),
  Repeated: booleanQuery,
  repeated: booleanQuery,
  researchId: id.optional(),
  researchVersionId: id.optional(),
});
export const formFromTemplate = z.object({
  formTemplateId: id,
  visitId: id,
  title: title.optional(),
  researchVersionIdList: z.array(id).max(100).optional(),
});
export const formCopyToVisitList = z.object({ visitIdList: z.array(id).min(1).max(200) });
export const formCopyFormList = z.object({ formIdList: z.array(id).min(1).max(200) });
export const splitVersionParams = z.object({ id, n: id });
export const sectionBrief = z.object({ id, sectionName: z.string(), formSectionKey: z.string().nullable(), index: z.number() });
export const form = z.object({
  id,
  researchId: id,
  visitId: id,
  title: z.string(),
  formKey: z.string().nullable(),
  formType: named,
  isRequired: z.boolean(),
  repeating: z.boolean(),
  complete: z.boolean(),
  index: z.number(),
  employeeTypesList: z.array(z.enum(EMPLOYEE_TYPES)),
  genderString: gender,
  researchVersionList: z.array(versionRef),
  /** Present on GET /Forms/{id}. */
  formSectionList: z.array(sectionBrief).optional(),
  updatedAt: z.string(),
});
export type Form = z.infer<typeof form>;

// ------------------------------------------------------------------------------------- form fields

const formFieldProps = {
  text: z.string().trim().min(1).max(4000),
  textBefore: text(),
  textAfter: text(),
  annotationKey: text(200),
  dataLink: dataLinkType.nullish(),
  isRequired: z.boolean(),
  clinicalSignificance: z.boolean(),
  comment: text(),
  units: text(100),
  formName: text(200),
  regExMask: text(500),
  mask: text(200),
  isHidden: z.boolean(),
  requiredForEdc: z.boolean(),
  /** A context form needs both the form and a text. */
  contextFormId: id.nullish(),
  contextText: text(1000),
  /** Time and date-time fields: a time point of this duration (hh:mm:ss); `isTimePoint` alone means 00:00:00. */
  duration: duration.nullish(),
  isTimePoint: z.boolean().optional(),
};
const formFieldDefaults = {
  isRequired: formFieldProps.isRequired.default(false),
  clinicalSignificance: formFieldProps.clinicalSignificance.default(false),
  isHidden: formFieldProps.isHidden.default(false),
  requiredForEdc: formFieldProps.requiredForEdc.default(false),
};
export const formFieldCreate = z.object({ formSectionId: id, fieldId: id, ...formFieldProps, ...formFieldDefaults });
/** Several fields at once; a missing text is the field definition's title. */
export const formFieldCreateList = z.object({
  formSectionId: id,
  formFieldList: z
    .array(z.object({ fieldId: id, ...formFieldProps, ...formFieldDefaults, text: formFieldProps.text.optional() }))
    .min(1)
    .max(500),
});
export const formFieldUpdate = z.object(formFieldProps).partial().extend({ updatedAt });
export const formFieldListQuery = z.object({ formSectionId: id.optional(), formId: id.optional() });
export const formFieldTimeQuery = z.object({ visitId: id.optional(), formId: id.optional() });
export const setChildFormField = z.object({
  parentVisibleRule: z.string().trim().min(1).max(500),
  childFormFieldList: z.array(id).min(1).max(500),
});
export const formField = z.object({
  id,
  researchId: id,
  formId: id,
  formSectionId: id,
  field: fieldBrief,
  text: z.string(),
  textBefore: z.string().nullable(),
  textAfter: z.string().nullable(),
  annotationKey: z.string().nullable(),
  dataLink: dataLinkType.nullable(),
  isRequired: z.boolean(),
  clinicalSignificance: z.boolean(),
  comment: z.string().nullable(),
  units: z.string().nullable(),
  formName: z.string().nullable(),
  regExMask: z.string().nullable(),
  mask: z.string().nullable(),
  isHidden: z.boolean(),
  requiredForEdc: z.boolean(),
  index: z.number(),
  contextFormId: id.nullable(),
  contextText: z.string().nullable(),
  parentVisibleRule: z.string().nullable(),
  parentFormFieldId: id.nullable(),
  parentFormField: z.object({ id, text: z.string() }).nullable(),
  childFormFieldList: z.array(z.object({ id, text: z.string(), parentVisibleRule: z.string().nullable() })),
  duration: z.string().nullable(),
  updatedAt: z.string(),
});
export type FormField = z.infer<typeof formField>;
/**
 * GET /FormFields/Time: a Time or DateTime field with its form and section, its chain and whether a time point
 * uses it (time-points.ts timeFieldReply: a field with a point is not offered for a new one).
 */
export const timeFormField = formField.extend({ formTitle: z.string(), sectionName: z.string(), ...timeFieldReply.shape });

// ------------------------------------------------------------------------------------ form sections

const sectionFields = {
  sectionName: title,
  description: text(),
  formSectionKey: z.string().trim().max(200).nullish(),
  pointList,
};
export const sectionCreate = z.object({ formId: id, ...sectionFields, pointList: pointList.default([]) });
export const sectionUpdate = z.object(sectionFields).partial().extend({ updatedAt });
export const sectionListQuery = z.object({ formId: id });
/** Copy into the same form, or into `formId`. */
export const sectionCopy = z.object({ formId: id.optional() }).nullish();
export const section = z.object({
  id,
  researchId: id,
  formId: id,
  sectionName: z.string(),
  description: z.string().nullable(),
  formSectionKey: z.string().nullable(),
  pointList: z.array(z.string()),
  index: z.number(),
  updatedAt: z.string(),
});
export const sectionWithFields = section.extend({ formFieldList: z.array(formField) });
export type Section = z.infer<typeof section>;

// ---------------------------------------------------------------------------------- form templates

export const formTemplateCreate = z.object({
  formId: id,
  title: title.optional(),
  /** By default the caller's current organisation. */
  organisationId: id.optional(),
});
export const copyFormToTemplate = z.object({ title: title.optional(), organisationId: id.optional() }).nullish();
export const formTemplateListQuery = z.object({ organisationId: id.optional(), formTypeId: id.optional() });
export const formTemplate = z.object({
  id,
  title: z.string(),
  organisationId: id,
  formType: named,
  sectionCount: z.number(),
  fieldCount: z.number(),
  createdAt: z.string(),
});

// ----------------------------------------------------------------------------------------------- ODM

export const odmImportRequest = z.object({
  researchId: id.optional(),
  /** The ODM 1.3.2 document (Study / MetaDataVersion). */
  xml: z
    .string()
    .min(1)
    .max(20 * 1024 * 1024),
  /** The new version's index: by default the next major index (1.0 for the first version). */
  majorIndex: majorIndex.optional(),
  minorIndex: minorIndex.optional(),
  /** By default today, or the last version's date when that is later. */
  startedDate: isoDate.optional(),
  description: text(),
  /** Which MetaDataVersion to import when the study has several (by OID); by default the first. */
  metaDataVersionOid: z.string().max(500).optional(),
  /**
   * Update this version in place instead of creating one: only the version `sameAs` names for the file, while it
   * is Designed (docs/design-api.md "ODM", "Update of the recognised version"). The index, date and description
   * fields are then not used.
   */
  updateResearchVersionId: id.optional(),
  /** Check only: the file is read, planned and compared (and an update tried and rolled back); nothing is written. */
  dryRun: z.boolean().optional(),
});
export const odmUnmapped = z.object({ element: z.string(), oid: z.string().nullable(), message: z.string() });
const odmElementRef = z.object({ element: z.string(), oid: z.string() });
const odmChange = z.object({ before: z.string(), after: z.string() });
/**
 * The version of the research the imported file comes from again (same Study OID, most OIDs in common), and
 * what the file adds, removes and changes (name or type) against its export; each list holds at most 200.
 */
export const odmSameAs = z.object({
  researchVersionId: id,
  index: z.string(),
  added: z.array(odmElementRef),
  removed: z.array(odmElementRef),
  changed: z.array(odmElementRef.extend({ name: odmChange.optional(), type: odmChange.optional() })),
  truncated: z.boolean(),
});
/** What an update of the recognised version did to its visits, forms, sections and form fields. */
export const odmUpdateCounts = z.object({
  created: z.number(),
  /** changed in place (a form field also when its field definition changed) */
  updated: z.number(),
  unchanged: z.number(),
  /** soft-deleted, or unlinked from the version when other versions still use them */
  removed: z.number(),
});
export const odmImportReply = z.object({
  /** The version created or updated; absent on a dry run that would create one. */
  researchVersion: researchVersion.optional(),
  counts: z.object({
    visits: z.number(),
    formTypes: z.number(),
    forms: z.number(),
    sections: z.number(),
    /** field definitions (one per ItemDef) */
    fields: z.number(),
    /** fields placed on forms (one per ItemRef) */
    formFields: z.number(),
    codeLists: z.number(),
    /** study rules created (one per rule and form field it is on; docs/rules.md "ODM") */
    rules: z.number().optional(),
    /** time points and deviations created (docs/time-points.md "ODM") */
    timePoints: z.number().optional(),
    timeDeviations: z.number().optional(),
  }),
  unmapped: z.array(odmUnmapped),
  /** Present when the file is a re-import of a version of the research (it can then update that version instead). */
  sameAs: odmSameAs.optional(),
  /** Present when the import updated (or, on a dry run, would update) the recognised version. */
  update: odmUpdateCounts.optional(),
  /** True when nothing was written. */
  dryRun: z.boolean().optional(),
});
export type OdmImportReply = z.infer<typeof odmImportReply>;
