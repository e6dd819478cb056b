import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RuleInput, RuleReply, RuleTestReply, RuleType } from '@edc/domain';
import { api, apiPage, type ApiPage } from '../../shared/api/client';

/**
 * The rules API (packages/domain/src/schemas/rules.ts; spec section 7 "Rules"): the paged list, one rule,
 * create, edit, delete, ToggleValidate and Test. A test or a validation answers the rule as it now is, which
 * replaces it in place in every cached list (spec section 4), so a filtered list does not jump.
 */
export const rulesKey = ['rules'] as const;

/** GET /Rules: the filters of the rules page and of a field's rules list. */
export interface RulesListQuery {
  page: number;
  pageSize: number;
  researchId?: string;
  visitId?: string;
  formId?: string;
  formSectionId?: string;
  formFieldId?: string;
  ruleTypeString?: RuleType;
  isValidate?: 'true' | 'false';
  search?: string;
}

export function useRulesPage(query: RulesListQuery, enabled = true) {
  return useQuery({
    queryKey: [...rulesKey, 'list', query],
    queryFn: ({ signal }) => apiPage<RuleReply>('/Rules', { query: { ...query }, signal, quietErrors: true }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const ruleKey = (id: string | null | undefined) => [...rulesKey, 'one', id] as const;

/** GET /Rules/{id}; `placeholder` (the row of a list) shows at once while the rule is read. */
export function useRule(id: string | null | undefined, placeholder?: RuleReply) {
  return useQuery({
    queryKey: ruleKey(id),
    queryFn: ({ signal }) => api.get<RuleReply>(`/Rules/${id}`, { signal, quietErrors: true }),
    enabled: Boolean(id),
    placeholderData: placeholder,
  });
}

/** The rule as the server now has it, in its own cache and in every cached list page that shows it. */
export function putRuleInPlace(qc: QueryClient, rule: RuleReply): void {
  qc.setQueryData(ruleKey(rule.id), rule);
  qc.setQueriesData<ApiPage<RuleReply>>({ queryKey: [...rulesKey, 'list'] }, (page) =>
    page && page.data.some((r) => r.id === rule.id)
      ? { ...page, data: page.data.map((r) => (r.id === rule.id ? rule : r)) }
      : page,
  );
}

interface Snapshot {
  entries: Array<[readonly unknown[], unknown]>;
}

/** Every cached copy of the rules (one rule and the lists), to put back when an update fails. */
async function snapshot(qc: QueryClient): Promise<Snapshot> {
  await qc.cancelQueries({ queryKey: rulesKey });
  return { entries: qc.getQueriesData({ queryKey: rulesKey }) };
}

function restore(qc: QueryClient, snap: Snapshot | undefined): void {
  for (const [key, data] of snap?.entries ?? []) qc.setQueryData(key, data);
}

export function useRuleMutations() {
  const qc = useQueryClient();
  const refreshLists = () => qc.invalidateQueries({ queryKey: [...rulesKey, 'list'] });
  return {
    create: useMutation({
      mutationFn: (body: RuleInput) => api.post<RuleReply>('/Rules', body, { quietErrors: true }).then((r) => r.data),
      onSuccess: (rule) => {
        qc.setQueryData(ruleKey(rule.id), rule);
        void refreshLists();
      },
    }),
    /** An edit; the caller restores the form's stored values when it fails (spec section 4). */
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: RuleInput }) =>
        api.put<RuleReply>(`/Rules/${id}`, body, { quietErrors: true }).then((r) => r.data),
      onSuccess: (rule) => putRuleInPlace(qc, rule),
    }),
    remove: useMutation({
      mutationFn: (id: string) => api.delete(`/Rules/${id}`),
      onSuccess: (_r, id) => {
        qc.removeQueries({ queryKey: ruleKey(id) });
        void refreshLists();
      },
    }),
    /** QA validates or cancels the validation: the flag flips at once and comes back if the call fails. */
    toggleValidate: useMutation({
      mutationFn: (rule: RuleReply) =>
        api.put<RuleReply>(`/Rules/${rule.id}/ToggleValidate`, {}, { quietErrors: true }).then((r) => r.data),
      onMutate: async (rule) => {
        const before = await snapshot(qc);
        putRuleInPlace(qc, { ...rule, isValidate: !rule.isValidate });
        return before;
      },
      onError: (_e, _rule, before) => restore(qc, before),
      onSuccess: (rule) => putRuleInPlace(qc, rule),
    }),
    test: useMutation({
      mutationFn: ({ id, ruleDataList }: { id: string; ruleDataList: Array<{ key: string; data: string | null }> }) =>
        api
          .put<RuleTestReply>(`/Rules/${id}/Test`, { ruleDataList }, { quietErrors: true, quietSuccess: true })
          .then((r) => r.data),
      onSuccess: (reply) => putRuleInPlace(qc, reply.rule),
    }),
  };
}
