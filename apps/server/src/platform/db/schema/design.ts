import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, pk, updatedAt } from './columns.js';
import { organisations, users } from './identity.js';
import { employees, researches } from './research.js';

/** A TranslatedText of an ODM document: its language (`xml:lang`, null when none) and text. */
export interface OdmText {
  lang: string | null;
  text: string;
}

/**
 * What the ODM ItemDef a form field was imported from says that the design has no column for, so that its
 * export writes it back (docs/design-api.md "ODM"). Every key is optional: an absent key is what the export
 * writes anyway.
 */
export interface OdmItemSource {
  /** ItemDef Name, when it is not what the export would write (the annotation key or the field key). */
  name?: string;
  /** DataType, when it is not what the export writes for the field type (integer for a Number field…). */
  dataType?: string;
  length?: number;
  significantDigits?: number;
  /** `xml:lang` of the question (the form field's text). */
  questionLang?: string;
  /** The question in the other of Russian and English. */
  questionTranslations?: OdmText[];
  /** Description, when it is not the field definition's title. */
  description?: OdmText[];
  /** Every MeasurementUnitRef in order; the first is the field's unit. */
  units?: { oid: string; symbol: string }[];
  /** Aliases of other systems' contexts (SDTM, CDASH…). */
  aliases?: { context: string; name: string }[];
}

/** The ODM CodeList a select field definition's options were imported from (docs/design-api.md "ODM"). */
export interface OdmCodeListSource {
  oid: string;
  name: string;
  dataType: string;
  /** The coded value of each option (by its text) whose code is not the text itself. */
  codes?: Record<string, string>;
  /** EnumeratedItems (codes without decodes) rather than CodeListItems. */
  enumerated?: boolean;
  /** `xml:lang` of the decodes. */
  decodeLang?: string;
}

/**
 * The study design: research and protocol versions, visits, forms, sections and fields, form types and
 * field definitions, form templates. Rows are soft deleted (clinical data will refer to them); sibling
 * order is a dense 0-based `index` kept by the services under a lock on the parent row. Forms, sections
 * and form fields carry their research id so that scoping and audit need no joins.
 */

export const researchVersions = pgTable(
  'research_versions',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    majorIndex: integer('major_index').notNull(),
    minorIndex: integer('minor_index').notNull(),
    startedDate: date('started_date').notNull(),
    description: text('description'),
    /** The author: an employee of the research's admin organisation. */
    createdBy: uuid('created_by').references(() => employees.id),
    status: text('status').notNull().default('Designed'),
    testedSubjects: integer('tested_subjects'),
    validationDocumentList: jsonb('validation_document_list').$type<string[]>().notNull().default([]),
    /** The Study and MetaDataVersion OIDs of the ODM file the version was imported from; its export writes them back. */
    studyOid: text('study_oid'),
    mdvOid: text('mdv_oid'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('research_versions_research_idx').on(t.researchId),
    uniqueIndex('research_versions_index_uq')
      .on(t.researchId, t.majorIndex, t.minorIndex)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const protocolVersions = pgTable(
  'protocol_versions',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    protocolVersionNumber: text('protocol_version_number').notNull(),
    protocolVersionDate: date('protocol_version_date').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('protocol_versions_research_idx').on(t.researchId)],
);

export const visits = pgTable(
  'visits',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    title: text('title').notNull(),
    description: text('description'),
    visitKey: text('visit_key').notNull(),
    visitType: text('visit_type').notNull(),
    dayNumber: integer('day_number').notNull().default(0),
    dayPlus: integer('day_plus').notNull().default(0),
    dayMinus: integer('day_minus').notNull().default(0),
    repeating: boolean('repeating').notNull().default(false),
    isRequired: boolean('is_required').notNull().default(false),
    complete: boolean('complete').notNull().default(false),
    index: integer('index').notNull(),
    drTrialId: text('dr_trial_id'),
    pointList: jsonb('point_list').$type<string[]>().notNull().default([]),
    /** The OID of the ODM element it was imported from; its export writes it back (odm-oids.ts). */
    oid: text('oid'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('visits_research_idx').on(t.researchId, t.index),
    // One visit of a research per DrTrial visit: loading them again updates, never duplicates.
    uniqueIndex('visits_dr_trial_uq')
      .on(t.researchId, t.drTrialId)
      .where(sql`${t.deletedAt} is null and ${t.drTrialId} is not null`),
  ],
);

/** visit.researchVersionList: the versions a visit belongs to (many-to-many). */
export const visitResearchVersions = pgTable(
  'visit_research_versions',
  {
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id),
    researchVersionId: uuid('research_version_id')
      .notNull()
      .references(() => researchVersions.id),
  },
  (t) => [
    primaryKey({ columns: [t.visitId, t.researchVersionId] }),
    index('visit_research_versions_version_idx').on(t.researchVersionId),
  ],
);

