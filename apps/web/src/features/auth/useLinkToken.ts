import { useParams, useSearchParams } from 'react-router-dom';

/** The token of a mailed link: from the path (/setPassword/<token>) or from ?token=. */
export function useLinkToken(): string | null {
  const params = useParams();
  const [search] = useSearchParams();
  return params.token || search.get('token') || null;
}
