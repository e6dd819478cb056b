import { date, index, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk } from './columns.js';
import { users } from './identity.js';
import { researchOrganisations } from './research.js';
import { protocolVersions, researchVersions } from './design.js';

/**
 * The research versions a centre has worked in, each from its startedDate, with the protocol version in
 * force; the newest one whose date has come is the centre's current version. Rows are only added (the
 * history of what a centre worked in is evidence), so there is no delete.
 */
export const researchOrganisationVersions = pgTable(
  'research_organisation_versions',
  {
    id: pk(),
    researchOrganisationId: uuid('research_organisation_id')
      .notNull()
      .references(() => researchOrganisations.id),
    researchVersionId: uuid('research_version_id')
      .notNull()
      .references(() => researchVersions.id),
    protocolVersionId: uuid('protocol_version_id')
      .notNull()
      .references(() => protocolVersions.id),
    startedDate: date('started_date').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('research_organisation_versions_centre_idx').on(t.researchOrganisationId, t.startedDate),
    uniqueIndex('research_organisation_versions_uq').on(t.researchOrganisationId, t.researchVersionId),
  ],
);
