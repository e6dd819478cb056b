import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ItemNoteAnswered, ItemNoteReply, NoteType } from '@edc/domain';
import { api } from '../../shared/api/client';
import { applySaved, formKey, invalidateVisit, updateCachedForm } from './api';

/**
 * Notes (queries) on a subject form's fields (spec operations sections 2 to 7; docs/queries-and-validation.md):
 * the field's note history, adding a note of the caller's type, the site's answer (with a change of the value
 * in the same request), a comment, closing. The server computes what the caller may do with each note
 * (`canAnswer`, `canComment`, `canClose`); the dialogs offer exactly that.
 */

/** Errors and successes are shown by the dialogs (beside what was typed), not as toasts of the client. */
const quiet = { quietErrors: true, quietSuccess: true } as const;

export const noteHistoryKey = (subjectFormFieldId: string) => ['itemNotes', subjectFormFieldId] as const;

/** GET /ItemNote/History: the field's notes the caller sees, newest first, each with its entries (oldest first). */
export function useNoteHistory(subjectFormFieldId: string) {
  return useQuery({
    queryKey: noteHistoryKey(subjectFormFieldId),
    queryFn: ({ signal }) =>
      api.get<ItemNoteReply[]>('/ItemNote/History', { signal, quietErrors: true, query: { subjectFormFieldId } }),
    staleTime: 0,
  });
}

const ADD_PATH: Record<NoteType, string | null> = {
  QaNote: '/ItemNote/AddQaItemNote',
  DmNote: '/ItemNote/AddDmItemNote',
  KioNote: '/ItemNote/AddKioItemNote',
  Comment: '/ItemNote/AddComment',
  // Auto notes are raised by the rules, never by a person.
  Auto: null,
};

/** POST /ItemNote/AddQaItemNote, AddDmItemNote, AddKioItemNote or AddComment: by the caller's note type. */
export function addNote(type: NoteType, subjectFormFieldId: string, note: string) {
  const path = ADD_PATH[type];
  if (!path) throw new Error(`No one adds notes of type ${type}`);
  return api.post<ItemNoteReply>(path, { subjectFormFieldId, note }, quiet);
}

/** A new value sent with an answer (as POST /ItemData/WithReason, without the field: the note's). */
export interface AnswerItemData {
  data: string | null;
  comment: string | null;
  clinicalSignificanceString: string | null;
  reasonForChange: string;
  currentItemDataId: string | null;
}

/** POST /ItemNote/{id}/Answer: the site's answer and, in the same step, the field's new value. */
export const answerNote = (id: string, note: string, itemData: AnswerItemData | null) =>
  api.post<ItemNoteAnswered>(`/ItemNote/${id}/Answer`, { note, itemData }, quiet);

/** POST /ItemNote/{id}/AnswerComment. */
export const commentNote = (id: string, note: string) =>
  api.post<ItemNoteReply>(`/ItemNote/${id}/AnswerComment`, { note }, quiet);

/** POST /ItemNote/{id}/Close: Closed (default) or NotApplicable, with an optional last word. */
export const closeNote = (id: string, note: string | null, status: 'Closed' | 'NotApplicable') =>
  api.post<ItemNoteReply>(`/ItemNote/${id}/Close`, { note, status }, quiet);

export interface NoteWhere {
  subjectFormFieldId: string;
  subjectFormId: string;
  subjectVisitId: string;
}

/**
 * After a note was written: the field's history, and the indicators that changed with it (the field's count
 * and status and its section's in the form, the form card's and the visit's on the visit page, the visit
 * card's in the subject lists). A refetched form keeps every unchanged object (structural sharing), so only
 * the rows whose data changed render again.
 */
export function afterNoteWrite(qc: QueryClient, where: NoteWhere) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: noteHistoryKey(where.subjectFormFieldId) }),
    qc.invalidateQueries({ queryKey: formKey(where.subjectFormId).slice(0, 2) }),
    invalidateVisit(qc, where.subjectVisitId),
  ]);
}

/** An answer that changed the value: the field shows it at once, as after a normal save. */
export function applyAnswered(qc: QueryClient, where: NoteWhere, reply: ItemNoteAnswered) {
  if (reply.itemData) {
    const saved = reply.itemData;
    updateCachedForm(qc, where.subjectFormId, (f) => applySaved(f, where.subjectFormFieldId, saved));
  }
}
