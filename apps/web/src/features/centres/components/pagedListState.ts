/** What DataList needs of a query (TanStack Query) of a server page: rows, loading and error states, retry. */
export function pagedListState<T>(query: {
  data: { data: T[] } | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}) {
  return {
    rows: query.data?.data,
    isLoading: query.isLoading,
    isError: query.isError,
    onRetry: () => void query.refetch(),
  };
}
