import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Employee, Language, Me, OrganisationDetail, OrganisationUser, User } from '@edc/domain';
import { api } from '../../shared/api/client';
import { hasToken } from '../../shared/api/session';

export const meKey = ['me'] as const;

export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return api.get<Me>('/Users/me', { signal });
}

/** The signed-in user with organisations, employees (role/research contexts), permissions and home path. */
export function useMe() {
  return useQuery({
    queryKey: meKey,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: hasToken(),
    staleTime: 60_000,
  });
}

export function currentEmployee(me: Me | undefined): Employee | undefined {
  return me?.employees.find((e) => e.id === me.currentEmployeeId);
}

export function currentOrganisationUser(me: Me | undefined): OrganisationUser | undefined {
  return me?.organisationUsers.find((o) => o.id === me.currentOrganisationUserId);
}

/** After a context switch: the new `me`, and everything else refetched in the new context. */
async function reloadContext(qc: QueryClient): Promise<Me> {
  const me = await fetchMe();
  qc.setQueryData(meKey, me);
  await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== meKey[0] });
  return me;
}

export function useSetCurrentEmployee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (employeeId: string) => {
      await api.post(`/Employees/${employeeId}/SetCurrent`);
      return reloadContext(qc);
    },
  });
}

export function useSetCurrentOrganisationUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (organisationUserId: string) => {
      await api.post(`/OrganisationUsers/${organisationUserId}/SetCurrent`);
      return reloadContext(qc);
    },
  });
}

export interface UserPatch {
  firstName?: string;
  lastName?: string;
  patronymic?: string | null;
  language?: Language;
}

export function useUpdateUser(options: { quietSuccess?: boolean } = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, patch }: { id: string; patch: UserPatch }) => {
      const reply = await api.put<User>(`/Users/${id}/`, patch, { quietSuccess: options.quietSuccess });
      return reply.data;
    },
    onSuccess: (user) => {
      qc.setQueryData<Me>(meKey, (me) => (me && user && me.user.id === user.id ? { ...me, user: { ...me.user, ...user } } : me));
    },
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: ({ id, oldPassword, newPassword }: { id: string; oldPassword: string; newPassword: string }) =>
      api.post(`/Users/${id}/ChangePassword`, { oldPassword, newPassword }),
  });
}

export function useOrganisation(id: string | undefined) {
  return useQuery({
    queryKey: ['organisations', id],
    queryFn: ({ signal }) => api.get<OrganisationDetail>(`/Organisations/${id}`, { signal }),
    enabled: Boolean(id),
  });
}
