import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QaFormReply, QaItemNoteReply, QaNoteStatus, QaVisitReply } from '@edc/domain';
import { api, apiAllPages, apiPage } from '../../shared/api/client';

/** The QA validation API (spec design-and-admin section 7, QA; docs/qa-validation.md). */
export const qaKey = ['qaValidation'] as const;

/** GET /QaVisits: the QA visits of a version (the newest of the current research when none is given). */
export function useQaVisits(researchVersionId?: string | null) {
  return useQuery({
    queryKey: [...qaKey, 'visits', researchVersionId ?? null],
    queryFn: ({ signal }) =>
      api.get<QaVisitReply[]>('/QaVisits', { signal, query: { researchVersionId: researchVersionId ?? undefined } }),
  });
}

/** GET /QaForms?qaVisitId= */
export function useQaForms(qaVisitId: string | undefined) {
  return useQuery({
    queryKey: [...qaKey, 'forms', qaVisitId],
    queryFn: ({ signal }) => api.get<QaFormReply[]>('/QaForms', { signal, query: { qaVisitId } }),
    enabled: Boolean(qaVisitId),
  });
}

export interface QaNotesQuery {
  page: number;
  pageSize: number;
  researchVersionId?: string;
  qaVisitId?: string;
  qaFormId?: string;
  formFieldId?: string;
  statusList?: QaNoteStatus[];
  createdBy?: string;
}

/** GET /QaItemNotes: one server page of notes, newest first. */
export function useQaNotes(query: QaNotesQuery, enabled = true) {
  return useQuery({
    queryKey: [...qaKey, 'notes', query],
    queryFn: ({ signal }) =>
      apiPage<QaItemNoteReply>('/QaItemNotes', { signal, query: { ...query, statusList: query.statusList ?? [] } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Every note a query finds (all pages of GET /QaItemNotes), for the views that place each note by its field: a long
 * form reviewed over several rounds holds more than one page of them, and none may be left off.
 */
export function useEveryQaNote(
  query: Omit<QaNotesQuery, 'page' | 'pageSize'>,
  { enabled = true, quietErrors = false }: { enabled?: boolean; quietErrors?: boolean } = {},
) {
  return useQuery({
    queryKey: [...qaKey, 'notes', 'every', query],
    queryFn: ({ signal }) =>
      apiAllPages<QaItemNoteReply>('/QaItemNotes', {
        signal,
        quietErrors,
        query: { ...query, statusList: query.statusList ?? [] },
      }),
    enabled,
  });
}

export function useQaNote(id: string | null) {
  return useQuery({
    queryKey: [...qaKey, 'note', id],
    queryFn: ({ signal }) => api.get<QaItemNoteReply>(`/QaItemNotes/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export interface QaNoteAdd {
  qaVisitId: string;
  qaFormId?: string | null;
  formFieldId?: string | null;
  ruleId?: string | null;
  qaItemNoteMessage: string;
}

/** Every write refreshes the whole QA cache: a note changes its visit's and form's indicators and counts. */
export function useQaMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: qaKey });
  return {
    add: useMutation({
      mutationFn: (body: QaNoteAdd) => api.post<QaItemNoteReply>('/QaItemNotes', body).then((r) => r.data),
      onSettled: done,
    }),
    comment: useMutation({
      mutationFn: (body: { qaItemNoteId: string; data: string }) =>
        api.post<QaItemNoteReply>('/QaNotes', body).then((r) => r.data),
      onSettled: done,
    }),
    step: useMutation({
      mutationFn: ({ id, action }: { id: string; action: 'Resolve' | 'Close' | 'Delete' }) =>
        action === 'Delete' ? api.delete(`/QaItemNotes/${id}`) : api.post(`/QaItemNotes/${id}/${action}`),
      onSettled: done,
    }),
    toggleVisit: useMutation({
      mutationFn: (id: string) => api.post<QaVisitReply>(`/QaVisits/${id}/ToggleValidate`).then((r) => r.data),
      onSettled: done,
    }),
    toggleForm: useMutation({
      mutationFn: (id: string) => api.post<QaFormReply>(`/QaForms/${id}/ToggleValidate`).then((r) => r.data),
      onSettled: done,
    }),
  };
}
