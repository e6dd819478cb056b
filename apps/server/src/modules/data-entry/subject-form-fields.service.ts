import { and, asc, eq, isNull } from 'drizzle-orm';
import type { LinkDataReply, SubjectFormFieldReply } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { forms, subjectForms } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import type { SubjectRecord } from '../subjects/subjects.repo.js';
import { fieldsOfForm } from './data-entry.repo.js';
import { fieldContext } from './field-context.js';
import { noteTypesSeenBy } from '../notes/note-actor.js';

/** GET /SubjectsFormField/{id}: a field with its form-field attributes, current value and the context forms made from it. */
export async function getSubjectFormField(deps: Deps, id: string, caller: ActorCaller): Promise<SubjectFormFieldReply> {
  const ctx = await fieldContext(deps.db, id, caller, 'id');
  const list = await fieldsOfForm(deps.db, ctx.subjectForm.id, noteTypesSeenBy(caller.actor));
  const { subjectFormSectionId: _, ...field } = list.find((f) => f.id === id)!;
  const contexts = await deps.db
    .select({
      id: subjectForms.id,
      subjectVisitId: subjectForms.subjectVisitId,
      formId: subjectForms.formId,
      title: forms.title,
      repeatedIndex: subjectForms.repeatedIndex,
      isComplete: subjectForms.isComplete,
    })
    .from(subjectForms)
    .innerJoin(forms, eq(forms.id, subjectForms.formId))
    .where(and(eq(subjectForms.contextSubjectFormFieldId, id), isNull(subjectForms.deletedAt)))
    .orderBy(asc(subjectForms.repeatedIndex), asc(subjectForms.createdAt));
  return { ...field, contextSubjectFormList: contexts };
}

/**
 * The subject card's value for a data link, in a field's stored form. The randomisation group is never
 * proposed (blinding holds whoever enters the data).
 */
export function linkedValue(link: string, s: SubjectRecord): string | null {
  switch (link) {
    case 'FullName':
      return s.fullName || null;
    case 'BirthDate':
      return s.birthDate;
    case 'Gender':
      return s.gender;
    case 'ScreeningNumber':
      return s.screeningNumber;
    case 'RandomisationNumber':
      return s.randomizationNumber;
    case 'RandomisationDate':
      return s.randomizationDate;
    case 'IdentificationNumber':
      return s.identificationNumber;
    default:
      return null;
  }
}

/** GET /SubjectsFormField/{id}/LinkData: the value proposed for a field with a data link (the user accepts or rejects it). */
export async function linkData(deps: Deps, id: string, caller: ActorCaller): Promise<LinkDataReply> {
  const ctx = await fieldContext(deps.db, id, caller, 'id');
  const source = ctx.formField.dataLink ?? '';
  return { value: source ? linkedValue(source, ctx.subject) : null, source };
}
