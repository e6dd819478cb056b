import i18n from 'i18next';
import { useQuery } from '@tanstack/react-query';
import type { ItemNoteStatistic, SubjectStatistic, SubjectVisitsStatistic } from '@edc/domain';
import { api } from '../../shared/api/client';
import ru from '../../locales/ru/statistic.json';
import en from '../../locales/en/statistic.json';

// The statistic namespace loads with its page.
if (!i18n.hasResourceBundle('ru', 'statistic')) i18n.addResourceBundle('ru', 'statistic', ru, true, true);
if (!i18n.hasResourceBundle('en', 'statistic')) i18n.addResourceBundle('en', 'statistic', en, true, true);

const get = <T>(path: string, researchOrganisationId: string | undefined, signal: AbortSignal, withTestSubjects = false) =>
  api.get<T>(path, {
    signal,
    quietErrors: true,
    // Test subjects are left out unless asked for (docs/qa-validation.md "Test data").
    query: { researchOrganisationId, withTestSubjects: withTestSubjects || undefined },
  });

/** GET /Statistic/SubjectStatistic/{researchId}: subjects by status, for one site or all. */
export function useSubjectStatistic(researchId: string | null, site: string | undefined, enabled: boolean, withTest = false) {
  return useQuery({
    queryKey: ['statistic', 'subjects', researchId, site, withTest],
    queryFn: ({ signal }) => get<SubjectStatistic>(`/Statistic/SubjectStatistic/${researchId}`, site, signal, withTest),
    enabled: enabled && Boolean(researchId),
  });
}

/** GET /Statistic/ItemNoteStatistic/{researchId}: records (notes) by type and status, over the research. */
export function useRecordStatistic(researchId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['statistic', 'records', researchId],
    queryFn: ({ signal }) => get<ItemNoteStatistic>(`/Statistic/ItemNoteStatistic/${researchId}`, undefined, signal),
    enabled: enabled && Boolean(researchId),
  });
}

/** GET /Statistic/SubjectVisitsStatistic/{researchId}: visits on time and overdue per status. */
export function useVisitStatistic(researchId: string | null, site: string | undefined, enabled: boolean, withTest = false) {
  return useQuery({
    queryKey: ['statistic', 'visits', researchId, site, withTest],
    queryFn: ({ signal }) =>
      get<SubjectVisitsStatistic>(`/Statistic/SubjectVisitsStatistic/${researchId}`, site, signal, withTest),
    enabled: enabled && Boolean(researchId),
  });
}
