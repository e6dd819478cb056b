import { z } from 'zod';
import { FIELD_TYPES } from '../design/enums.js';
import { COMPLETED_STATUSES } from '../subjects/subject-status.js';
import { id, pageQuery } from './common.js';
import { SECTION_STATUSES } from './data-entry.js';

/**
 * Requests and replies of the summary tables (/summary) and the journals (/journals), spec operations
 * sections 2 and 7 (SubjectsForm ByForm, SubjectsFormSection Journal); docs/reports.md "Summary tables and
 * journals". Both read the entries (subject forms) of one form of the design across the subjects the caller
 * reads, test sites' subjects left out as in the statistics unless asked for.
 */

const flag = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

/** GET /Summary/Forms: the research's forms to choose from (the caller's research unless an administrator names one). */
export const summaryFormsQuery = z.object({ researchId: id.optional() });

export const summaryFormOption = z.object({
  id,
  title: z.string(),
  index: z.number().int(),
  /** The form repeats within a visit, or its visit repeats. */
  repeating: z.boolean(),
  visitId: id,
  visitTitle: z.string(),
  visitIndex: z.number().int(),
});
export type SummaryFormOption = z.infer<typeof summaryFormOption>;

/** A column of a form's table: a field not hidden by the design. */
export const summaryColumn = z.object({
  formFieldId: id,
  formSectionId: id,
  text: z.string(),
  fieldType: z.enum(FIELD_TYPES),
  units: z.string().nullable(),
  isRequired: z.boolean(),
});
export type SummaryColumn = z.infer<typeof summaryColumn>;

export const summarySection = z.object({ id, sectionName: z.string(), index: z.number().int() });

/** GET /Summary/Forms/{id}: the form's sections and its visible fields, in the design's order. */
export const summaryLayout = z.object({
  formId: id,
  title: z.string(),
  visitTitle: z.string(),
  sections: z.array(summarySection),
  columns: z.array(summaryColumn),
});
export type SummaryLayout = z.infer<typeof summaryLayout>;

const entriesFilter = {
  researchOrganisationId: id.optional(),
  screeningNumber: z.string().trim().max(100).optional(),
  /** Include test sites' subjects ('true'); left out by default, as the statistics do. */
  withTestSubjects: flag,
};

/** GET /SubjectsForm/ByForm: one page of the form's entries. */
export const summaryEntriesQuery = pageQuery.extend({ formId: id, ...entriesFilter });

/** GET /SubjectsFormSection/Journal: one page of a section's entries across subjects, by screening number. */
export const journalQuery = pageQuery.extend({ formSectionId: id, ...entriesFilter });

export const entrySection = z.object({
  id,
  formSectionId: id,
  status: z.enum(SECTION_STATUSES).nullable(),
  statusMessage: z.string().nullable(),
  isComplete: z.boolean(),
  completeDate: z.string().nullable(),
  version: z.number().int(),
});
export type EntrySection = z.infer<typeof entrySection>;

/**
 * One entry (a subject form) with its subject's three numbers, its status, and the current values of its
 * visible fields by form field id — only the fields that have one (a field hidden by its parent or a rule, or
 * empty, is absent), as stored text: the page of 50 × 100 stays small.
 */
export const formEntry = z.object({
  subjectFormId: id,
  subjectId: id,
  subjectVisitId: id,
  screeningNumber: z.string(),
  randomizationNumber: z.string().nullable(),
  identificationNumber: z.string(),
  researchOrganisationNumber: z.string(),
  visitDate: z.string(),
  /** The form's index among its repeats, from 1. */
  formIndex: z.number().int(),
  status: z.enum(COMPLETED_STATUSES),
  values: z.record(z.string(), z.string()),
  sections: z.array(entrySection),
});
export type FormEntry = z.infer<typeof formEntry>;

/** A journal row: the entry plus whether the caller may complete the section from the journal. */
export const journalEntry = formEntry.extend({ canComplete: z.boolean() });
export type JournalEntry = z.infer<typeof journalEntry>;

/** GET /SubjectsFormSection/Journal/Sections: a journal to choose — a section of a visit's form. */
export const journalOption = z.object({
  formSectionId: id,
  sectionName: z.string(),
  formId: id,
  formTitle: z.string(),
  visitId: id,
  visitTitle: z.string(),
  visitIndex: z.number().int(),
});
export type JournalOption = z.infer<typeof journalOption>;
