import { useSearchParams } from 'react-router-dom';

/**
 * The address's query parameters, and setters that change some of them in place (the history entry is
 * replaced): a value sets its parameter, null or '' removes it.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const patchParams = (patch: Record<string, string | null>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const setParam = (key: string, value: string | null) => patchParams({ [key]: value });
  return { params, setParams, patchParams, setParam };
}
