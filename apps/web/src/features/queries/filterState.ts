import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  DEBOUNCE_MS,
  DEFAULT_PAGE_SIZE,
  EMPLOYEE_TYPES,
  NOTE_STATUSES,
  NOTE_TYPES,
  PAGE_SIZES,
  type EmployeeType,
  type NoteStatus,
  type NoteType,
} from '@edc/domain';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';

/**
 * The filters of the queries page (spec section 2, "Queries"), kept in the address's query parameters under the
 * API's names, so that reload, a shared link and the back button (from the subject visit a row opened) keep them.
 * Defaults are left out of the address; 'my queries' is written only when it differs from the caller's default
 * (on for admin, qa and kio), so a role switch brings the new role's default.
 */
export interface QueriesFilter {
  noteTypeList: NoteType[];
  noteStatusList: NoteStatus[];
  employeeTypeList: EmployeeType[];
  mine: boolean;
  screeningNumber: string;
  randomisationNumber: string;
  identificationNumber: string;
  visitId: string;
  formId: string;
  formFieldId: string;
  researchOrganisationId: string;
  page: number;
  pageSize: number;
}

export type NumberKey = 'screeningNumber' | 'randomisationNumber' | 'identificationNumber';
export const NUMBER_KEYS: readonly NumberKey[] = ['screeningNumber', 'randomisationNumber', 'identificationNumber'];
const ID_KEYS = ['visitId', 'formId', 'formFieldId', 'researchOrganisationId'] as const;
const LIST_KEYS = ['noteTypeList', 'noteStatusList', 'employeeTypeList'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function listOf<T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] {
  const seen = new Set(params.getAll(key));
  // In the enumeration's order, whatever the address's.
  return allowed.filter((v) => seen.has(v));
}

