import { z } from 'zod';
import { id } from './common.js';

/** GET /Organisations/Lookup?query=: company suggestions by name or tax number (INN). */
export const companyLookupQuery = z.object({ query: z.string().trim().min(2).max(200) });

export const companySuggestion = z.object({
  name: z.string(),
  shortName: z.string(),
  inn: z.string().nullable(),
  kpp: z.string().nullable(),
  address: z.string(),
  /** registry: the company registry answered; known: an organisation already in this system */
  source: z.enum(['registry', 'known']),
  /** The organisation of this system with that INN (always set for source known). */
  organisationId: id.optional(),
});
export type CompanySuggestionDto = z.infer<typeof companySuggestion>;

/**
 * `kind` says which lookup answered: with `known` (no registry configured, or it failed) the web app also
 * offers to enter a new organisation by hand.
 */
export const companyLookupReply = z.object({ kind: z.enum(['registry', 'known']), suggestions: z.array(companySuggestion) });
