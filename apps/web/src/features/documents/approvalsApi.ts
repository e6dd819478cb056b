import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentApprovalNoteReply, DocumentApprovalReply, DocumentApproverReply, DocumentStatusReply } from '@edc/domain';
import { api, apiPage } from '../../shared/api/client';
import './api';

/**
 * Document approvals (docs/documents.md "Approvals"): the approval tab (GET /DocumentApprovals, research settings),
 * the profile's approvals waiting for the caller (GET /DocumentApprovals/Personal), the send dialog's choices and
 * the changes (send, resend, approve, reject, note, delete).
 */
export type ApprovalsSource = 'research' | 'personal';

const PATHS: Record<ApprovalsSource, string> = { research: '/DocumentApprovals', personal: '/DocumentApprovals/Personal' };

export function useApprovals(source: ApprovalsSource, researchId: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: ['documentApprovals', 'list', source, researchId, page, pageSize],
    queryFn: ({ signal }) =>
      apiPage<DocumentApprovalReply>(PATHS[source], {
        signal,
        quietErrors: true,
        query: { researchId: researchId ?? undefined, page, pageSize },
      }),
    placeholderData: keepPreviousData,
    enabled: source === 'personal' || Boolean(researchId),
  });
}

/** The employees who may be chosen as approvers, in the spec's order of centre types. */
export function useApprovers(researchId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['documentApprovals', 'approvers', researchId],
    queryFn: ({ signal }) => api.get<DocumentApproverReply[]>('/DocumentApprovals/Approvers', { signal, query: { researchId } }),
    enabled,
  });
}

/**
 * The made documents of the research that can be sent: the newest 50 whose name contains `search` (searched on the
 * server, so that any of a large trial's documents can be found).
 */
export function useApprovableDocuments(researchId: string, enabled: boolean, search = '') {
  return useQuery({
    queryKey: ['documents', 'list', 'approvable', researchId, search],
    queryFn: ({ signal }) =>
      apiPage<DocumentStatusReply>('/Documents/Paged', {
        signal,
        query: { researchId, Status: 'Done', pageSize: 50, ...(search ? { search } : {}) },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useApprovalNotes(approvalId: string | null) {
  return useQuery({
    queryKey: ['documentApprovals', 'notes', approvalId],
    queryFn: ({ signal }) =>
      api.get<DocumentApprovalNoteReply[]>('/DocumentApprovalNotes', { signal, query: { documentApprovalId: approvalId } }),
    enabled: approvalId !== null,
  });
}

export interface ApprovalSend {
  documentId: string;
  researchVersionId: string;
  approverIdList: string[];
  lastDocumentApprovalId?: string;
}

export function useApprovalActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['documentApprovals'] });
  const send = useMutation({
    mutationFn: (body: ApprovalSend) => api.post<DocumentApprovalReply>('/DocumentApprovals', body),
    onSettled: refresh,
  });
  const approve = useMutation({
    mutationFn: (id: string) => api.put<DocumentApprovalReply>(`/DocumentApprovals/${id}/Approve`),
    onSettled: refresh,
  });
  const reject = useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) =>
      api.put<DocumentApprovalReply>(`/DocumentApprovals/${id}/Reject`, { message }),
    onSettled: refresh,
  });
  const note = useMutation({
    mutationFn: (body: { documentApprovalId: string; message: string }) =>
      api.post<DocumentApprovalNoteReply>('/DocumentApprovalNotes', body),
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => api.delete(`/DocumentApprovals/${id}`), onSettled: refresh });
  return { send, approve, reject, note, remove };
}
