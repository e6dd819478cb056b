import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CompanySuggestionDto } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { organisations } from '../../platform/db/schema/index.js';
import {
  LOOKUP_LIMIT,
  registryLookup,
  type CompanyLookup,
  type CompanySuggestion,
} from '../../platform/company-lookup/company-lookup.js';
import { containsPattern, searchAny } from '../../platform/http/paging.js';

/** Searches the live organisations of this system by name, short name or INN; those starting with the text first. */
export function knownOrganisationsLookup(db: Db): CompanyLookup {
  return {
    kind: 'known',
    async search(query) {
      const starts = containsPattern(query).slice(1);
      const rows = await db
        .select()
        .from(organisations)
        .where(
          and(
            isNull(organisations.deletedAt),
            searchAny(query, [organisations.name, organisations.shortName, organisations.inn]),
          ),
        )
        .orderBy(
          sql`(${organisations.shortName} ilike ${starts} or ${organisations.inn} like ${starts}) desc`,
          organisations.shortName,
          organisations.id,
        )
        .limit(LOOKUP_LIMIT);
      return rows.map((o) => ({
        name: o.name,
        shortName: o.shortName,
        inn: o.inn,
        kpp: o.kpp,
        address: o.address,
        source: 'known' as const,
        organisationId: o.id,
      }));
    },
  };
}

/** The registry when COMPANY_LOOKUP_URL and COMPANY_LOOKUP_KEY are both set, else the known organisations. */
export function companyLookupFor(deps: Pick<Deps, 'config' | 'db'>): CompanyLookup {
  const { COMPANY_LOOKUP_URL: url, COMPANY_LOOKUP_KEY: key } = deps.config;
  return url && key ? registryLookup(url, key) : knownOrganisationsLookup(deps.db);
}

/** Registry suggestions whose INN an organisation of this system already has carry its id (creating it again would be refused). */
async function markKnown(db: Db, suggestions: CompanySuggestion[]): Promise<CompanySuggestionDto[]> {
  const inns = [...new Set(suggestions.map((s) => s.inn).filter((x): x is string => !!x))];
  if (inns.length === 0) return suggestions;
  const known = await db
    .select({ id: organisations.id, inn: organisations.inn })
    .from(organisations)
    .where(and(inArray(organisations.inn, inns), isNull(organisations.deletedAt)));
  const byInn = new Map(known.map((k) => [k.inn, k.id]));
  return suggestions.map((s) => (s.inn && byInn.has(s.inn) ? { ...s, organisationId: byInn.get(s.inn)! } : s));
}

/**
 * GET /Organisations/Lookup: up to 10 suggestions and the kind of lookup that gave them. A registry that
 * fails (unreachable, slow, an error status) does not fail the call: the known organisations answer, and
 * the reply's kind says so.
 */
export async function lookupCompanies(
  deps: Pick<Deps, 'config' | 'db'>,
  query: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ kind: 'registry' | 'known'; suggestions: CompanySuggestionDto[] }> {
  const lookup = companyLookupFor(deps);
  if (lookup.kind === 'registry') {
    try {
      const suggestions = await lookup.search(query);
      return { kind: 'registry', suggestions: await markKnown(deps.db, suggestions.slice(0, LOOKUP_LIMIT)) };
    } catch (err) {
      log.warn({ err }, 'company registry lookup failed; answering from known organisations');
    }
  }
  const suggestions = await knownOrganisationsLookup(deps.db).search(query);
  return { kind: 'known', suggestions };
}
