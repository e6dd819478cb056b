import { z } from 'zod';
import { RESEARCH_VERSION_STATUSES } from '../enums.js';
import { id, isoDate, pageQuery } from './common.js';
import { organisationType, researchOrganisationsQuery } from './identity.js';

/**
 * Changing centres (research organisations) and their research-version history (spec section 7:
 * ResearchOrganisations, ResearchOrganisationVersions). Reading a centre uses `researchOrganisation`
 * of identity.ts.
 */

export const researchOrganisationNumber = z.string().trim().min(1).max(50);

/** GET /ResearchOrganisations: a research's centres, optionally of one type (the site pickers ask for Site). */
export const centreListQuery = researchOrganisationsQuery.extend({ organisationTypeString: organisationType.optional() });

/**
 * POST /ResearchOrganisations. The number is required for a Site; for the other types it is derived
 * (A-01, Q-01, K-01, T-01 ...) when omitted.
 */
export const researchOrganisationCreate = z.object({
  researchId: id,
  organisationId: id,
  organisationTypeString: organisationType,
  researchOrganisationNumber: researchOrganisationNumber.nullish(),
});

/** PUT /ResearchOrganisations/{id}: any of the three; the research never changes. */
export const researchOrganisationUpdate = z.object({
  organisationTypeString: organisationType.optional(),
  researchOrganisationNumber: researchOrganisationNumber.nullish(),
  organisationId: id.optional(),
});

export const researchOrganisationVersionCreate = z.object({
  startedDate: isoDate,
  researchOrganisationId: id,
  protocolVersionId: id,
  researchVersionId: id,
});

export const researchOrganisationVersionsQuery = pageQuery.extend({ researchOrganisationId: id });

export const researchOrganisationVersion = z.object({
  id,
  researchOrganisationId: id,
  startedDate: z.string(),
  researchVersionId: id,
  protocolVersionId: id,
  researchVersion: z.object({ id, index: z.string(), status: z.enum(RESEARCH_VERSION_STATUSES) }),
  protocolVersion: z.object({ id, protocolVersionNumber: z.string(), protocolVersionDate: z.string() }),
  /** The version the centre works in today: the newest one whose startedDate has come. */
  isCurrent: z.boolean(),
  createdAt: z.string(),
});
export type ResearchOrganisationVersion = z.infer<typeof researchOrganisationVersion>;
