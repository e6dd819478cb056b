import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditVerificationRunDto } from '@edc/domain';
import { api, apiPage, type ApiPage } from '../../shared/api/client';
import { isOpen, pollWhile } from '../../shared/api/poll';

/** The verifications of the audit trail (user role Admin): run in the background, their results kept. */
const key = ['auditVerifications'] as const;

/** GET /Audit/Verifications: the runs, newest first, without their lists of breaks; read every second while one is open. */
export function useAuditVerifications(page: number, pageSize: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...key, page, pageSize],
    queryFn: ({ signal }) =>
      apiPage<AuditVerificationRunDto>('/Audit/Verifications', { signal, query: { page, pageSize }, quietErrors: true }),
    placeholderData: keepPreviousData,
    refetchInterval: pollWhile<ApiPage<AuditVerificationRunDto>>((p) => p.data.some((r) => isOpen(r.status))),
  });
}

/** GET /Audit/Verifications/{id}: one run with its list of breaks; read every second while it is open. */
export function useAuditVerification(id: string | null) {
  return useQuery({
    queryKey: [...key, 'run', id],
    queryFn: ({ signal }) => api.get<AuditVerificationRunDto>(`/Audit/Verifications/${id}`, { signal, quietErrors: true }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    refetchInterval: pollWhile<AuditVerificationRunDto>((r) => isOpen(r.status)),
  });
}

/** POST /Audit/Verifications: starts a run (or answers the one already open). */
export function useStartVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<AuditVerificationRunDto>('/Audit/Verifications', undefined, { quietErrors: true }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
