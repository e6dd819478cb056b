import { useMutation } from '@tanstack/react-query';
import type { AuditVerificationDto } from '@edc/domain';
import { api } from '../../shared/api/client';

/** GET /Audit/Verify: walks the whole audit chain on the server (user role Admin). Run on demand, never cached. */
export function useVerifyAudit() {
  return useMutation({
    mutationFn: () => api.get<AuditVerificationDto>('/Audit/Verify', { quietErrors: true }),
  });
}
