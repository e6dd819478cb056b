import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  design,
  Research,
  SubjectActor,
  SubjectFacts,
  SubjectStatus,
  SubjectStatusCounts,
  SubjectVisit,
  SubjectVisitsStatistic,
  SubjectWithVisits,
  VisitType,
} from '@edc/domain';
import { api, apiPage } from '../../shared/api/client';
import { useCentresOfType } from '../centres/api';
import { currentEmployee, useMe } from '../identity/api';

export type Visit = design.Visit;
export type SortOrder = 'asc' | 'desc';

export interface SubjectsPage {
  data: SubjectWithVisits[];
  page: number;
  pageSize: number;
  totalCount: number;
}

export interface SubjectListParams {
  page: number;
  pageSize: number;
  screeningNumber: string;
  randomisationNumber: string;
  identificationNumber: string;
  sortByScrNumber?: SortOrder;
  sortByRandNumber?: SortOrder;
  sortByIdentNumber?: SortOrder;
  statusList: SubjectStatus[];
  researchOrganisationId?: string;
}

export const subjectsKey = ['subjects'] as const;

/** The caller as the subject rules see it, and the current research. */
export function useSubjectContext() {
  const me = useMe();
  const employee = currentEmployee(me.data);
  const actor: SubjectActor = {
    organisationType: employee?.researchOrganisation.organisationTypeString ?? null,
    employeeType: employee?.employeeType ?? null,
  };
  const type = actor.organisationType;
  return {
    me: me.data,
    actor,
    researchId: employee?.researchOrganisation.research.id ?? null,
    withIwrs: employee?.researchOrganisation.research.withIwrs ?? false,
    isSiteUser: type === 'Site' || type === 'TestSite',
    /** qa and kio filter by site (spec section 2). */
    filtersBySite: type === 'Qa' || type === 'Kio',
    isKio: type === 'Kio',
  };
}

const listQuery = (p: SubjectListParams) => ({
  Page: p.page,
  PageSize: p.pageSize,
  screeningNumber: p.screeningNumber.trim(),
  randomisationNumber: p.randomisationNumber.trim(),
  identificationNumber: p.identificationNumber.trim(),
  sortByScrNumber: p.sortByScrNumber,
  sortByRandNumber: p.sortByRandNumber,
  sortByIdentNumber: p.sortByIdentNumber,
  statusList: p.statusList,
  researchOrganisationId: p.researchOrganisationId,
});

/** GET /Subjects: one server page. The raw reply is the paged envelope, not `{ data }`. */
export async function fetchSubjectsPage(p: SubjectListParams, signal?: AbortSignal): Promise<SubjectsPage> {
  const page = await apiPage<SubjectWithVisits>('/Subjects', { query: listQuery(p), signal });
  performance.mark('subjects:reply');
  return page;
}

export function useSubjectsPage(p: SubjectListParams, enabled = true) {
  return useQuery({
    queryKey: [...subjectsKey, 'page', p],
    queryFn: ({ signal }) => fetchSubjectsPage(p, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useStatusCounts(p: Omit<SubjectListParams, 'page' | 'pageSize' | 'statusList'>, enabled = true) {
  return useQuery({
    queryKey: [
      ...subjectsKey,
      'counts',
      p.screeningNumber,
      p.randomisationNumber,
      p.identificationNumber,
      p.researchOrganisationId,
    ],
    queryFn: ({ signal }) =>
      api.get<SubjectStatusCounts>('/Subjects/StatusCounts', {
        signal,
        quietErrors: true,
        query: {
          screeningNumber: p.screeningNumber.trim(),
          randomisationNumber: p.randomisationNumber.trim(),
          identificationNumber: p.identificationNumber.trim(),
          researchOrganisationId: p.researchOrganisationId,
        },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSubject(id: string | undefined) {
  return useQuery({
    queryKey: [...subjectsKey, 'one', id],
    queryFn: ({ signal }) => api.get<SubjectWithVisits>(`/Subjects/${id}`, { signal, quietErrors: true }),
    enabled: Boolean(id),
  });
}

export function useSubjectVisits(subjectId: string | undefined) {
  return useQuery({
    queryKey: [...subjectsKey, 'visits', subjectId],
    queryFn: ({ signal }) => api.get<SubjectVisit[]>(`/Subjects/${subjectId}/List`, { signal, quietErrors: true }),
    enabled: Boolean(subjectId),
  });
}

/** The visits of the current research, in order: the matrix columns. */
export function useResearchVisits(researchId: string | null) {
  return useQuery({
    queryKey: ['visits', 'research', researchId],
    queryFn: ({ signal }) => api.get<Visit[]>('/Visits', { signal, quietErrors: true }),
    enabled: Boolean(researchId),
    staleTime: 60_000,
  });
}

export function useResearch(researchId: string | null) {
  return useQuery({
    queryKey: ['researches', researchId],
    queryFn: ({ signal }) => api.get<Research>(`/Researches/${researchId}`, { signal, quietErrors: true }),
    enabled: Boolean(researchId),
    staleTime: 60_000,
  });
}

/** The research's site centres, every one of them (the site filter of qa and kio). */
export const useSites = (researchId: string | null, enabled: boolean) => useCentresOfType(researchId, 'Site', enabled);

export function useVisitsStatistic(
  researchId: string | null,
  researchOrganisationId: string | undefined,
  enabled: boolean,
  withTestSubjects = false,
) {
  return useQuery({
    queryKey: ['statistic', 'subjectVisits', researchId, researchOrganisationId, withTestSubjects],
    queryFn: ({ signal }) =>
      api.get<SubjectVisitsStatistic>(`/Statistic/SubjectVisitsStatistic/${researchId}`, {
        signal,
        quietErrors: true,
        // Test subjects are left out unless asked for (docs/qa-validation.md "Test data").
        query: { researchOrganisationId, withTestSubjects: withTestSubjects || undefined },
      }),
    enabled: enabled && Boolean(researchId),
  });
}

/** A change to subjects: posts, then refetches every subject list, count and the statistic. */
export function useSubjectMutation<V>(call: (values: V) => Promise<unknown>, onDone?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      onDone?.();
      await Promise.all([
        qc.invalidateQueries({ queryKey: subjectsKey }),
        qc.invalidateQueries({ queryKey: ['statistic', 'subjectVisits'] }),
      ]);
    },
  });
}

/** What the rules of @edc/domain need: the subject with the types of its visits. */
export function subjectFacts(s: SubjectWithVisits, visitTypes: ReadonlyMap<string, VisitType>): SubjectFacts {
  return {
    status: s.status,
    isRandomised: s.isRandomised,
    isSigned: s.isSigned,
    drTrialId: s.drTrialId,
    visits: s.subjectVisitList.map((v) => ({
      visitType: visitTypes.get(v.visitId) ?? 'Period',
      completedStatus: v.formCompletedStatus,
    })),
  };
}
