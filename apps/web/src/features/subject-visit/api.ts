import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ItemDataReply,
  ItemDataSaved,
  LinkDataReply,
  SubjectFormFieldReply,
  SubjectFormReply,
  SubjectFormSectionReply,
  SubjectVisitPage,
} from '@edc/domain';
import { api } from '../../shared/api/client';
import { postWithProgress } from '../../shared/api/transfer';
import { subjectsKey } from '../subjects/api';

/**
 * Data entry calls (docs/data-entry.md "API"). The visit page and each subject form are cached queries; a
 * save replaces only what changed in the cached form (the field, the fields whose visibility changed, the
 * section), so that a memoised field row re-renders only when its own data change.
 */

/** Errors are shown by the callers (toasts or beside the field): every call here is quiet. */
const quiet = { quietErrors: true } as const;
/** A value's save shows its state beside the field, not as a toast per field. */
const silent = { quietErrors: true, quietSuccess: true } as const;

export const visitPageKey = (id: string, points: readonly string[] = []) => ['subjectVisitPage', id, [...points]] as const;
export const formKey = (id: string, points: readonly string[] = []) => ['subjectForm', id, [...points]] as const;

export function fetchVisitPage(id: string, points: readonly string[], signal?: AbortSignal) {
  return api.get<SubjectVisitPage>(`/SubjectsVisit/${id}`, { signal, ...quiet, query: { pointList: points } });
}

export function useVisitPage(id: string | undefined, points: readonly string[] = []) {
  return useQuery({
    queryKey: visitPageKey(id ?? '', points),
    queryFn: ({ signal }) => fetchVisitPage(id!, points, signal),
    enabled: Boolean(id),
  });
}

export function useSubjectForm(id: string | undefined, points: readonly string[] = []) {
  return useQuery({
    queryKey: formKey(id ?? '', points),
    queryFn: ({ signal }) => api.get<SubjectFormReply>(`/SubjectsForm/${id}`, { signal, ...quiet, query: { pointList: points } }),
    enabled: Boolean(id),
    // The open form is the source of truth while it is open: it changes through the saves' replies.
    staleTime: Infinity,
  });
}

/** Refetches the visit page (progress, statuses) and the subject lists that show the visit's status. */
export function invalidateVisit(qc: QueryClient, subjectVisitId: string) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ['subjectVisitPage', subjectVisitId] }),
    qc.invalidateQueries({ queryKey: subjectsKey }),
  ]);
}

export function useVisitAction<V, R = SubjectVisitPage>(subjectVisitId: string, call: (v: V) => Promise<{ data: R }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidateVisit(qc, subjectVisitId),
  });
}

export const addForm = (formId: string, subjectVisitId: string) =>
  api.post<SubjectFormReply>('/SubjectsForm', { formId, subjectVisitId }, quiet);
export const signVisit = (id: string, body: { password: string; signDate?: string; meaning?: string }) =>
  api.post<SubjectVisitPage>(`/SubjectsVisit/${id}/Sign`, body, quiet);
export const endVisit = (id: string, completeMessage: string | null) =>
  api.post<SubjectVisitPage>(`/SubjectsVisit/${id}/Complete`, { completeMessage }, quiet);
export const completeForm = (id: string, version: number) =>
  api.post<SubjectFormReply>(`/SubjectsForm/${id}/Complete`, { version }, quiet);
export const addContextForm = (subjectFormFieldId: string) =>
  api.post<SubjectFormReply>('/SubjectsForm/Context', { subjectFormFieldId }, quiet);

export const changeSectionStatus = (
  id: string,
  body: { status: string; message?: string | null; reasonForChange?: string | null; version: number },
) => api.post<SubjectFormSectionReply>(`/SubjectsFormSection/${id}/ChangeStatus`, body, silent);
export const saveSectionComment = (id: string, comment: string | null, version: number) =>
  api.post<SubjectFormSectionReply>(`/SubjectsFormSection/${id}/Comment`, { comment, version }, quiet);
export const completeSection = (id: string, date: string | null, version: number) =>
  api.post<SubjectFormSectionReply>(`/SubjectsFormSection/${id}/Complete`, { date, version }, quiet);

export const readField = (id: string) => api.get<SubjectFormFieldReply>(`/SubjectsFormField/${id}`, quiet);
export const readLinkData = (id: string) => api.get<LinkDataReply>(`/SubjectsFormField/${id}/LinkData`, quiet);
export const readItemData = (subjectFormFieldId: string, signal?: AbortSignal) =>
  api.get<ItemDataReply[]>('/ItemData', { signal, ...quiet, query: { subjectFormFieldId } });

