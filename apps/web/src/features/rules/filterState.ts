import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEBOUNCE_MS, PAGE_SIZES, RULE_TYPES, RULES_PAGE_SIZE, type RuleType } from '@edc/domain';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import type { RulesListQuery } from './api';

/**
 * The rules page's filters and page, kept in the address under the API's names (GET /Rules), so that reload,
 * a shared link and Back keep them. Defaults are left out of the address; a changed filter goes back to page 1.
 */
export interface RulesFilter {
  visitId: string;
  formId: string;
  formSectionId: string;
  formFieldId: string;
  ruleTypeString: RuleType | '';
  isValidate: 'true' | 'false' | '';
  search: string;
  page: number;
  pageSize: number;
  /** The rule whose dialog is open. */
  ruleId: string;
}

const ID_KEYS = ['visitId', 'formId', 'formSectionId', 'formFieldId', 'ruleId'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function readFilter(params: URLSearchParams): RulesFilter {
  const id = (key: string) => {
    const v = params.get(key) ?? '';
    return UUID.test(v) ? v : '';
  };
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const type = params.get('ruleTypeString') ?? '';
  const validated = params.get('isValidate');
  return {
    visitId: id('visitId'),
    formId: id('formId'),
    formSectionId: id('formSectionId'),
    formFieldId: id('formFieldId'),
    ruleId: id('ruleId'),
    ruleTypeString: (RULE_TYPES as readonly string[]).includes(type) ? (type as RuleType) : '',
    isValidate: validated === 'true' || validated === 'false' ? validated : '',
    search: (params.get('search') ?? '').slice(0, 200),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : RULES_PAGE_SIZE,
  };
}

export function writeFilter(f: RulesFilter): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of ID_KEYS) if (f[key]) p.set(key, f[key]);
  if (f.ruleTypeString) p.set('ruleTypeString', f.ruleTypeString);
  if (f.isValidate) p.set('isValidate', f.isValidate);
  if (f.search.trim()) p.set('search', f.search);
  if (f.page > 1) p.set('page', String(f.page));
  if (f.pageSize !== RULES_PAGE_SIZE) p.set('pageSize', String(f.pageSize));
  return p;
}

/** How many filters are set (the count on the folded filters of a phone). */
export const activeFilterCount = (f: RulesFilter) =>
  [f.visitId, f.ruleTypeString, f.isValidate, f.search.trim()].filter(Boolean).length;

export function apiQuery(f: RulesFilter, researchId: string | null): RulesListQuery {
  return {
    page: f.page,
    pageSize: f.pageSize,
    researchId: researchId ?? undefined,
    visitId: f.visitId || undefined,
    formId: f.formId || undefined,
    formSectionId: f.formSectionId || undefined,
    formFieldId: f.formFieldId || undefined,
    ruleTypeString: f.ruleTypeString || undefined,
    isValidate: f.isValidate || undefined,
    search: f.search.trim() || undefined,
  };
}

/** The filter and its setter: the history entry is replaced; any change but paging and the open rule goes to page 1. */
export function useRulesFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readFilter(params), [params]);
  const update = useCallback(
    (patch: Partial<RulesFilter>) =>
      setParams(
        (current) => {
          const before = readFilter(current);
          const keepsPage = Object.keys(patch).every((k) => k === 'page' || k === 'pageSize' || k === 'ruleId');
          return writeFilter({ ...before, ...(keepsPage ? {} : { page: 1 }), ...patch });
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filter, update] as const;
}

/**
 * The search as typed: the input shows each key at once, the address (and so the list) takes it 500 ms after
 * the last key (spec section 9). A search changed elsewhere (Back, a link) is taken over.
 */
export function useSearchInput(filter: RulesFilter, update: (patch: Partial<RulesFilter>) => void) {
  const [typed, setTyped] = useState(filter.search);
  const written = useRef(filter.search);
  useEffect(() => {
    if (filter.search === written.current) return;
    written.current = filter.search;
    setTyped(filter.search);
  }, [filter.search]);
  const debounced = useDebouncedValue(typed, DEBOUNCE_MS);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    update({ search: debounced });
  }, [debounced, update]);
  const reset = useCallback(() => {
    written.current = '';
    setTyped('');
  }, []);
  return { typed, setTyped, reset };
}
