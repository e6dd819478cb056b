import i18n from 'i18next';
import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_REFRESH_MS,
  nextRefreshBatch,
  type DocumentStatus,
  type DocumentStatusReply,
  type DocumentType,
  type ExportFormat,
} from '@edc/domain';
import { api, apiPage, type ApiPage } from '../../shared/api/client';
import ru from '../../locales/ru/documents.json';
import en from '../../locales/en/documents.json';

if (!i18n.hasResourceBundle('ru', 'documents')) i18n.addResourceBundle('ru', 'documents', ru, true, true);
if (!i18n.hasResourceBundle('en', 'documents')) i18n.addResourceBundle('en', 'documents', en, true, true);

/**
 * The documents screens (docs/documents.md "Documents screens"): the research's documents (GET /Documents/Paged,
 * research settings) and the caller's own (GET /Documents/PersonalList, profile), server-paged, with the
 * Status, Type and Expiring filters; the visibility toggle and the deletion.
 */
export type DocumentsSource = 'research' | 'personal';

export interface DocumentsFilter {
  researchId: string | null;
  status: DocumentStatus | '';
  type: DocumentType | '';
  expiring: boolean;
  page: number;
  pageSize: number;
}

const PATHS: Record<DocumentsSource, string> = { research: '/Documents/Paged', personal: '/Documents/PersonalList' };

export const documentsListKey = (source: DocumentsSource, f: DocumentsFilter) => ['documents', 'list', source, f] as const;

export function useDocumentsList(source: DocumentsSource, f: DocumentsFilter, enabled = true) {
  return useQuery({
    queryKey: documentsListKey(source, f),
    queryFn: ({ signal }) =>
      apiPage<DocumentStatusReply>(PATHS[source], {
        signal,
        quietErrors: true,
        query: {
          researchId: f.researchId ?? undefined,
          Status: f.status || undefined,
          Type: f.type || undefined,
          Expiring: f.expiring,
          page: f.page,
          pageSize: f.pageSize,
        },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Started documents of the shown page are asked for again every 5 s, 3 at a time (spec operations section 9),
 * taking turns so that each is refreshed; a fresh state replaces the document in the page.
 */
export function useStartedRefresh(source: DocumentsSource, f: DocumentsFilter, page: ApiPage<DocumentStatusReply> | undefined) {
  const client = useQueryClient();
  const turn = useRef(0);
  // The page shown now: a fresh state goes into it (the timer is not restarted for each render).
  const key = useRef(documentsListKey(source, f));
  key.current = documentsListKey(source, f);
  const started = (page?.data ?? []).filter((d) => d.status === 'Started').map((d) => d.id);
  const startedKey = started.join(',');
  useEffect(() => {
    if (!startedKey) return;
    const ids = startedKey.split(',');
    const timer = window.setInterval(() => {
      const { batch, next } = nextRefreshBatch(ids, turn.current);
      turn.current = next;
      for (const id of batch) {
        void api
          .get<DocumentStatusReply>(`/Documents/${id}`, { quietErrors: true })
          .then((fresh) =>
            client.setQueryData<ApiPage<DocumentStatusReply>>(key.current, (old) =>
              old ? { ...old, data: old.data.map((d) => (d.id === fresh.id ? fresh : d)) } : old,
            ),
          )
          .catch(() => undefined);
      }
    }, DOCUMENT_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [startedKey, client]);
}

export function useDocumentActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['documents', 'list'] });
  const toggle = useMutation({
    mutationFn: (id: string) => api.post<DocumentStatusReply>(`/Documents/${id}/ToggleVisible`),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => api.delete(`/Documents/${id}`), onSettled: refresh });
  return { toggle, remove };
}

/** How a dataset is chosen: POST /Researches/GenerateDatasetByVisit or GenerateDatasetByForm. */
export type DatasetBy = 'visit' | 'form';
export type DatasetRequest = {
  researchId: string;
  name: string;
  format: ExportFormat;
  withCreators: boolean;
} & ({ visitIdList: string[] } | { formIdList: string[] });

/** Asks for a dataset document (made in the background; the reply is the document Started). */
export function generateDataset(by: DatasetBy, body: DatasetRequest) {
  return api.post<DocumentStatusReply>(`/Researches/GenerateDatasetBy${by === 'visit' ? 'Visit' : 'Form'}`, body);
}

/** POST /Researches/GenerateTemplate: the blank CRF of the chosen visits of a research version (docs/documents.md). */
export function generateTemplate(body: { researchVersionId: string; visitIdList: string[] }) {
  return api.post<DocumentStatusReply>('/Researches/GenerateTemplate', body);
}

/** POST /ResearchOrganisations/{id}/GenerateSubjectCardArchive: one ZIP of the centre's subject cards. */
export function generateSubjectCardArchive(centreId: string) {
  return api.post<DocumentStatusReply>(`/ResearchOrganisations/${centreId}/GenerateSubjectCardArchive`, {});
}