export interface ValuePayload {
  data: string | null;
  comment?: string | null;
  clinicalSignificanceString?: string | null;
}

/** The first value of a field (POST /ItemData) or a new one with the reason (POST /ItemData/WithReason). */
export function saveValue(
  field: SubjectFormFieldReply,
  value: ValuePayload,
  reasonForChange: string | null,
): Promise<{ data: ItemDataSaved }> {
  const body = { subjectFormFieldId: field.id, ...value };
  // A first value goes to POST /ItemData, unless it comes with a reason (a confirmed section asks for one).
  if (!field.itemData && !reasonForChange) return api.post<ItemDataSaved>('/ItemData', body, silent);
  return api.post<ItemDataSaved>(
    '/ItemData/WithReason',
    { ...body, reasonForChange, currentItemDataId: field.itemData?.id ?? null },
    silent,
  );
}

export const clearValue = (field: SubjectFormFieldReply, reasonForChange: string) =>
  api.post<ItemDataSaved>(`/ItemData/${field.id}/Clean`, { reasonForChange, currentItemDataId: field.itemData!.id }, quiet);

/** A PDF as the field's value (POST /ItemData/AddDocument, multipart). */
export function uploadValueFile(field: SubjectFormFieldReply, file: File, name: string, reasonForChange: string | null) {
  const form = new FormData();
  form.append('subjectFormFieldId', field.id);
  form.append('name', name);
  if (field.itemData) {
    if (reasonForChange) form.append('reasonForChange', reasonForChange);
    form.append('currentItemDataId', field.itemData.id);
  }
  form.append('uploadedFile', file, file.name);
  return postWithProgress<ItemDataSaved>('/ItemData/AddDocument', form, silent);
}

export function useItemDataHistory(subjectFormFieldId: string) {
  return useQuery({
    queryKey: ['itemData', subjectFormFieldId],
    queryFn: ({ signal }) => readItemData(subjectFormFieldId, signal),
    staleTime: 0,
  });
}

// ------------------------------------------------------------------ updates of a cached form, in place

type FormUpdater = (form: SubjectFormReply) => SubjectFormReply;

/** Applies an update to every cached copy of a subject form (with and without a point filter). */
export function updateCachedForm(qc: QueryClient, subjectFormId: string, update: FormUpdater) {
  qc.setQueriesData<SubjectFormReply>({ queryKey: ['subjectForm', subjectFormId] }, (old) => (old ? update(old) : old));
}

/** Replaces the fields that changed, keeping every other object (and so every other row's memo) as it was. */
export function withFields(
  form: SubjectFormReply,
  change: (field: SubjectFormFieldReply) => SubjectFormFieldReply,
): SubjectFormReply {
  let formChanged = false;
  const sections = form.subjectFormSectionList.map((s) => {
    let changed = false;
    const fields = s.subjectFormFieldList.map((f) => {
      const next = change(f);
      if (next !== f) changed = true;
      return next;
    });
    if (!changed) return s;
    formChanged = true;
    return { ...s, subjectFormFieldList: fields };
  });
  return formChanged ? { ...form, subjectFormSectionList: sections } : form;
}

/** A saved value: the field's new current value and the visibility changes that came with it. */
export function applySaved(form: SubjectFormReply, fieldId: string, saved: ItemDataSaved): SubjectFormReply {
  const hidden = new Map(saved.visibility.map((v) => [v.subjectFormFieldId, v.isHidden]));
  return withFields(form, (f) => {
    const isHidden = hidden.get(f.id);
    if (f.id === fieldId) return { ...f, itemData: saved.itemData, ...(isHidden !== undefined ? { isHidden } : {}) };
    if (isHidden !== undefined && isHidden !== f.isHidden) return { ...f, isHidden };
    return f;
  });
}

/** A field read again (after a 409): its current value as the server has it. */
export function applyField(form: SubjectFormReply, fresh: SubjectFormFieldReply): SubjectFormReply {
  return withFields(form, (f) => (f.id === fresh.id ? { ...f, itemData: fresh.itemData, isHidden: fresh.isHidden } : f));
}

/** A section's reply: its status, confirmation, comment and version (its fields stay as the form has them). */
export function applySection(form: SubjectFormReply, section: SubjectFormSectionReply): SubjectFormReply {
  return {
    ...form,
    subjectFormSectionList: form.subjectFormSectionList.map((s) =>
      s.id === section.id ? { ...section, subjectFormFieldList: s.subjectFormFieldList } : s,
    ),
  };
}
