import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { design, Research } from '@edc/domain';
import { api, apiAllPages, apiPage } from '../../shared/api/client';
import { meKey } from '../identity/api';

/** A research as GET /Researches reads it (with `updatedAt` for the stale-edit check). */
export type ResearchRead = Research;
export type ResearchCreate = z.input<typeof design.researchCreate>;
/** The edited fields; `putResearch` adds the `updatedAt` last read (required by the server). */
export type ResearchUpdate = Omit<z.input<typeof design.researchUpdate>, 'updatedAt'>;
export type ResearchAction = 'Lock' | 'Archive' | 'ToggleIwrsConnection' | 'Delete';

export interface ResearchesPageArgs {
  page: number;
  pageSize: number;
  search?: string;
}

/** Under ['researches'], so the research pickers of the centres pages refresh with this list. */
export const researchKeys = {
  all: ['researches'] as const,
  page: (args: ResearchesPageArgs) => ['researches', 'page', args] as const,
  list: ['researches', 'list'] as const,
  one: (id: string | undefined) => ['researches', 'one', id] as const,
};

/** GET /Researches: server-paged, by protocol number ascending; `search` matches number, MNN, sponsor, title. */
export function useResearchesPage(args: ResearchesPageArgs) {
  return useQuery({
    queryKey: researchKeys.page(args),
    queryFn: ({ signal }) => apiPage<ResearchRead>('/Researches', { query: { ...args }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every research the user may see, for the research pickers: all pages of GET /Researches (a system that has run
 * trials for years holds more than one page of them; the list stays small beside a trial's subjects).
 */
export function useResearchList(enabled = true) {
  return useQuery({
    queryKey: researchKeys.list,
    queryFn: ({ signal }) => apiAllPages<ResearchRead>('/Researches', { signal }),
    enabled,
  });
}

export function useResearch(id: string | undefined, placeholder?: ResearchRead) {
  return useQuery({
    queryKey: researchKeys.one(id),
    queryFn: ({ signal }) => api.get<ResearchRead>(`/Researches/${id}`, { signal }),
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

/** Everything that shows researches: this list, the pickers (useResearchList), the role selector. */
function refreshResearches(qc: QueryClient) {
  return Promise.all([qc.invalidateQueries({ queryKey: researchKeys.all }), qc.invalidateQueries({ queryKey: meKey })]);
}

export function useCreateResearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ResearchCreate) => api.post<ResearchRead>('/Researches', body).then((r) => r.data),
    onSuccess: () => refreshResearches(qc),
  });
}

/** PUT /Researches/{id} from the values last read (`base`): the server refuses a stale write with 409. */
async function putResearch(base: ResearchRead, body: ResearchUpdate): Promise<ResearchRead> {
  const reply = await api.put<ResearchRead>(`/Researches/${base.id}`, { ...body, updatedAt: base.updatedAt });
  return reply.data;
}

/** Research info edit; on success the new values are shown at once, on failure the stored ones are read again. */
export function useUpdateResearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ base, body }: { base: ResearchRead; body: ResearchUpdate }) => putResearch(base, body),
    onSuccess: (research) => qc.setQueryData(researchKeys.one(research.id), research),
    onSettled: () => refreshResearches(qc),
  });
}

/** Lock, archive, delete and the IWRS toggle (spec section 4). */
export function useResearchAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ResearchAction }) =>
      action === 'Delete' ? api.delete(`/Researches/${id}`) : api.put(`/Researches/${id}/${action}`),
    onSettled: () => refreshResearches(qc),
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The creation date as YYYY-MM-DD in local time. */
export function createdOn(r: ResearchRead): string | null {
  const time = new Date(r.createdAt);
  if (Number.isNaN(time.getTime())) return null;
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}
