import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClinicalImportRequest, DataExportRequest, JobKind, JobReply, ResearchOrganisation } from '@edc/domain';
import { api, apiPage, type ApiPage } from '../../shared/api/client';
import { isOpen, pollWhile } from '../../shared/api/poll';
import { downloadFile, postWithProgress } from '../../shared/api/transfer';
import type { Form, Visit } from '../design/api';

/**
 * The data exchange API (packages/domain/src/schemas/data-exchange.ts; docs/data-exchange.md): exports and
 * imports are background jobs; the page starts them and follows them at GET /Jobs while any is open. The
 * page shows its own failures, so its calls do not toast.
 */
export const dataExchangeKey = ['dataExchange'] as const;
const quiet = { quietErrors: true, quietSuccess: true } as const;

export { isOpen } from '../../shared/api/poll';

export interface JobsQuery {
  kind: JobKind;
  researchId: string;
  page: number;
  pageSize: number;
}

/** GET /Jobs?kind=&researchId=: the research's jobs of one kind, newest first, server-paged. */
export function useJobs(q: JobsQuery | null) {
  return useQuery({
    queryKey: [...dataExchangeKey, 'jobs', q],
    queryFn: ({ signal }) => apiPage<JobReply>('/Jobs', { signal, query: { ...q }, quietErrors: true }),
    enabled: q !== null,
    placeholderData: keepPreviousData,
    refetchInterval: pollWhile<ApiPage<JobReply>>((page) => page.data.some((j) => isOpen(j.status))),
  });
}

/** GET /Jobs/{id}, every second until the job is Done or Failed. */
export function useJob(id: string | null, initial?: JobReply) {
  return useQuery({
    queryKey: [...dataExchangeKey, 'job', id],
    queryFn: ({ signal }) => api.get<JobReply>(`/Jobs/${id}`, { signal, quietErrors: true }),
    enabled: Boolean(id),
    initialData: initial && initial.id === id ? initial : undefined,
    // The reply of the request is the job as it was; read it again at once.
    initialDataUpdatedAt: 0,
    refetchInterval: pollWhile<JobReply>((job) => isOpen(job.status)),
    retry: false,
  });
}

/** Every list of jobs shows the new one. */
function useRefreshJobs() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: [...dataExchangeKey, 'jobs'] });
}

/** POST /DataExports. */
export function useStartExport() {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: (body: DataExportRequest) => api.post<JobReply>('/DataExports', body, quiet).then((r) => r.data),
    onSuccess: refresh,
  });
}

/** POST /ClinicalData/Import with the file's text, reporting the upload's progress (0..1). */
export function useStartImport(onUploadProgress: (fraction: number) => void) {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: (body: ClinicalImportRequest) =>
      postWithProgress<JobReply>('/ClinicalData/Import', body, { ...quiet, onUploadProgress }).then((r) => r.data),
    onSuccess: refresh,
  });
}

/** The API path of a document link (`/api/Documents/{id}/File`, or a full address of this server). */
function apiPathOf(link: string): string {
  const path = /^https?:\/\//.test(link) ? new URL(link).pathname + new URL(link).search : link;
  return path.replace(/^\/api(?=\/)/, '');
}

/** A Done job's file, with the bearer token (shared/api/transfer.ts), named by the server or by the job. */
export function downloadJob(job: JobReply): Promise<string> {
  return downloadFile(apiPathOf(job.documentLink ?? ''), job.name);
}

// ---------------------------------------------------------------------------------- filter options

/** GET /Visits?researchId=, in the design's order. */
export function useResearchVisits(researchId: string | null) {
  return useQuery({
    queryKey: [...dataExchangeKey, 'visits', researchId],
    queryFn: ({ signal }) =>
      api
        .get<Visit[]>('/Visits', { signal, quietErrors: true, query: { researchId } })
        .then((list) => [...list].sort((a, b) => a.index - b.index)),
    enabled: Boolean(researchId),
    staleTime: 60_000,
  });
}

/** GET /Forms?researchId=: every form of the research (each names its visit). */
export function useResearchForms(researchId: string | null) {
  return useQuery({
    queryKey: [...dataExchangeKey, 'forms', researchId],
    queryFn: ({ signal }) => api.get<Form[]>('/Forms', { signal, quietErrors: true, query: { researchId } }),
    enabled: Boolean(researchId),
    staleTime: 60_000,
  });
}

export const centreName = (c: ResearchOrganisation) => `${c.researchOrganisationNumber} — ${c.organisation.shortName}`;