/** The filter an address describes (anything unknown in it is ignored). */
export function readFilter(params: URLSearchParams, mineByDefault: boolean): QueriesFilter {
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const mine = params.get('mine');
  const id = (key: string) => {
    const v = params.get(key) ?? '';
    return UUID.test(v) ? v : '';
  };
  return {
    noteTypeList: listOf(params, 'noteTypeList', NOTE_TYPES),
    noteStatusList: listOf(params, 'noteStatusList', NOTE_STATUSES),
    employeeTypeList: listOf(params, 'employeeTypeList', EMPLOYEE_TYPES),
    mine: mine === '1' ? true : mine === '0' ? false : mineByDefault,
    screeningNumber: params.get('screeningNumber') ?? '',
    randomisationNumber: params.get('randomisationNumber') ?? '',
    identificationNumber: params.get('identificationNumber') ?? '',
    visitId: id('visitId'),
    formId: id('formId'),
    formFieldId: id('formFieldId'),
    researchOrganisationId: id('researchOrganisationId'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** The address of a filter: only what differs from the defaults. */
export function writeFilter(f: QueriesFilter, mineByDefault: boolean): URLSearchParams {
  const p = new URLSearchParams();
  for (const key of LIST_KEYS) for (const v of f[key]) p.append(key, v);
  if (f.mine !== mineByDefault) p.set('mine', f.mine ? '1' : '0');
  for (const key of NUMBER_KEYS) if (f[key] !== '') p.set(key, f[key]);
  for (const key of ID_KEYS) if (f[key] !== '') p.set(key, f[key]);
  if (f.page > 1) p.set('page', String(f.page));
  if (f.pageSize !== DEFAULT_PAGE_SIZE) p.set('pageSize', String(f.pageSize));
  return p;
}

/** How many filters are set besides the defaults (the count on the collapsed mobile panel). */
export function activeFilterCount(f: QueriesFilter, mineByDefault: boolean): number {
  return (
    LIST_KEYS.filter((k) => f[k].length > 0).length +
    NUMBER_KEYS.filter((k) => f[k].trim() !== '').length +
    ID_KEYS.filter((k) => f[k] !== '').length +
    (f.mine !== mineByDefault ? 1 : 0)
  );
}

/** The filter with everything cleared except the page size (and 'my queries' back to its default). */
export const clearedFilter = (f: QueriesFilter, mineByDefault: boolean): QueriesFilter => ({
  ...readFilter(new URLSearchParams(), mineByDefault),
  pageSize: f.pageSize,
});

/**
 * The API's query of a filter (GET /ItemNote/FilteredList and /ItemNote/GenerateReport); `paged` false leaves
 * the page out (the report has every row).
 */
export function apiQuery(f: QueriesFilter, paged = true) {
  return {
    noteTypeList: f.noteTypeList,
    noteStatusList: f.noteStatusList,
    employeeTypeList: f.employeeTypeList,
    forEmployee: f.mine ? 'me' : undefined,
    screeningNumber: f.screeningNumber.trim() || undefined,
    randomisationNumber: f.randomisationNumber.trim() || undefined,
    identificationNumber: f.identificationNumber.trim() || undefined,
    visitId: f.visitId || undefined,
    formId: f.formId || undefined,
    formFieldId: f.formFieldId || undefined,
    researchOrganisationId: f.researchOrganisationId || undefined,
    ...(paged ? { page: f.page, pageSize: f.pageSize } : {}),
  };
}
export type NotesQuery = ReturnType<typeof apiQuery>;

/**
 * The page's filter and its setter. A change of any filter goes back to the first page; the history entry is
 * replaced (typing a number does not add an entry per key), so Back leaves the page with its filters kept.
 */
export function useQueriesFilter(mineByDefault: boolean) {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readFilter(params, mineByDefault), [params, mineByDefault]);
  const update = useCallback(
    (patch: Partial<QueriesFilter>) =>
      setParams(
        (current) => {
          const before = readFilter(current, mineByDefault);
          const paging = 'page' in patch || 'pageSize' in patch;
          return writeFilter({ ...before, ...(paging ? {} : { page: 1 }), ...patch }, mineByDefault);
        },
        { replace: true },
      ),
    [setParams, mineByDefault],
  );
  return [filter, update] as const;
}

export type Numbers = Pick<QueriesFilter, NumberKey>;
const numbersOf = (f: Numbers): Numbers => ({
  screeningNumber: f.screeningNumber,
  randomisationNumber: f.randomisationNumber,
  identificationNumber: f.identificationNumber,
});
const sameNumbers = (a: Numbers, b: Numbers) => NUMBER_KEYS.every((k) => a[k] === b[k]);
const NO_NUMBERS: Numbers = { screeningNumber: '', randomisationNumber: '', identificationNumber: '' };

/**
 * The three number filters as typed: the inputs show each key at once, the address (and so the list) takes the
 * numbers 500 ms after the last key (spec section 9: the notes filter's debounce). A change of the address made
 * elsewhere (Back, Forward) is taken over; `reset` empties them with the other filters.
 */
export function useNumberInputs(filter: QueriesFilter, update: (patch: Partial<QueriesFilter>) => void) {
  const { screeningNumber, randomisationNumber, identificationNumber } = filter;
  const [typed, setTyped] = useState<Numbers>(() => numbersOf(filter));
  // The numbers the address holds by this hook's doing: another value there came from elsewhere.
  const written = useRef<Numbers>(numbersOf(filter));
  useEffect(() => {
    const inAddress = { screeningNumber, randomisationNumber, identificationNumber };
    if (sameNumbers(inAddress, written.current)) return;
    written.current = inAddress;
    setTyped(inAddress);
  }, [screeningNumber, randomisationNumber, identificationNumber]);
  const debounced = useDebouncedValue(typed, DEBOUNCE_MS);
  useEffect(() => {
    if (sameNumbers(debounced, written.current)) return;
    written.current = debounced;
    update(debounced);
  }, [debounced, update]);
  const setNumber = useCallback((key: NumberKey, value: string) => setTyped((t) => ({ ...t, [key]: value })), []);
  const reset = useCallback(() => {
    written.current = NO_NUMBERS;
    setTyped(NO_NUMBERS);
  }, []);
  return { typed, setNumber, reset };
}
