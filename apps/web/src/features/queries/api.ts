import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ItemNoteRow, ItemNoteStatistic } from '@edc/domain';
import { api, apiPage } from '../../shared/api/client';
import { downloadFile } from '../../shared/api/transfer';
import type { NotesQuery } from './filterState';

/** The notes API of the queries page (spec section 7: ItemNote FilteredList and GenerateReport, Statistic). */
export const notesKey = ['itemNotes'] as const;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A query string with list filters repeated (`?noteTypeList=QaNote&noteTypeList=DmNote`), empty values left out. */
export function queryString(query: Record<string, string | number | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const v of value as readonly string[]) params.append(key, v);
    else params.append(key, String(value));
  }
  return params.toString();
}

/** GET /ItemNote/FilteredList: one server page of the notes of the current research, newest first. */
export function useNotesPage(query: NotesQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...notesKey, 'page', query],
    queryFn: ({ signal }) => apiPage<ItemNoteRow>('/ItemNote/FilteredList', { query, signal, quietErrors: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /Statistic/ItemNoteStatistic/{researchId}: per note type the caller sees, the counts by status. */
export function useNoteStatistic(researchId: string | null) {
  return useQuery({
    queryKey: [...notesKey, 'statistic', researchId],
    queryFn: ({ signal }) =>
      api.get<ItemNoteStatistic>(`/Statistic/ItemNoteStatistic/${researchId}`, { signal, quietErrors: true }),
    enabled: Boolean(researchId),
  });
}

/**
 * GET /ItemNote/GenerateReport with the page's filters (every row, no paging), saved as an XLSX file; a failure
 * shows the server's message as a toast (shared/api/transfer.ts) and stays on the mutation for the page.
 */
export function useNotesReport(fallbackName: string) {
  return useMutation({
    mutationFn: (query: Omit<NotesQuery, 'page' | 'pageSize'>) => {
      const qs = queryString(query);
      return downloadFile(`/ItemNote/GenerateReport${qs ? `?${qs}` : ''}`, fallbackName, XLSX);
    },
  });
}
