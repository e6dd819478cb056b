import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DrTrialVisitsReply } from '@edc/domain';
import { api } from '../../shared/api/client';
import { invalidateDesign } from './api';

/** What loading the research's visits from DrTrial would do (nothing is written). */
export function useDrTrialPreview(researchId: string, drTrialResearchId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['externalTrial', 'visits', researchId, drTrialResearchId],
    queryFn: ({ signal }) =>
      api.get<DrTrialVisitsReply>('/Visits/FromDrTrial', { signal, query: { researchId, drTrialResearchId }, quietErrors: true }),
    enabled,
    retry: false,
    gcTime: 0,
  });
}

export function useLoadDrTrialVisits() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { researchId: string; drTrialResearchId: string }) =>
      api.post<DrTrialVisitsReply>('/Visits/FromDrTrial', body, { quietErrors: true }).then((r) => r.data),
    onSuccess: () => invalidateDesign(qc),
  });
}
