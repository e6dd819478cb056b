import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CompanySuggestionDto,
  design,
  Employee,
  EmployeeType,
  OrganisationFull,
  OrganisationReference,
  OrganisationReferenceGroup,
  OrganisationReferenceGroupDetail,
  OrganisationType,
  OrganisationUser,
  Reference,
  ReferenceField,
  ReferenceGroup,
  ReferenceGroupDetail,
  ResearchOrganisation,
  ResearchOrganisationVersion,
  User,
  UserRole,
} from '@edc/domain';
import { api, apiAllPages, apiPage } from '../../shared/api/client';

/** A server page: `{ data, page, pageSize, totalCount }`. */
export interface Page<T> {
  data: T[];
  page: number;
  pageSize: number;
  totalCount: number;
}

export interface PageArgs {
  page: number;
  pageSize: number;
  search?: string;
}

/** A paged list through the shared client. */
function getPage<T>(path: string, query: Record<string, string | number | undefined>, signal?: AbortSignal): Promise<Page<T>> {
  return apiPage<T>(path, { query, signal });
}

// --------------------------------------------------------------------------------------------- users

export const usersKey = ['users'] as const;

export function useUsersPage(args: PageArgs) {
  return useQuery({
    queryKey: [...usersKey, args],
    queryFn: ({ signal }) => getPage<User>('/Users', { ...args }, signal),
    placeholderData: keepPreviousData,
  });
}

export interface UserInput {
  email: string;
  firstName: string;
  lastName: string;
  patronymic?: string | null;
  userRole?: UserRole;
}

export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    // Errors are shown in the dialog (which restores the stored values of a failed edit).
    mutationFn: ({ id, input }: { id?: string; input: UserInput }) =>
      id ? api.put<User>(`/Users/${id}/`, input, { quietErrors: true }) : api.post<User>('/Users', input, { quietErrors: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}

export function useDeleteUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/Users/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}

/** Users by name or e-mail (pickers). */
export function useUserSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: [...usersKey, 'search', search],
    queryFn: ({ signal }) => getPage<User>('/Users', { page: 1, pageSize: 20, search: search || undefined }, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
}

// ------------------------------------------------------------------------------------- organisations

export const organisationsKey = ['organisations'] as const;

export function useOrganisationsPage(args: PageArgs, enabled = true) {
  return useQuery({
    queryKey: [...organisationsKey, 'page', args],
    queryFn: ({ signal }) => getPage<OrganisationFull>('/Organisations', { ...args }, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export interface CompanyLookupReply {
  kind: 'registry' | 'known';
  suggestions: CompanySuggestionDto[];
}

export function useCompanyLookup(query: string) {
  return useQuery({
    queryKey: ['companyLookup', query],
    queryFn: ({ signal }) =>
      api.get<CompanyLookupReply>('/Organisations/Lookup', { query: { query }, signal, quietErrors: true }),
    enabled: query.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export interface OrganisationInput {
  name: string;
  shortName: string;
  address: string;
  inn?: string | null;
  kpp?: string | null;
}

export function useCreateOrganisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganisationInput) => api.post<OrganisationFull>('/Organisations', input).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: organisationsKey }),
  });
}

/** PUT /Organisations/{id} with the changed details; errors are shown by the caller (next to the card). */
export function useUpdateOrganisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Partial<OrganisationInput> }) =>
      api.put<OrganisationFull>(`/Organisations/${id}`, patch, { quietErrors: true }).then((r) => r.data),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: organisationsKey });
      // Organisation names are also part of `me` (memberships, employees).
      await qc.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export function useDeleteOrganisation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/Organisations/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: organisationsKey }),
  });
}

// -------------------------------------------------------------------------------- organisation users

export const membersKey = ['organisationUsers'] as const;

export function useMembersPage(organisationId: string | undefined, args: PageArgs, enabled = true) {
  return useQuery({
    queryKey: [...membersKey, organisationId, args],
    queryFn: ({ signal }) => getPage<OrganisationUser>('/OrganisationUsers', { ...args, organisationId }, signal),
    enabled: Boolean(organisationId) && enabled,
    placeholderData: keepPreviousData,
  });
}

function useMemberMutation<A>(fn: (a: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: membersKey });
      await qc.invalidateQueries({ queryKey: ['organisations'] });
    },
  });
}

