import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Medication, SubjectDosing } from '@edc/domain';
import { api, apiPage } from '../../shared/api/client';

export const iwrsKey = ['iwrs'] as const;

export interface DosingsParams {
  page: number;
  pageSize: number;
  periodNumber?: number;
  researchOrganisationId?: string;
  subjectId?: string;
}

/** GET /SubjectDosing: one server page, sorted by screening number. */
export function useDosings(p: DosingsParams, enabled = true) {
  return useQuery({
    queryKey: [...iwrsKey, 'dosings', p],
    queryFn: ({ signal }) =>
      apiPage<SubjectDosing>('/SubjectDosing', {
        query: {
          Page: p.page,
          PageSize: p.pageSize,
          periodNumber: p.periodNumber,
          researchOrganisationId: p.researchOrganisationId,
          subjectId: p.subjectId,
        },
        signal,
        quietErrors: true,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET /SubjectDosing/{id}/Medications: the kits of a dosing with their status history, newest first. */
export function useDosingMedications(dosingId: string) {
  return useQuery({
    queryKey: [...iwrsKey, 'medications', dosingId],
    queryFn: ({ signal }) => api.get<Medication[]>(`/SubjectDosing/${dosingId}/Medications`, { signal, quietErrors: true }),
  });
}

/** A change of dosings or kits: posts, then refetches every IWRS query. */
export function useIwrsMutation<V>(call: (values: V) => Promise<unknown>, onDone?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      onDone?.();
      await qc.invalidateQueries({ queryKey: iwrsKey });
    },
  });
}
