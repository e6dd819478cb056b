import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SUBJECT_STATUSES, type SubjectStatus } from '@edc/domain';
import type { SortOrder } from './api';

export type SortColumn = 'screeningNumber' | 'randomizationNumber' | 'identificationNumber';
export type PinColumn = 'screeningNumber' | 'randomizationNumber';

/** Subject list filter state (spec section 3): page, pageSize, sorts, searches, statusList, pinned columns. */
export interface MatrixFilterState {
  page: number;
  pageSize: number;
  sort: { column: SortColumn; order: SortOrder } | null;
  searches: { screeningNumber: string; randomisationNumber: string; identificationNumber: string };
  statusList: SubjectStatus[];
  pinned: PinColumn[];
  researchOrganisationId: string;
}

export const DEFAULT_FILTER_STATE: MatrixFilterState = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: null,
  searches: { screeningNumber: '', randomisationNumber: '', identificationNumber: '' },
  statusList: [],
  pinned: [],
  researchOrganisationId: '',
};

export const FILTER_STORAGE_KEY = 'subjectMatrix.filters';

function read(key: string): MatrixFilterState {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return DEFAULT_FILTER_STATE;
    const v = JSON.parse(raw) as Partial<MatrixFilterState>;
    const str = (x: unknown) => (typeof x === 'string' ? x : '');
    return {
      page: typeof v.page === 'number' && v.page >= 1 ? Math.floor(v.page) : 1,
      pageSize: (PAGE_SIZES as readonly number[]).includes(v.pageSize ?? 0) ? v.pageSize! : DEFAULT_PAGE_SIZE,
      sort:
        v.sort &&
        ['screeningNumber', 'randomizationNumber', 'identificationNumber'].includes(v.sort.column) &&
        (v.sort.order === 'asc' || v.sort.order === 'desc')
          ? v.sort
          : null,
      searches: {
        screeningNumber: str(v.searches?.screeningNumber),
        randomisationNumber: str(v.searches?.randomisationNumber),
        identificationNumber: str(v.searches?.identificationNumber),
      },
      statusList: Array.isArray(v.statusList)
        ? v.statusList.filter((s) => (SUBJECT_STATUSES as readonly string[]).includes(s))
        : [],
      pinned: Array.isArray(v.pinned) ? v.pinned.filter((c) => c === 'screeningNumber' || c === 'randomizationNumber') : [],
      researchOrganisationId: str(v.researchOrganisationId),
    };
  } catch {
    return DEFAULT_FILTER_STATE;
  }
}

/** The next order when a sortable header is clicked: ascending, descending, none. */
export function nextSort(current: MatrixFilterState['sort'], column: SortColumn): MatrixFilterState['sort'] {
  if (!current || current.column !== column) return { column, order: 'asc' };
  if (current.order === 'asc') return { column, order: 'desc' };
  return null;
}

/** The matrix filters, kept in sessionStorage so that they survive leaving and returning to the page. */
export function useMatrixFilterState(key = FILTER_STORAGE_KEY) {
  const [state, setState] = useState<MatrixFilterState>(() => read(key));
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(state));
    } catch {
      /* storage may be unavailable */
    }
  }, [key, state]);
  const update = useCallback((patch: Partial<MatrixFilterState> | ((s: MatrixFilterState) => Partial<MatrixFilterState>)) => {
    setState((s) => ({ ...s, ...(typeof patch === 'function' ? patch(s) : patch) }));
  }, []);
  return [state, update] as const;
}
