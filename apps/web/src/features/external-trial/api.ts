import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubjectVisitDocument } from '@edc/domain';
import { api } from '../../shared/api/client';

/**
 * The external trial system DrTrial (docs/external-trial.md): whether the link is on (its buttons are hidden
 * when it is off), and sending a signed visit's document to it.
 */
export function useExternalTrialSettings() {
  return useQuery({
    queryKey: ['externalTrial', 'settings'],
    queryFn: ({ signal }) => api.get<{ enabled: boolean }>('/ExternalTrial/Settings', { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Queues the document for DrTrial; the list then shows it Queued until the job has sent it. */
export function useSendToDrTrial(listKey: readonly unknown[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<SubjectVisitDocument>(`/SubjectVisitDocuments/${id}/SendToDrTrial`).then((r) => r.data),
    onSettled: () => qc.invalidateQueries({ queryKey: listKey }),
  });
}
