import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { moveItem, type design } from '@edc/domain';
import type { z } from 'zod';
import { api } from '../../shared/api/client';
import { currentEmployee, useMe } from '../identity/api';
import { useQueryParams } from './components/useQueryParams';

/** Read shapes of the study-design API (packages/domain/src/schemas/design.ts). */
export type Visit = z.infer<typeof design.visit>;
export type Form = z.infer<typeof design.form>;
export type Section = z.infer<typeof design.section>;
export type SectionWithFields = z.infer<typeof design.sectionWithFields>;
export type FormField = z.infer<typeof design.formField>;
export type FormType = z.infer<typeof design.formType>;
export type FieldDefinition = z.infer<typeof design.field>;
export type ResearchVersion = z.infer<typeof design.researchVersion>;

export type VisitCreate = z.input<typeof design.visitCreate>;
export type VisitUpdate = z.input<typeof design.visitUpdate>;
export type FormCreate = z.input<typeof design.formCreate>;
export type FormUpdate = z.input<typeof design.formUpdate>;
export type SectionCreate = z.input<typeof design.sectionCreate>;
export type SectionUpdate = z.input<typeof design.sectionUpdate>;
export type FormFieldCreateList = z.input<typeof design.formFieldCreateList>;
export type FormFieldUpdate = z.input<typeof design.formFieldUpdate>;
export type FormTypeCreate = z.input<typeof design.formTypeCreate>;
export type FieldCreate = z.input<typeof design.fieldCreate>;
export type FieldUpdate = z.input<typeof design.fieldUpdate>;

export const designKeys = {
  visits: (researchId: string | null, versionId?: string | null) => ['design', 'visits', researchId, versionId ?? null] as const,
  visit: (id: string | undefined) => ['design', 'visit', id] as const,
  versions: (researchId: string | null) => ['design', 'researchVersions', researchId] as const,
  forms: (visitId: string | undefined, versionId?: string | null) => ['design', 'forms', visitId, versionId ?? null] as const,
  form: (id: string | undefined) => ['design', 'form', id] as const,
  sections: (formId: string | undefined) => ['design', 'sections', formId] as const,
  formTypes: (search?: string) => ['design', 'formTypes', search ?? ''] as const,
  fields: (formTypeId: string | undefined) => ['design', 'fields', formTypeId] as const,
};

export const invalidateDesign = (qc: ReturnType<typeof useQueryClient>) => qc.invalidateQueries({ queryKey: ['design'] });

// ------------------------------------------------------------------------------------------ research

/**
 * The research the design pages work on: `?researchId=` when given (admins and editors pick one), else
 * the research of `?visitId=` (a link back from a visit of another research keeps to it), else the
 * current employee's research.
 */
export function useDesignResearch() {
  const me = useMe();
  const { params, patchParams } = useQueryParams();
  const fromQuery = params.get('researchId');
  const visit = useVisit(fromQuery ? undefined : (params.get('visitId') ?? undefined));
  const employeeResearch = currentEmployee(me.data)?.researchOrganisation.research ?? null;
  const researchId = fromQuery ?? visit.data?.researchId ?? (visit.isLoading ? null : (employeeResearch?.id ?? null));
  const choose = (id: string) => patchParams({ researchId: id, visitId: null, versionId: null });
  return { researchId, loading: me.isLoading || visit.isLoading, choose, me: me.data };
}

export function useResearchVersions(researchId: string | null) {
  return useQuery({
    queryKey: designKeys.versions(researchId),
    queryFn: ({ signal }) => api.get<ResearchVersion[]>('/ResearchVersions', { signal, query: { researchId } }),
    enabled: researchId !== null,
  });
}

// ------------------------------------------------------------------------------------------ reorder

interface Indexed {
  id: string;
  index: number;
}

/**
 * Optimistic reordering (spec section 4): the list in the cache moves at once; a failed call restores
 * the order it had before. `path` is the resource (`/Visits`), the server answers the new order.
 */
