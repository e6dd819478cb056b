import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  addNoteRefusal,
  noteTypeOf,
  type NoteActor,
  type NoteRefusal,
  type NoteType,
  type SubjectFormFieldReply,
  type SubjectFormReply,
  type SubjectFormSectionReply,
} from '@edc/domain';
import { useSubjectContext } from '../../subjects/api';

/**
 * The open subject form as cached (with or without a point filter): the source of truth while the form
 * dialog is open. Read by the note dialogs, which live beside the rows rather than in them, so that they
 * always see the field's current value and the section's current validation.
 */
export function useCachedForm(subjectFormId: string): SubjectFormReply | undefined {
  const qc = useQueryClient();
  const read = () => qc.getQueriesData<SubjectFormReply>({ queryKey: ['subjectForm', subjectFormId] }).find(([, d]) => d)?.[1];
  return useSyncExternalStore((notify) => qc.getQueryCache().subscribe(notify), read);
}

export interface CachedField {
  form: SubjectFormReply;
  section: SubjectFormSectionReply;
  field: SubjectFormFieldReply;
}

/** A field of the cached form, with its section and form. */
export function findField(form: SubjectFormReply | undefined, fieldId: string): CachedField | null {
  if (!form) return null;
  for (const section of form.subjectFormSectionList) {
    const field = section.subjectFormFieldList.find((f) => f.id === fieldId);
    if (field) return { form, section, field };
  }
  return null;
}

export interface NoteAbilities {
  /**
   * The note the caller adds on this field: a query of the caller's type (QA, DM, monitor), or a site's
   * comment; null when the caller adds none here.
   */
  addType: NoteType | null;
  /** Why the caller's query cannot be added now (the section or form is validated at the caller's level). */
  refusal: Exclude<NoteRefusal, 'forbidden'> | null;
}

/**
 * What the caller may add on a field (spec section 6): QA a QA note while the section is not QA-validated,
 * data managers a DM note while it is not DM-validated, monitors a KIO note while the form is not
 * KIO-validated; site users who may edit the form a comment. The server decides again.
 */
export function noteAbilities(actor: NoteActor, at: Pick<CachedField, 'form' | 'section'> | null): NoteAbilities {
  const type = noteTypeOf(actor);
  if (!type || !at) return { addType: null, refusal: null };
  if (type === 'Comment') return { addType: at.form.canEdit ? 'Comment' : null, refusal: null };
  const refusal = addNoteRefusal(actor, { section: at.section, form: at.form });
  if (refusal === 'forbidden') return { addType: null, refusal: null };
  return { addType: type, refusal };
}

export function useNoteAbilities(subjectFormId: string, subjectFormFieldId: string): NoteAbilities {
  const { actor } = useSubjectContext();
  const at = findField(useCachedForm(subjectFormId), subjectFormFieldId);
  return noteAbilities(actor, at);
}
