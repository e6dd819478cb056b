import i18n from 'i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FormEntry, JournalEntry, JournalOption, SummaryFormOption, SummaryLayout } from '@edc/domain';
import { api, apiPage } from '../../shared/api/client';
import ru from '../../locales/ru/summary.json';
import en from '../../locales/en/summary.json';

// The summary namespace (summary tables and journals) loads with its pages.
if (!i18n.hasResourceBundle('ru', 'summary')) i18n.addResourceBundle('ru', 'summary', ru, true, true);
if (!i18n.hasResourceBundle('en', 'summary')) i18n.addResourceBundle('en', 'summary', en, true, true);

export interface EntriesParams {
  page: number;
  pageSize: number;
  researchOrganisationId?: string;
  withTestSubjects?: boolean;
}

const query = (p: EntriesParams) => ({
  page: p.page,
  pageSize: p.pageSize,
  researchOrganisationId: p.researchOrganisationId || undefined,
  withTestSubjects: p.withTestSubjects ? 'true' : undefined,
});

/** GET /Summary/Forms: the forms of the research, by visit. */
export function useSummaryForms() {
  return useQuery({
    queryKey: ['summary', 'forms'],
    queryFn: ({ signal }) => api.get<SummaryFormOption[]>('/Summary/Forms', { signal, quietErrors: true }),
    staleTime: 60_000,
  });
}

/** GET /Summary/Forms/{id}: a form's sections and columns. */
export function useSummaryLayout(formId: string | null) {
  return useQuery({
    queryKey: ['summary', 'layout', formId],
    queryFn: ({ signal }) => api.get<SummaryLayout>(`/Summary/Forms/${formId}`, { signal, quietErrors: true }),
    enabled: Boolean(formId),
    staleTime: 60_000,
  });
}

/** GET /SubjectsForm/ByForm: one page of the form's entries. */
export function useSummaryEntries(formId: string | null, params: EntriesParams) {
  return useQuery({
    queryKey: ['summary', 'entries', formId, params],
    queryFn: ({ signal }) =>
      apiPage<FormEntry>('/SubjectsForm/ByForm', {
        signal,
        quietErrors: true,
        query: { formId: formId ?? undefined, ...query(params) },
      }),
    enabled: Boolean(formId),
    placeholderData: keepPreviousData,
  });
}

/** GET /SubjectsFormSection/Journal/Sections: the journals to choose. */
export function useJournalSections() {
  return useQuery({
    queryKey: ['journals', 'sections'],
    queryFn: ({ signal }) => api.get<JournalOption[]>('/SubjectsFormSection/Journal/Sections', { signal, quietErrors: true }),
    staleTime: 60_000,
  });
}

/** GET /SubjectsFormSection/Journal/{id}/Columns: a journal's columns. */
export function useJournalLayout(sectionId: string | null) {
  return useQuery({
    queryKey: ['journals', 'layout', sectionId],
    queryFn: ({ signal }) =>
      api.get<SummaryLayout>(`/SubjectsFormSection/Journal/${sectionId}/Columns`, { signal, quietErrors: true }),
    enabled: Boolean(sectionId),
    staleTime: 60_000,
  });
}

/** GET /SubjectsFormSection/Journal: one page of a journal. */
export function useJournalEntries(sectionId: string | null, params: EntriesParams) {
  return useQuery({
    queryKey: ['journals', 'entries', sectionId, params],
    queryFn: ({ signal }) =>
      apiPage<JournalEntry>('/SubjectsFormSection/Journal', {
        signal,
        quietErrors: true,
        query: { formSectionId: sectionId ?? undefined, ...query(params) },
      }),
    enabled: Boolean(sectionId),
    placeholderData: keepPreviousData,
  });
}