export function useReorder<T extends Indexed>(queryKey: QueryKey, path: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ item, from, to }: { item: T; from: number; to: number }) =>
      api.post(`${path}/${item.id}/ChangeIndex/${to}`, { startIndex: from }, { quietSuccess: true }),
    onMutate: async ({ from, to }) => {
      await qc.cancelQueries({ queryKey });
      const before = qc.getQueryData<T[]>(queryKey);
      if (before)
        qc.setQueryData<T[]>(
          queryKey,
          moveItem(before, from, to).map((x, i) => ({ ...x, index: i })),
        );
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) qc.setQueryData(queryKey, context.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey }),
  });
}

// -------------------------------------------------------------------------------------------- visits

export function useVisits(researchId: string | null, versionId: string | null) {
  return useQuery({
    queryKey: designKeys.visits(researchId, versionId),
    queryFn: ({ signal }) =>
      api
        .get<Visit[]>('/Visits', { signal, query: { researchId, researchVersionId: versionId } })
        .then((list) => [...list].sort((a, b) => a.index - b.index)),
    enabled: researchId !== null,
  });
}

export function useVisit(id: string | undefined) {
  return useQuery({
    queryKey: designKeys.visit(id),
    queryFn: ({ signal }) => api.get<Visit>(`/Visits/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useVisitMutations() {
  const qc = useQueryClient();
  const done = () => invalidateDesign(qc);
  return {
    create: useMutation({
      mutationFn: (body: VisitCreate) => api.post<Visit>('/Visits', body).then((r) => r.data),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: VisitUpdate }) => api.put<Visit>(`/Visits/${id}`, body).then((r) => r.data),
      onSettled: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/Visits/${id}`), onSuccess: done }),
    toggleComplete: useMutation({
      mutationFn: (id: string) => api.post<Visit>(`/Visits/${id}/ToggleComplete`).then((r) => r.data),
      onSuccess: done,
    }),
  };
}

// --------------------------------------------------------------------------------------------- forms

export function useForms(visitId: string | undefined, versionId: string | null = null) {
  return useQuery({
    queryKey: designKeys.forms(visitId, versionId),
    queryFn: ({ signal }) =>
      api
        .get<Form[]>('/Forms', { signal, query: { visitId, researchVersionId: versionId } })
        .then((list) => [...list].sort((a, b) => a.index - b.index)),
    enabled: Boolean(visitId),
  });
}

export function useDesignForm(id: string | undefined) {
  return useQuery({
    queryKey: designKeys.form(id),
    queryFn: ({ signal }) => api.get<Form>(`/Forms/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export function useFormMutations() {
  const qc = useQueryClient();
  const done = () => invalidateDesign(qc);
  return {
    create: useMutation({
      mutationFn: (body: FormCreate) => api.post<Form>('/Forms', body).then((r) => r.data),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: FormUpdate }) => api.put<Form>(`/Forms/${id}`, body).then((r) => r.data),
      onSettled: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/Forms/${id}`), onSuccess: done }),
    toggleComplete: useMutation({
      mutationFn: (id: string) => api.post<Form>(`/Forms/${id}/ToggleComplete`).then((r) => r.data),
      onSuccess: done,
    }),
  };
}

// ------------------------------------------------------------------------------------------ sections

/** Sections of a form with their fields, ordered. */
export function useSections(formId: string | undefined) {
  return useQuery({
    queryKey: designKeys.sections(formId),
    queryFn: ({ signal }) =>
      api
        .get<SectionWithFields[]>('/FormSections/WithReferences', { signal, query: { formId } })
        .then((list) =>
          [...list]
            .sort((a, b) => a.index - b.index)
            .map((s) => ({ ...s, formFieldList: [...s.formFieldList].sort((a, b) => a.index - b.index) })),
        ),
    enabled: Boolean(formId),
  });
}

