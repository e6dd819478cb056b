import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { design, ResearchOrganisation, ResearchVersionStatus, VersionAction } from '@edc/domain';
import type { z } from 'zod';
import { api, apiAllPages } from '../../shared/api/client';
import type { ResearchVersion } from '../design/api';
import { everyEmployeeOf } from '../centres/api';
import { downloadFile, postWithProgress } from '../../shared/api/transfer';

/** Read shapes and payloads of ResearchVersions, ProtocolVersions and the ODM import (docs/design-api.md). */
export type { ResearchVersion };
export type ProtocolVersion = z.infer<typeof design.protocolVersion>;
export type ResearchVersionCreate = z.input<typeof design.researchVersionCreate>;
export type ResearchVersionUpdate = z.input<typeof design.researchVersionUpdate>;
export type ProtocolVersionCreate = z.input<typeof design.protocolVersionCreate>;
export type ProtocolVersionUpdate = z.input<typeof design.protocolVersionUpdate>;
export type OdmImportRequest = z.input<typeof design.odmImportRequest>;
export type OdmImportReply = design.OdmImportReply;

// The research-version list itself is the design area's query (useResearchVersions in ../design/api).
export const versionKeys = {
  protocol: (researchId: string | null) => ['versions', 'protocol', researchId] as const,
  adminEmployees: (researchId: string | null) => ['versions', 'adminEmployees', researchId] as const,
};

/**
 * Versions show up in the design pages (filters, visits and forms of a version) and in the centre pages
 * (a centre's version history): after a change every copy is refetched.
 */
function refreshVersions(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ['design'] }),
    qc.invalidateQueries({ queryKey: ['versions'] }),
    qc.invalidateQueries({ queryKey: ['researchVersions'] }),
    qc.invalidateQueries({ queryKey: ['protocolVersions'] }),
  ]);
}

// ------------------------------------------------------------------------------- research versions

export function useResearchVersionMutations() {
  const qc = useQueryClient();
  const done = () => refreshVersions(qc);
  return {
    // Dialogs show the errors of create and update next to their inputs, so these are not toasted.
    create: useMutation({
      mutationFn: (body: ResearchVersionCreate) =>
        api.post<ResearchVersion>('/ResearchVersions', body, { quietErrors: true }).then((r) => r.data),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ResearchVersionUpdate }) =>
        api.put<ResearchVersion>(`/ResearchVersions/${id}`, body, { quietErrors: true }).then((r) => r.data),
      // Also after a failure: a stale edit (409) must be retried against the current row.
      onSettled: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api.delete(`/ResearchVersions/${id}`), onSettled: done }),
    transition: useMutation({
      mutationFn: ({ id, action }: { id: string; action: VersionAction }) =>
        api.post<ResearchVersion>(`/ResearchVersions/${id}/${action}`).then((r) => r.data),
      onSettled: done,
    }),
    changeStatus: useMutation({
      mutationFn: ({ id, versionStatus, reason }: { id: string; versionStatus: ResearchVersionStatus; reason: string }) =>
        api.post<ResearchVersion>(`/ResearchVersions/${id}/ChangeStatus`, { versionStatus, reason }).then((r) => r.data),
      onSettled: done,
    }),
    setAuthor: useMutation({
      mutationFn: (body: { researchVersionId: string; authorId: string }) =>
        api.post<ResearchVersion>('/ResearchVersions/SetAuthor', body).then((r) => r.data),
      onSettled: done,
    }),
  };
}

/** Employees of the research's admin-organisation centres: the only possible authors of a version. */
export function useAdminEmployees(researchId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: versionKeys.adminEmployees(researchId),
    queryFn: async ({ signal }) => {
      const centres = await apiAllPages<ResearchOrganisation>('/ResearchOrganisations', {
        query: { researchId, organisationTypeString: 'Admin' },
        signal,
      });
      const lists = await Promise.all(centres.map((c) => everyEmployeeOf(c.id, { signal })));
      return lists.flat();
    },
    enabled: enabled && researchId !== null,
  });
}

// ------------------------------------------------------------------------------- protocol versions

export function useProtocolVersions(researchId: string | null) {
  return useQuery({
    queryKey: versionKeys.protocol(researchId),
    queryFn: ({ signal }) => api.get<ProtocolVersion[]>('/ProtocolVersions', { signal, query: { researchId } }),
    enabled: researchId !== null,
  });
}

export function useProtocolVersionMutations() {
  const qc = useQueryClient();
  const done = () => refreshVersions(qc);
  return {
    create: useMutation({
      mutationFn: (body: ProtocolVersionCreate) =>
        api.post<ProtocolVersion>('/ProtocolVersions', body, { quietErrors: true }).then((r) => r.data),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ProtocolVersionUpdate }) =>
        api.put<ProtocolVersion>(`/ProtocolVersions/${id}`, body, { quietErrors: true }).then((r) => r.data),
      onSettled: done,
    }),
  };
}

// ----------------------------------------------------------------------------------------------- ODM

/** Saves the ODM 1.3.2 document of a version (the server names the file `<protocol>-v<index>.odm.xml`). */
export function exportOdm(version: ResearchVersion): Promise<string> {
  return downloadFile(`/ResearchVersions/${version.id}/Odm`, `v${version.index}.odm.xml`, 'application/xml');
}

/** A design file to import: an ODM document, or a REDCap data dictionary (its CSV), which the server turns into one. */
export type DesignImportBody =
  | { kind: 'odm'; body: OdmImportRequest }
  | { kind: 'redcap'; body: Omit<OdmImportRequest, 'xml'> & { csv: string } };

export function useImportOdm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ request, onUploadProgress }: { request: DesignImportBody; onUploadProgress: (fraction: number) => void }) =>
      postWithProgress<OdmImportReply>(
        request.kind === 'odm' ? '/ResearchVersions/ImportOdm' : '/ResearchVersions/ImportRedcapDictionary',
        request.body,
        { onUploadProgress, quietErrors: true },
      ).then((r) => r.data),
    onSuccess: () => refreshVersions(qc),
  });
}