export const useAddMember = () =>
  useMemberMutation((a: { userId: string; organisationId: string; userRoleString: UserRole }) =>
    api.post('/OrganisationUsers', a),
  );
export const useChangeMemberRole = () =>
  useMemberMutation((a: { id: string; userRoleString: UserRole }) =>
    api.put(`/OrganisationUsers/${a.id}`, { userRoleString: a.userRoleString }),
  );
export const useVerifyMember = () => useMemberMutation((id: string) => api.put(`/OrganisationUsers/${id}/Verify`));
export const useRemoveMember = () => useMemberMutation((id: string) => api.delete(`/OrganisationUsers/${id}`));

// -------------------------------------------------------------------------------------------- centres

export const centresKey = ['centres'] as const;

export function useCentresPage(researchId: string | undefined, args: PageArgs & { organisationTypeString?: OrganisationType }) {
  return useQuery({
    queryKey: [...centresKey, researchId, args],
    queryFn: ({ signal }) => getPage<ResearchOrganisation>('/ResearchOrganisations', { ...args, researchId }, signal),
    enabled: Boolean(researchId),
    placeholderData: keepPreviousData,
  });
}

/** The research's centres of one type, every one of them (a large trial has hundreds of sites). */
export function useCentresOfType(researchId: string | null, type: 'Admin' | 'Kio' | 'Site' | 'TestSite', enabled = true) {
  return useQuery({
    queryKey: [...centresKey, researchId, 'ofType', type],
    queryFn: ({ signal }) =>
      apiAllPages<ResearchOrganisation>('/ResearchOrganisations', {
        signal,
        quietErrors: true,
        query: { researchId: researchId ?? undefined, organisationTypeString: type },
      }),
    enabled: enabled && Boolean(researchId),
    staleTime: 60_000,
  });
}

/** The research's Site and TestSite centres (those that hold subjects), every one of them, by number. */
export function useSubjectCentres(researchId: string | null | undefined) {
  return useQuery({
    queryKey: [...centresKey, researchId, 'subjectCentres'],
    queryFn: async ({ signal }) =>
      (
        await apiAllPages<ResearchOrganisation>('/ResearchOrganisations', {
          signal,
          quietErrors: true,
          query: { researchId: researchId ?? undefined },
        })
      )
        .filter((c) => c.organisationTypeString === 'Site' || c.organisationTypeString === 'TestSite')
        .sort((a, b) => a.researchOrganisationNumber.localeCompare(b.researchOrganisationNumber, undefined, { numeric: true })),
    enabled: Boolean(researchId),
    staleTime: 60_000,
  });
}

export function useCentre(id: string | undefined) {
  return useQuery({
    queryKey: [...centresKey, 'one', id],
    queryFn: ({ signal }) => api.get<ResearchOrganisation>(`/ResearchOrganisations/${id}`, { signal }),
    enabled: Boolean(id),
  });
}

export interface CentreInput {
  researchId: string;
  organisationId: string;
  organisationTypeString: OrganisationType;
  researchOrganisationNumber?: string | null;
}

export function useCreateCentre() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CentreInput) => api.post<ResearchOrganisation>('/ResearchOrganisations', input).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: centresKey }),
  });
}

export interface CentrePatch {
  organisationTypeString?: OrganisationType;
  researchOrganisationNumber?: string | null;
  organisationId?: string;
}

/** PUT /ResearchOrganisations/{id}; errors are shown by the caller (next to the card). */
export function useUpdateCentre() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: CentrePatch }) =>
      api.put<ResearchOrganisation>(`/ResearchOrganisations/${id}`, patch, { quietErrors: true }).then((r) => r.data),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: centresKey });
      await qc.invalidateQueries({ queryKey: employeesKey });
      // The centre's number and organisation are part of the role selector's labels.
      await qc.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export function useDeleteCentre() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/ResearchOrganisations/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: centresKey }),
  });
}

// ------------------------------------------------------------------------------------------ employees

export const employeesKey = ['employees'] as const;

/** Every employee of a centre (all pages), for the pickers that choose among them. */
export const everyEmployeeOf = (researchOrganisationId: string, options: { signal?: AbortSignal; quietErrors?: boolean } = {}) =>
  apiAllPages<Employee>('/Employees', { ...options, query: { researchOrganisationId } });