export function useSectionMutations() {
  const qc = useQueryClient();
  const done = () => invalidateDesign(qc);
  return {
    create: useMutation({
      mutationFn: (body: SectionCreate) => api.post<Section>('/FormSections', body).then((r) => r.data),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: SectionUpdate }) =>
        api.put<Section>(`/FormSections/${id}`, body).then((r) => r.data),
      onSettled: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/FormSections/${id}`), onSuccess: done }),
  };
}

/** Reorders sections (the list in the sections cache). */
export function useReorderSections(formId: string | undefined) {
  return useReorder<SectionWithFields>(designKeys.sections(formId), '/FormSections');
}

/** Reorders the fields of one section inside the sections cache, with rollback. */
export function useReorderFields(formId: string | undefined) {
  const qc = useQueryClient();
  const queryKey = designKeys.sections(formId);
  return useMutation({
    mutationFn: ({ item, from, to }: { item: FormField; from: number; to: number }) =>
      api.post(`/FormFields/${item.id}/ChangeIndex/${to}`, { startIndex: from }, { quietSuccess: true }),
    onMutate: async ({ item, from, to }) => {
      await qc.cancelQueries({ queryKey });
      const before = qc.getQueryData<SectionWithFields[]>(queryKey);
      if (before)
        qc.setQueryData<SectionWithFields[]>(
          queryKey,
          before.map((s) =>
            s.id === item.formSectionId
              ? { ...s, formFieldList: moveItem(s.formFieldList, from, to).map((f, i) => ({ ...f, index: i })) }
              : s,
          ),
        );
      return { before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) qc.setQueryData(queryKey, context.before);
    },
    onSettled: () => qc.invalidateQueries({ queryKey }),
  });
}

// -------------------------------------------------------------------------------------- form fields

export function useFormFieldMutations() {
  const qc = useQueryClient();
  const done = () => invalidateDesign(qc);
  return {
    createList: useMutation({
      mutationFn: (body: FormFieldCreateList) => api.post<FormField[]>('/FormFields/List', body).then((r) => r.data),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: FormFieldUpdate }) =>
        api.put<FormField>(`/FormFields/${id}`, body).then((r) => r.data),
      onSettled: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/FormFields/${id}`), onSuccess: done }),
  };
}

// ------------------------------------------------------------------------------ form types, fields

export function useFormTypes(search = '') {
  return useQuery({
    queryKey: designKeys.formTypes(search),
    queryFn: ({ signal }) =>
      api
        .get<FormType[]>('/FormTypes', { signal, query: { search: search.trim() || undefined } })
        .then((list) => [...list].sort((a, b) => a.title.localeCompare(b.title))),
  });
}

export function useFieldDefinitions(formTypeId: string | undefined) {
  return useQuery({
    queryKey: designKeys.fields(formTypeId),
    queryFn: ({ signal }) => api.get<FieldDefinition[]>('/Fields', { signal, query: { formTypeId } }),
    enabled: Boolean(formTypeId),
  });
}

export function useFormTypeMutations() {
  const qc = useQueryClient();
  const done = () => invalidateDesign(qc);
  return {
    create: useMutation({
      mutationFn: (body: FormTypeCreate) => api.post<FormType>('/FormTypes', body).then((r) => r.data),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Partial<FormTypeCreate> & { updatedAt?: string } }) =>
        api.put<FormType>(`/FormTypes/${id}`, body).then((r) => r.data),
      onSettled: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/FormTypes/${id}`), onSuccess: done }),
    createField: useMutation({
      mutationFn: (body: FieldCreate) => api.post<FieldDefinition>('/Fields', body).then((r) => r.data),
      onSuccess: done,
    }),
    updateField: useMutation({
      mutationFn: ({ id, body }: { id: string; body: FieldUpdate }) =>
        api.put<FieldDefinition>(`/Fields/${id}`, body).then((r) => r.data),
      onSettled: done,
    }),
    removeField: useMutation({ mutationFn: (id: string) => api.delete(`/Fields/${id}`), onSuccess: done }),
  };
}