export const formTypes = pgTable('form_types', {
  id: pk(),
  title: text('title').notNull(),
  description: text('description'),
  formTypeKey: text('form_type_key').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: deletedAt(),
});

/** Field definitions of a form type. */
export const fields = pgTable(
  'fields',
  {
    id: pk(),
    formTypeId: uuid('form_type_id')
      .notNull()
      .references(() => formTypes.id),
    title: text('title').notNull(),
    units: text('units'),
    fieldKey: text('field_key').notNull(),
    fieldType: text('field_type').notNull(),
    optionList: jsonb('option_list').$type<string[]>().notNull().default([]),
    defaultOption: text('default_option'),
    odmCodeList: jsonb('odm_code_list').$type<OdmCodeListSource>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('fields_form_type_idx').on(t.formTypeId)],
);

export const forms = pgTable(
  'forms',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    visitId: uuid('visit_id')
      .notNull()
      .references(() => visits.id),
    formTypeId: uuid('form_type_id')
      .notNull()
      .references(() => formTypes.id),
    title: text('title').notNull(),
    formKey: text('form_key'),
    isRequired: boolean('is_required').notNull().default(false),
    repeating: boolean('repeating').notNull().default(false),
    complete: boolean('complete').notNull().default(false),
    index: integer('index').notNull(),
    employeeTypesList: jsonb('employee_types_list').$type<string[]>().notNull().default([]),
    gender: text('gender').notNull().default('Both'),
    /**
     * Raised by triggers (migration 0012) on every change to the form's rules, its form fields or their field
     * definitions: what the rules of a save need from the design is cached by it (rules/rule-plan.ts).
     */
    rulesStamp: bigint('rules_stamp', { mode: 'number' }).notNull().default(0),
    /** The OID of the ODM element it was imported from; its export writes it back (odm-oids.ts). */
    oid: text('oid'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('forms_visit_idx').on(t.visitId, t.index), index('forms_research_idx').on(t.researchId)],
);

/** form.researchVersionList (many-to-many). */
export const formResearchVersions = pgTable(
  'form_research_versions',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    researchVersionId: uuid('research_version_id')
      .notNull()
      .references(() => researchVersions.id),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.researchVersionId] }),
    index('form_research_versions_version_idx').on(t.researchVersionId),
  ],
);

export const formSections = pgTable(
  'form_sections',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    sectionName: text('section_name').notNull(),
    description: text('description'),
    formSectionKey: text('form_section_key'),
    pointList: jsonb('point_list').$type<string[]>().notNull().default([]),
    index: integer('index').notNull(),
    /** The OID of the ODM element it was imported from; its export writes it back (odm-oids.ts). */
    oid: text('oid'),

    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('form_sections_form_idx').on(t.formId, t.index)],
);

export const formFields = pgTable(
  'form_fields',
  {
    id: pk(),
    researchId: uuid('research_id')
      .notNull()
      .references(() => researches.id),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id),
    formSectionId: uuid('form_section_id')
      .notNull()
      .references(() => formSections.id),
    fieldId: uuid('field_id')
      .notNull()
      .references(() => fields.id),
    text: text('text').notNull(),
    textBefore: text('text_before'),
    textAfter: text('text_after'),
    annotationKey: text('annotation_key'),
    dataLink: text('data_link'),
    isRequired: boolean('is_required').notNull().default(false),
    clinicalSignificance: boolean('clinical_significance').notNull().default(false),
    comment: text('comment'),
    units: text('units'),
    formName: text('form_name'),
    regExMask: text('reg_ex_mask'),
    mask: text('mask'),
    isHidden: boolean('is_hidden').notNull().default(false),
    requiredForEdc: boolean('required_for_edc').notNull().default(false),
    index: integer('index').notNull(),
    contextFormId: uuid('context_form_id').references(() => forms.id),
    contextText: text('context_text'),
    parentFormFieldId: uuid('parent_form_field_id'),
    parentVisibleRule: text('parent_visible_rule'),
    /** hh:mm:ss of the time point a time or date-time field carries; null when it carries none. */
    duration: text('duration'),
    /** The OID of the ODM element it was imported from; its export writes it back (odm-oids.ts). */
    oid: text('oid'),
    odmItem: jsonb('odm_item').$type<OdmItemSource>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('form_fields_section_idx').on(t.formSectionId, t.index),
    index('form_fields_form_idx').on(t.formId),
    index('form_fields_field_idx').on(t.fieldId),
  ],
);

/** A form saved for reuse by an organisation: its settings, sections and fields as a snapshot. */
export const formTemplates = pgTable(
  'form_templates',
  {
    id: pk(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id),
    formTypeId: uuid('form_type_id')
      .notNull()
      .references(() => formTypes.id),
    title: text('title').notNull(),
    content: jsonb('content').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('form_templates_organisation_idx').on(t.organisationId)],
);