/** A page of a centre's employees (a sponsor's or a large hospital's centre may have more than a page). */
export function useEmployeesPage(researchOrganisationId: string | undefined, args: PageArgs) {
  return useQuery({
    queryKey: [...employeesKey, researchOrganisationId, args],
    queryFn: ({ signal }) => getPage<Employee>('/Employees', { researchOrganisationId, ...args }, signal),
    enabled: Boolean(researchOrganisationId),
    placeholderData: keepPreviousData,
  });
}

/**
 * Who may join a centre, for someone without users_settings: its organisation's verified members who are not its
 * employees, by name or e-mail (GET /Employees/Candidates, 20 of them).
 */
export function useEmployeeCandidates(researchOrganisationId: string, search: string) {
  return useQuery({
    queryKey: [...employeesKey, 'candidates', researchOrganisationId, search],
    queryFn: ({ signal }) =>
      getPage<OrganisationUser>(
        '/Employees/Candidates',
        { researchOrganisationId, page: 1, pageSize: 20, search: search || undefined },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useEmployeeTypes(researchOrganisationId: string | undefined) {
  return useQuery({
    queryKey: [...employeesKey, 'types', researchOrganisationId],
    queryFn: ({ signal }) =>
      api.get<EmployeeType[]>('/Employees/EmployeeTypeList', { query: { researchOrganisationId }, signal }),
    enabled: Boolean(researchOrganisationId),
    staleTime: 5 * 60_000,
  });
}

function useEmployeeMutation<A>(fn: (a: A) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: employeesKey }) });
}

export const useAddEmployee = () =>
  useEmployeeMutation((a: { researchOrganisationId: string; employeeTypeString: EmployeeType; userId: string }) =>
    api.post<Employee>('/Employees', a),
  );
export const useToggleEmployeeAccess = () => useEmployeeMutation((id: string) => api.post(`/Employees/${id}/ToggleAccess`));
export const useDeleteEmployee = () => useEmployeeMutation((id: string) => api.delete(`/Employees/${id}`));

// ----------------------------------------------------------------------------------- centre versions

export interface VersionOption {
  id: string;
  index?: string;
  protocolVersionNumber?: string;
  protocolVersionDate?: string;
}

/** A page of a centre's version history, newest first. */
export function useCentreVersions(researchOrganisationId: string | undefined, args: PageArgs) {
  return useQuery({
    queryKey: ['centreVersions', researchOrganisationId, args],
    queryFn: ({ signal }) =>
      getPage<ResearchOrganisationVersion>('/ResearchOrganisationVersions', { researchOrganisationId, ...args }, signal),
    enabled: Boolean(researchOrganisationId),
    placeholderData: keepPreviousData,
  });
}

export function useResearchVersions(researchId: string | undefined) {
  return useQuery({
    queryKey: ['researchVersions', researchId],
    queryFn: ({ signal }) => api.get<VersionOption[]>('/ResearchVersions', { query: { researchId }, signal }),
    enabled: Boolean(researchId),
  });
}

export function useProtocolVersions(researchId: string | undefined) {
  return useQuery({
    queryKey: ['protocolVersions', researchId],
    queryFn: ({ signal }) => api.get<VersionOption[]>('/ProtocolVersions', { query: { researchId }, signal }),
    enabled: Boolean(researchId),
  });
}

export function useAddCentreVersion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: {
      startedDate: string;
      researchOrganisationId: string;
      protocolVersionId: string;
      researchVersionId: string;
    }) => api.post('/ResearchOrganisationVersions', a),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['centreVersions'] }),
  });
}

// ---------------------------------------------------------------------------------------- references

/**
 * Reference ranges are kept by a centre (ReferenceGroups, References) or by an organisation
 * (OrganisationReferenceGroups, OrganisationReferences); the screens are the same.
 */
export type ReferenceOwner = { kind: 'centre'; id: string } | { kind: 'organisation'; id: string };

export type AnyGroup = ReferenceGroup | OrganisationReferenceGroup;
export type AnyGroupDetail = ReferenceGroupDetail | OrganisationReferenceGroupDetail;
export type AnyReference = Reference | OrganisationReference;

const groupPath = (o: ReferenceOwner) => (o.kind === 'centre' ? '/ReferenceGroups' : '/OrganisationReferenceGroups');
const referencePath = (o: ReferenceOwner) => (o.kind === 'centre' ? '/References' : '/OrganisationReferences');
const ownerQuery = (o: ReferenceOwner) => (o.kind === 'centre' ? { researchOrganisationId: o.id } : { organisationId: o.id });

