import { and, asc, desc, eq, exists, gte, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import {
  pickReferenceRange,
  topNoteStatus,
  personFullName,
  type ReferenceGender,
  type ClinicalSignificance,
  type EmployeeType,
  type FieldType,
  type ItemDataReply,
  type NoteType,
  type SectionStatus,
  type SubjectFormBrief,
  type SubjectFormFieldReply,
  type SubjectFormSectionReply,
} from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import {
  fields,
  formFields,
  formResearchVersions,
  forms,
  formSections,
  itemData,
  referenceGroups,
  referenceRanges,
  subjects,
  subjectVisits,
  subjectFormFields,
  subjectFormLogs,
  subjectForms,
  subjectFormSections,
  subjectFormSectionStatusLogs,
  users,
} from '../../platform/db/schema/index.js';
import type { FormRow, SubjectFormRow } from './data-entry.context.js';
import { fieldNotesOfForm, noteStatusOfForms } from '../notes/note-indicators.js';

/** Queries of data entry: forms applicable to a visit, subject forms with progress, fields with current values. */

/**
 * The live forms of a visit of the design that apply to a subject: for its gender (or both) and in the
 * research version the visit was created under (a form tied to no version applies to every version).
 */
export async function applicableForms(
  db: Db,
  visitId: string,
  opts: { gender: string; researchVersionId: string | null },
): Promise<FormRow[]> {
  const inVersion = opts.researchVersionId
    ? or(
        notExists(
          db
            .select({ x: sql`1` })
            .from(formResearchVersions)
            .where(eq(formResearchVersions.formId, forms.id)),
        ),
        exists(
          db
            .select({ x: sql`1` })
            .from(formResearchVersions)
            .where(
              and(eq(formResearchVersions.formId, forms.id), eq(formResearchVersions.researchVersionId, opts.researchVersionId)),
            ),
        ),
      )
    : undefined;
  return db
    .select()
    .from(forms)
    .where(and(eq(forms.visitId, visitId), isNull(forms.deletedAt), inArray(forms.gender, ['Both', opts.gender]), inVersion))
    .orderBy(asc(forms.index));
}

const userName = (u: { firstName: string | null; lastName: string | null; patronymic: string | null }) =>
  u.lastName === null ? '' : personFullName({ lastName: u.lastName, firstName: u.firstName ?? '', patronymic: u.patronymic });

/**
 * Subject forms of a visit (or one subject form) with their progress, sorted by form index then
 * repeatedIndex; `noteTypes`: the note types the caller sees (the forms' note indicators).
 */
export async function subjectFormBriefs(
  db: Db,
  where: { subjectVisitId?: string; id?: string },
  canEdit: (form: FormRow) => boolean,
  noteTypes: readonly NoteType[],
  pointList: readonly string[] = [],
): Promise<(SubjectFormBrief & { row: SubjectFormRow; formRow: FormRow })[]> {
  const rows = await db
    .select({
      sf: subjectForms,
      form: forms,
      sectionCount: sql<number>`(select count(*)::int from ${subjectFormSections} s where s.subject_form_id = ${subjectForms.id})`,
      completedCount: sql<number>`(select count(*)::int from ${subjectFormSections} s where s.subject_form_id = ${subjectForms.id} and s.is_complete)`,
      points: sql<
        string[]
      >`(select coalesce(jsonb_agg(p.v order by fs.index, fs.created_at, p.n), '[]'::jsonb) from ${subjectFormSections} s join ${formSections} fs on fs.id = s.form_section_id, jsonb_array_elements_text(fs.point_list) with ordinality p(v, n) where s.subject_form_id = ${subjectForms.id})`,
    })
    .from(subjectForms)
    .innerJoin(forms, eq(forms.id, subjectForms.formId))
    .where(
      and(
        isNull(subjectForms.deletedAt),
        where.subjectVisitId ? eq(subjectForms.subjectVisitId, where.subjectVisitId) : undefined,
        where.id ? eq(subjectForms.id, where.id) : undefined,
      ),
    )
    .orderBy(asc(forms.index), asc(subjectForms.repeatedIndex), asc(subjectForms.createdAt));
  const notes = await noteStatusOfForms(
    db,
    rows.map((r) => r.sf.id),
    noteTypes,
  );
  return rows
    .filter((r) => pointList.length === 0 || (r.points ?? []).some((p) => pointList.includes(p)))
    .map((r) => {
      const sectionCount = Number(r.sectionCount);
      const completedSectionCount = Number(r.completedCount);
      return {
        row: r.sf,
        formRow: r.form,
        id: r.sf.id,
        subjectVisitId: r.sf.subjectVisitId,
        form: {
          id: r.form.id,
          title: r.form.title,
          index: r.form.index,
          repeating: r.form.repeating,
          employeeTypesList: r.form.employeeTypesList as EmployeeType[],
        },
        repeatedIndex: r.sf.repeatedIndex,
        contextSubjectFormFieldId: r.sf.contextSubjectFormFieldId,
        isComplete: r.sf.isComplete,
        qaValidate: r.sf.qaValidate,
        qaValidateDate: r.sf.qaValidateDate?.toISOString() ?? null,
        dmValidate: r.sf.dmValidate,
        dmValidateDate: r.sf.dmValidateDate?.toISOString() ?? null,
        kioValidate: r.sf.kioValidate,
        kioValidateDate: r.sf.kioValidateDate?.toISOString() ?? null,
        sectionCount,
        completedSectionCount,
        progress: sectionCount === 0 ? 0 : Math.round((completedSectionCount * 100) / sectionCount),
        pointList: [...new Set(r.points ?? [])],
        noteStatus: notes.get(r.sf.id) ?? null,
        canEdit: canEdit(r.form),
        version: r.sf.version,
        createdAt: r.sf.createdAt.toISOString(),
      };
    });
}

const itemDataColumns = {
  id: itemData.id,
  seq: itemData.seq,
  subjectFormFieldId: itemData.subjectFormFieldId,
  data: itemData.data,
  comment: itemData.comment,
  clinicalSignificance: itemData.clinicalSignificance,
  reasonForChange: itemData.reasonForChange,
  documentId: itemData.documentId,
  createdAt: itemData.createdAt,
  createdBy: itemData.createdBy,
  employeeType: itemData.employeeType,
  firstName: users.firstName,
  lastName: users.lastName,
  patronymic: users.patronymic,
};
type ItemDataSelected = {
  id: string;
  subjectFormFieldId: string;
  data: string | null;
  comment: string | null;
  clinicalSignificance: string | null;
  reasonForChange: string | null;
  documentId: string | null;
  createdAt: Date;
  createdBy: string | null;
  employeeType: string | null;
  firstName: string | null;
  lastName: string | null;
  patronymic: string | null;
};

export const toItemData = (r: ItemDataSelected): ItemDataReply => ({
  id: r.id,
  subjectFormFieldId: r.subjectFormFieldId,
  data: r.data,
  comment: r.comment,
  clinicalSignificanceString: (r.clinicalSignificance as ClinicalSignificance | null) ?? null,
  reasonForChange: r.reasonForChange,
  documentId: r.documentId,
  createdAt: r.createdAt.toISOString(),
  createdBy: { id: r.createdBy, fullName: userName(r), employeeType: r.employeeType },
});

/** Every value of a field, newest (the current one) first. */
export async function itemDataHistory(db: Db, subjectFormFieldId: string): Promise<ItemDataReply[]> {
  const rows = await db
    .select(itemDataColumns)
    .from(itemData)
    .leftJoin(users, eq(users.id, itemData.createdBy))
    .where(eq(itemData.subjectFormFieldId, subjectFormFieldId))
    .orderBy(desc(itemData.seq));
  return rows.map(toItemData);
}

/** The current value (newest item data) of a field, or undefined. */
export async function currentItemData(db: Db, subjectFormFieldId: string): Promise<ItemDataReply | undefined> {
  const [row] = await db
    .select(itemDataColumns)
    .from(itemData)
    .leftJoin(users, eq(users.id, itemData.createdBy))
    .where(eq(itemData.subjectFormFieldId, subjectFormFieldId))
    .orderBy(desc(itemData.seq))
    .limit(1);
  return row ? toItemData(row) : undefined;
}

/** One value by its own id. */
export async function itemDataById(db: Db, id: string): Promise<ItemDataReply | undefined> {
  const [row] = await db
    .select(itemDataColumns)
    .from(itemData)
    .leftJoin(users, eq(users.id, itemData.createdBy))
    .where(eq(itemData.id, id))
    .limit(1);
  return row ? toItemData(row) : undefined;
}

/** The current values of every field of some subject forms, by subject form field id. */
export async function currentValuesOf(db: Db, subjectFormIds: string[]): Promise<Map<string, ItemDataReply>> {
  if (subjectFormIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([itemData.subjectFormFieldId], itemDataColumns)
    .from(itemData)
    .innerJoin(subjectFormFields, eq(subjectFormFields.id, itemData.subjectFormFieldId))
    .leftJoin(users, eq(users.id, itemData.createdBy))
    .where(inArray(subjectFormFields.subjectFormId, subjectFormIds))
    .orderBy(itemData.subjectFormFieldId, desc(itemData.seq));
  return new Map(rows.map((r) => [r.subjectFormFieldId, toItemData(r)]));
}

/** A subject form's fields with their form-field attributes, current values and notes (of `noteTypes`), in design order. */
export async function fieldsOfForm(
  db: Db,
  subjectFormId: string,
  noteTypes: readonly NoteType[],
): Promise<(SubjectFormFieldReply & { subjectFormSectionId: string })[]> {
  const rows = await db
    .select({ sff: subjectFormFields, ff: formFields, f: fields })
    .from(subjectFormFields)
    .innerJoin(formFields, eq(formFields.id, subjectFormFields.formFieldId))
    .innerJoin(fields, eq(fields.id, formFields.fieldId))
    .where(eq(subjectFormFields.subjectFormId, subjectFormId))
    .orderBy(asc(formFields.index), asc(formFields.createdAt));
  const values = await currentValuesOf(db, [subjectFormId]);
  const ranges = await referenceRangesOf(db, subjectFormId);
  const notes = await fieldNotesOfForm(db, subjectFormId, noteTypes);
  return rows.map(({ sff, ff, f }) => ({
    id: sff.id,
    subjectFormSectionId: sff.subjectFormSectionId,
    formFieldId: ff.id,
    parentSubjectFormFieldId: sff.parentSubjectFormFieldId,
    isHidden: sff.isHidden,
    formField: {
      id: ff.id,
      text: ff.text,
      textBefore: ff.textBefore,
      textAfter: ff.textAfter,
      isRequired: ff.isRequired,
      mask: ff.mask,
      regExMask: ff.regExMask,
      dataLink: ff.dataLink,
      clinicalSignificance: ff.clinicalSignificance,
      comment: ff.comment,
      units: ff.units ?? f.units,
      contextFormId: ff.contextFormId,
      contextText: ff.contextText,
      parentFormFieldId: ff.parentFormFieldId,
      parentVisibleRule: ff.parentVisibleRule,
      index: ff.index,
      field: {
        id: f.id,
        title: f.title,
        fieldType: f.fieldType as FieldType,
        units: f.units,
        optionList: f.optionList,
        defaultOption: f.defaultOption,
      },
    },
    itemData: values.get(sff.id) ?? null,
    referenceRange: ranges(f.id),
    ...notes(sff.id),
  }));
}

/**
 * The reference range of a field for the subject of a subject form (spec section 5): among the subject's
 * centre's live reference groups of the form's type valid on the visit date, the range for the subject's
 * age at the visit date and gender (pickReferenceRange).
 */
async function referenceRangesOf(db: Db, subjectFormId: string) {
  const [who] = await db
    .select({
      centreId: subjects.researchOrganisationId,
      birthDate: subjects.birthDate,
      gender: subjects.gender,
      visitDate: subjectVisits.date,
      formTypeId: forms.formTypeId,
    })
    .from(subjectForms)
    .innerJoin(subjects, eq(subjects.id, subjectForms.subjectId))
    .innerJoin(subjectVisits, eq(subjectVisits.id, subjectForms.subjectVisitId))
    .innerJoin(forms, eq(forms.id, subjectForms.formId))
    .where(eq(subjectForms.id, subjectFormId));
  if (!who || (who.gender !== 'Male' && who.gender !== 'Female')) return () => null;
  const rows = await db
    .select({
      fieldId: referenceRanges.fieldId,
      minReference: referenceRanges.minReference,
      maxReference: referenceRanges.maxReference,
      minAge: referenceRanges.minAge,
      maxAge: referenceRanges.maxAge,
      genderString: referenceRanges.gender,
      errorMessage: referenceRanges.errorMessage,
    })
    .from(referenceRanges)
    .innerJoin(referenceGroups, eq(referenceGroups.id, referenceRanges.referenceGroupId))
    .where(
      and(
        eq(referenceGroups.researchOrganisationId, who.centreId),
        eq(referenceGroups.formTypeId, who.formTypeId),
        isNull(referenceGroups.deletedAt),
        isNull(referenceRanges.deletedAt),
        lte(referenceGroups.dateFrom, who.visitDate),
        or(isNull(referenceGroups.dateTo), gte(referenceGroups.dateTo, who.visitDate)),
      ),
    );
  const list = rows.map((r) => ({ ...r, genderString: r.genderString as ReferenceGender }));
  const gender = who.gender;
  return (fieldId: string) => {
    if (list.length === 0) return null;
    const r = pickReferenceRange(list, { fieldId, birthDate: who.birthDate, visitDate: who.visitDate, gender });
    return r
      ? { minReference: Number(r.minReference), maxReference: Number(r.maxReference), errorMessage: r.errorMessage || null }
      : null;
  };
}

/** A subject form's sections with their fields and status history, in design order; notes of `noteTypes`. */
export async function sectionsOfForm(
  db: Db,
  subjectFormId: string,
  noteTypes: readonly NoteType[],
): Promise<SubjectFormSectionReply[]> {
  const rows = await db
    .select({
      s: subjectFormSections,
      fs: formSections,
      firstName: users.firstName,
      lastName: users.lastName,
      patronymic: users.patronymic,
    })
    .from(subjectFormSections)
    .innerJoin(formSections, eq(formSections.id, subjectFormSections.formSectionId))
    .leftJoin(users, eq(users.id, subjectFormSections.completeByUserId))
    .where(eq(subjectFormSections.subjectFormId, subjectFormId))
    .orderBy(asc(formSections.index));
  const fieldList = await fieldsOfForm(db, subjectFormId, noteTypes);
  const logs = rows.length
    ? await db
        .select({
          log: subjectFormSectionStatusLogs,
          firstName: users.firstName,
          lastName: users.lastName,
          patronymic: users.patronymic,
        })
        .from(subjectFormSectionStatusLogs)
        .leftJoin(users, eq(users.id, subjectFormSectionStatusLogs.createdBy))
        .where(
          inArray(
            subjectFormSectionStatusLogs.subjectFormSectionId,
            rows.map((r) => r.s.id),
          ),
        )
        .orderBy(desc(subjectFormSectionStatusLogs.createdAt), desc(subjectFormSectionStatusLogs.id))
    : [];
  return rows.map(({ s, fs, ...u }) => {
    const sectionFields = fieldList.filter((f) => f.subjectFormSectionId === s.id);
    return {
      id: s.id,
      subjectFormId: s.subjectFormId,
      formSection: {
        id: fs.id,
        sectionName: fs.sectionName,
        description: fs.description,
        index: fs.index,
        pointList: fs.pointList,
      },
      status: s.status as SectionStatus | null,
      statusMessage: s.statusMessage,
      isComplete: s.isComplete,
      completeDate: s.completeDate?.toISOString() ?? null,
      completeBy: s.completeByUserId ? { fullName: userName(u), employeeType: s.completeByEmployeeType } : null,
      comment: s.comment,
      qaValidate: s.qaValidate,
      dmValidate: s.dmValidate,
      version: s.version,
      // The section tab's indicator: the most urgent of its fields' (one query for the whole form).
      noteStatus: topNoteStatus(sectionFields.flatMap((f) => (f.noteStatus ? [f.noteStatus] : []))),
      subjectFormFieldList: sectionFields.map(({ subjectFormSectionId: _, ...f }) => f),
      subjectFormSectionStatusLogList: logs
        .filter((l) => l.log.subjectFormSectionId === s.id)
        .map((l) => ({
          status: l.log.status,
          statusMessage: l.log.statusMessage,
          isComplete: l.log.isComplete,
          reasonForChange: l.log.reasonForChange,
          createdAt: l.log.createdAt.toISOString(),
          createdBy: { fullName: userName(l), employeeType: l.log.employeeType },
        })),
    };
  });
}

export async function formLogsOf(db: Db, subjectFormId: string) {
  const rows = await db
    .select({ status: subjectFormLogs.status, createdAt: subjectFormLogs.createdAt })
    .from(subjectFormLogs)
    .where(eq(subjectFormLogs.subjectFormId, subjectFormId))
    .orderBy(desc(subjectFormLogs.createdAt), desc(subjectFormLogs.id));
  return rows.map((r) => ({ status: r.status, date: r.createdAt.toISOString() }));
}
