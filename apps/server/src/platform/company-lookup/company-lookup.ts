/**
 * Company look-up by name or tax number (INN), behind one interface:
 * - `registryLookup` speaks the suggestion protocol of the public Russian company registry services
 *   (POST <url> with { query, count: 10, status: ["ACTIVE"] }, `Authorization: Token <key>`; replies
 *   { suggestions: [{ value, data: { inn, kpp, name: { short_with_opf, full_with_opf }, address: { value }, state: { status } } }] });
 * - `knownOrganisationsLookup` searches the organisations already in the database, for installations
 *   without a registry key; the web app then also allows entering a new organisation by hand.
 */
export interface CompanySuggestion {
  name: string;
  shortName: string;
  inn: string | null;
  kpp: string | null;
  address: string;
  /** registry: from the company registry; known: an organisation already in this system */
  source: 'registry' | 'known';
  /** set for source 'known' */
  organisationId?: string;
}

export interface CompanyLookup {
  readonly kind: 'registry' | 'known';
  search(query: string): Promise<CompanySuggestion[]>;
}

export const LOOKUP_LIMIT = 10;

interface RegistryReply {
  suggestions?: {
    value?: string;
    data?: {
      inn?: string;
      kpp?: string;
      name?: { short_with_opf?: string; full_with_opf?: string };
      address?: { value?: string };
      state?: { status?: string };
    };
  }[];
}

export function registryLookup(url: string, key: string, fetchImpl: typeof fetch = fetch): CompanyLookup {
  return {
    kind: 'registry',
    async search(query) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Token ${key}` },
        body: JSON.stringify({ query, count: LOOKUP_LIMIT, status: ['ACTIVE'] }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`company registry answered ${res.status}`);
      const body = (await res.json()) as RegistryReply;
      return (body.suggestions ?? [])
        .filter((s) => !s.data?.state?.status || s.data.state.status === 'ACTIVE')
        .slice(0, LOOKUP_LIMIT)
        .map((s) => ({
          name: s.data?.name?.full_with_opf ?? s.value ?? '',
          shortName: s.data?.name?.short_with_opf ?? s.value ?? '',
          inn: s.data?.inn ?? null,
          kpp: s.data?.kpp ?? null,
          address: s.data?.address?.value ?? '',
          source: 'registry' as const,
        }))
        .filter((s) => s.shortName && s.address);
    },
  };
}
