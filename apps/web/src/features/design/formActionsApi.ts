import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { design } from '@edc/domain';
import type { z } from 'zod';
import { api } from '../../shared/api/client';
import type { Form, SectionWithFields } from './api';

/**
 * Calls of the visit forms page beyond plain CRUD (spec section 7): copying forms between visits,
 * splitting a form by research version, copying a section, and form templates.
 */
export type FormTemplate = z.infer<typeof design.formTemplate>;

export const formActionKeys = {
  researchForms: (researchId: string | null) => ['design', 'researchForms', researchId] as const,
  templates: ['design', 'formTemplates'] as const,
};

const invalidateDesign = (qc: ReturnType<typeof useQueryClient>) => qc.invalidateQueries({ queryKey: ['design'] });

/** Every form of a research, by visit order then form order (the sources of CopyFormList). */
export function useResearchForms(researchId: string | null, enabled = true) {
  return useQuery({
    queryKey: formActionKeys.researchForms(researchId),
    queryFn: ({ signal }) => api.get<Form[]>('/Forms', { signal, query: { researchId } }),
    enabled: enabled && researchId !== null,
  });
}

/** Templates of the caller's current organisation, newest first. */
export function useFormTemplates(enabled = true) {
  return useQuery({
    queryKey: formActionKeys.templates,
    queryFn: ({ signal }) => api.get<FormTemplate[]>('/FormTemplates', { signal }),
    enabled,
  });
}

/**
 * The mutations report failures in the dialog that made them (quietErrors), so a refused copy or split
 * shows the server's message next to the choice that caused it.
 */
export function useFormActions() {
  const qc = useQueryClient();
  const done = () => invalidateDesign(qc);
  const quiet = { quietErrors: true } as const;
  return {
    /** POST /Forms/{visitId}/CopyFormList: the listed (complete) forms are copied into the visit. */
    copyFormList: useMutation({
      mutationFn: ({ visitId, formIdList }: { visitId: string; formIdList: string[] }) =>
        api.post<Form[]>(`/Forms/${visitId}/CopyFormList`, { formIdList }, quiet).then((r) => r.data),
      onSuccess: done,
    }),
    /** POST /Forms/{id}/CopyToVisitList: one complete form copied into each listed visit. */
    copyToVisits: useMutation({
      mutationFn: ({ id, visitIdList }: { id: string; visitIdList: string[] }) =>
        api.post<Form[]>(`/Forms/${id}/CopyToVisitList`, { visitIdList }, quiet).then((r) => r.data),
      onSuccess: done,
    }),
    /** POST /Forms/{id}/SplitVersion/{versionId}: replies [original, copy]. */
    splitVersion: useMutation({
      mutationFn: ({ id, versionId }: { id: string; versionId: string }) =>
        api.post<Form[]>(`/Forms/${id}/SplitVersion/${versionId}`, {}, quiet).then((r) => r.data),
      onSuccess: done,
    }),
    /** POST /FormTemplates/{formId}/CopyFormToTemplate */
    saveAsTemplate: useMutation({
      mutationFn: ({ formId, title }: { formId: string; title?: string }) =>
        api.post<FormTemplate>(`/FormTemplates/${formId}/CopyFormToTemplate`, { title }, quiet).then((r) => r.data),
      onSuccess: done,
    }),
    /** POST /Forms/FromTemplate */
    fromTemplate: useMutation({
      mutationFn: (body: z.input<typeof design.formFromTemplate>) =>
        api.post<Form>('/Forms/FromTemplate', body, quiet).then((r) => r.data),
      onSuccess: done,
    }),
    /** DELETE /FormTemplates/{id} */
    removeTemplate: useMutation({
      mutationFn: (id: string) => api.delete(`/FormTemplates/${id}`, quiet),
      onSuccess: done,
    }),
    /** POST /FormSections/{id}/Copy: a copy of the section at the end of the same form. */
    copySection: useMutation({
      mutationFn: (id: string) => api.post<SectionWithFields>(`/FormSections/${id}/Copy`, {}).then((r) => r.data),
      onSuccess: done,
    }),
  };
}
