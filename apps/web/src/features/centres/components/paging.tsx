import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';
import { Pager } from '../components';

export interface Paging {
  page: number;
  pageSize: number;
}

/** A server-paged list's page and page size, from the first page of 10. */
export function usePaging() {
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  return { paging, setPaging, toFirstPage: () => setPaging((p) => ({ ...p, page: 1 })) };
}

/**
 * A server-paged list with a search box: typing starts again from the first page; `query` carries the
 * search (trimmed, debounced 500 ms, left out while empty) with the paging.
 */
export function useSearchPaging() {
  const { paging, setPaging, toFirstPage } = usePaging();
  const [search, setSearchText] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const setSearch = (text: string) => {
    setSearchText(text);
    toFirstPage();
  };
  return { paging, setPaging, search, setSearch, query: { ...paging, search: debounced || undefined } };
}

/** The pager under a server-paged list; nothing while the list is empty or not loaded. */
export function ListPager({
  paging,
  total,
  onChange,
}: {
  paging: Paging;
  total: number | undefined;
  onChange: (paging: Paging) => void;
}) {
  if (!total) return null;
  return (
    <Pager
      page={paging.page}
      pageSize={paging.pageSize}
      total={total}
      onChange={(page, pageSize) => onChange({ page, pageSize })}
    />
  );
}
