import { sql, type SQL } from 'drizzle-orm';
import {
  formFields,
  formSections,
  researchOrganisations,
  subjectForms,
  subjectFormFields,
  subjectFormSections,
  subjects,
  subjectVisits,
} from '../../platform/db/schema/index.js';
import { isoInstant, orNull } from '../../platform/db/json-text.sql.js';
import { prerendered } from '../../platform/db/prerendered.js';

/**
 * An entry of a summary table or journal as the API's JSON (`formEntry` of packages/domain), written by PostgreSQL
 * beside the entry's row, as the subject matrix's rows are (docs/reports.md "At scale"): its subject's numbers, its
 * status, the current values of its visible fields and the states of its sections come with the row, where they were
 * three more statements (the form's columns, the values, the sections) and 50 entries built as objects. `sectionId`
 * narrows the values and sections to one section (a journal). The checked serialiser of the tests holds the text to
 * the schema; summary-tables.test.ts and journals.test.ts hold it to what the entries are.
 */
function formEntryJsonOf(formId: SQL, sectionId?: SQL): SQL<string> {
  const sf = subjectForms;
  return sql<string>`'{"subjectFormId":"' || ${sf.id} || '","subjectId":"' || ${subjects.id}
    || '","subjectVisitId":"' || ${subjectVisits.id} || '","screeningNumber":' || to_json(${subjects.screeningNumber})::text
    || ',"randomizationNumber":' || ${orNull(subjects.randomizationNumber)}
    || ',"identificationNumber":' || to_json(${subjects.identificationNumber})::text
    || ',"researchOrganisationNumber":' || to_json(${researchOrganisations.number})::text
    || ',"visitDate":' || to_json(${subjectVisits.date})::text || ',"formIndex":' || (${sf.repeatedIndex} + 1)::text
    || ',"status":"' || ${formStatus} || '","values":{' || coalesce(${currentValues(formId, sectionId)}, '')
    || '},"sections":[' || coalesce(${sectionStates(sectionId)}, '') || ']}'`;
}

/**
 * The form's completed status (packages/domain formCompletedStatus): Started until completed, then the furthest
 * validation — the monitor's, QA's and DM's together, either alone — else Completed. summary-tables.test.ts checks it
 * against the domain's rule for every combination.
 */
const formStatus = sql`(case when not ${subjectForms.isComplete} then 'Started'
  when ${subjectForms.kioValidate} then 'KioValidated'
  when ${subjectForms.qaValidate} and ${subjectForms.dmValidate} then 'QaAndDmValidated'
  when ${subjectForms.qaValidate} then 'QaValidated'
  when ${subjectForms.dmValidate} then 'DmValidated' else 'Completed' end)`;

/**
 * `"<form field id>":"<value>"` for each field of the entry that has a current value and is shown: not hidden by its
 * parent or a rule, nor by the design, in a live section of the form (of the one section when given); joined by
 * commas, null when none. The form's shown fields are an uncorrelated sub-select, which PostgreSQL evaluates once.
 */
const currentValues = (formId: SQL, sectionId?: SQL) => sql`(select string_agg('"' || ${subjectFormFields.formFieldId}
    || '":' || to_json(${subjectFormFields.currentData})::text, ',' order by ${subjectFormFields.formFieldId})
  from ${subjectFormFields}
  where ${subjectFormFields.subjectFormId} = ${subjectForms.id} and not ${subjectFormFields.isHidden}
    and ${subjectFormFields.currentData} <> ''
    and ${subjectFormFields.formFieldId} in (select ${formFields.id} from ${formFields}
      inner join ${formSections} on ${formSections.id} = ${formFields.formSectionId}
      where ${formFields.formId} = ${formId} and ${formFields.deletedAt} is null and not ${formFields.isHidden}
        and ${formSections.deletedAt} is null ${sectionId ? sql`and ${formFields.formSectionId} = ${sectionId}` : sql``}))`;

/** The entry's sections (the one section when given) as `entrySection` objects, in the order they were made. */
const sectionStates = (sectionId?: SQL) => {
  const s = subjectFormSections;
  return sql`(select string_agg('{"id":"' || ${s.id} || '","formSectionId":"' || ${s.formSectionId}
    || '","status":' || ${orNull(s.status)} || ',"statusMessage":' || ${orNull(s.statusMessage)}
    || ',"isComplete":' || ${s.isComplete}::text || ',"completeDate":' || coalesce('"' || ${isoInstant(s.completeDate)} || '"', 'null')
    || ',"version":' || ${s.version}::text || '}', ',' order by ${s.id})
  from ${s} where ${s.subjectFormId} = ${subjectForms.id} ${sectionId ? sql`and ${s.formSectionId} = ${sectionId}` : sql``})`;
};

/** Its text rendered once, with and without a section (platform/db/prerendered.ts). */
const formJson = prerendered<[string]>(1, (formId) => formEntryJsonOf(formId));
const sectionJson = prerendered<[string, string]>(2, (formId, sectionId) => formEntryJsonOf(formId, sectionId));
export const formEntryJson = (formId: string, sectionId?: string) =>
  (sectionId ? sectionJson(formId, sectionId) : formJson(formId)) as SQL<string>;
