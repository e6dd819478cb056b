import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EmergencyUnblinding } from '@edc/domain';
import { apiPage } from '../../shared/api/client';
import { iwrsKey } from './api';

/** GET /EmergencyUnblindings: newest first; a subject's own when `subjectId` is given. */
export function useUnblindings(p: { page: number; pageSize: number; subjectId?: string }) {
  return useQuery({
    queryKey: [...iwrsKey, 'unblindings', p],
    queryFn: ({ signal }) =>
      apiPage<EmergencyUnblinding>('/EmergencyUnblindings', {
        query: { Page: p.page, PageSize: p.pageSize, subjectId: p.subjectId },
        signal,
        quietErrors: true,
      }),
    placeholderData: keepPreviousData,
  });
}