export const referencesKey = ['references'] as const;

export function useReferenceGroups(owner: ReferenceOwner | null) {
  return useQuery({
    queryKey: [...referencesKey, 'groups', owner],
    // Every group (all pages): the panel lists them without a pager, so none may be left off.
    queryFn: ({ signal }) => apiAllPages<AnyGroup>(groupPath(owner!), { query: ownerQuery(owner!), signal }),
    enabled: owner !== null,
  });
}

export function useReferenceGroup(owner: ReferenceOwner | null, id: string | null) {
  return useQuery({
    queryKey: [...referencesKey, 'group', owner?.kind, id],
    queryFn: ({ signal }) => api.get<AnyGroupDetail>(`${groupPath(owner!)}/${id}`, { signal, quietErrors: true }),
    enabled: owner !== null && id !== null,
    retry: false,
  });
}

export function useGroupFields(owner: ReferenceOwner | null, id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...referencesKey, 'fields', owner?.kind, id],
    queryFn: ({ signal }) => api.get<ReferenceField[]>(`${groupPath(owner!)}/${id}/ByFormType`, { signal }),
    enabled: owner !== null && id !== null && enabled,
  });
}

export function useFormTypes(enabled: boolean) {
  return useQuery({
    queryKey: ['formTypes', 'all'],
    queryFn: ({ signal }) => api.get<Array<{ id: string; title: string }>>('/FormTypes', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

function useReferenceMutation<A, R = unknown>(fn: (a: A) => Promise<R>) {
  const qc = useQueryClient();
  // Refetched after a failure too: what is stored (a group locked meanwhile…) is shown again.
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: referencesKey }) });
}

export interface GroupInput {
  formTypeId: string;
  dateFrom: string;
  dateTo?: string | null;
}

export const useCreateGroup = (owner: ReferenceOwner) =>
  useReferenceMutation((input: GroupInput) =>
    api.post<AnyGroupDetail>(groupPath(owner), { ...input, ...ownerQuery(owner) }).then((r) => r.data),
  );
export const useToggleGroupLock = (owner: ReferenceOwner) =>
  useReferenceMutation((id: string) => api.put(`${groupPath(owner)}/${id}/ToggleLock`));
export const useDeleteGroup = (owner: ReferenceOwner) =>
  useReferenceMutation((id: string) => api.delete(`${groupPath(owner)}/${id}`));
export const useCopyGroup = () =>
  useReferenceMutation((a: { id: string; researchOrganisationId: string }) =>
    api.put(`/ReferenceGroups/${a.id}/CopyTo/${a.researchOrganisationId}`),
  );

export interface ReferenceInput {
  fieldId: string;
  minReference: number;
  maxReference: number;
  minAge: number;
  maxAge: number;
  genderString: 'Male' | 'Female' | 'Both';
  errorMessage: string;
  /** On an edit, the `updatedAt` last read (the server refuses a stale or missing one). */
  updatedAt?: string;
}

export const useSaveReference = (owner: ReferenceOwner) =>
  // Errors are shown in the dialog (which restores the stored values of a failed edit).
  useReferenceMutation(({ id, groupId, input }: { id?: string; groupId: string; input: ReferenceInput }) => {
    if (id) return api.put(`${referencePath(owner)}/${id}`, input, { quietErrors: true });
    const groupKey = owner.kind === 'centre' ? 'referenceGroupId' : 'organisationReferenceGroupId';
    return api.post(referencePath(owner), { ...input, [groupKey]: groupId }, { quietErrors: true });
  });
export const useDeleteReference = (owner: ReferenceOwner) =>
  useReferenceMutation((id: string) => api.delete(`${referencePath(owner)}/${id}`));

// ------------------------------------------------------------------------------------ form templates

export type FormTemplate = z.infer<typeof design.formTemplate>;

export const formTemplatesKey = ['formTemplates'] as const;

/** An organisation's form templates, newest first (readable by its current members and the administration). */
export function useFormTemplates(organisationId: string) {
  return useQuery({
    queryKey: [...formTemplatesKey, organisationId],
    queryFn: ({ signal }) => api.get<FormTemplate[]>('/FormTemplates', { query: { organisationId }, signal, quietErrors: true }),
    retry: false,
  });
}

export function useDeleteFormTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/FormTemplates/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: formTemplatesKey }),
  });
}
