import { and, count, desc, eq, isNull, max } from 'drizzle-orm';
import type { z } from 'zod';
import {
  formatVersionIndex,
  type ResearchOrganisationVersion,
  type ResearchVersionStatus,
  type researchOrganisationVersionCreate,
  type researchOrganisationVersionsQuery,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import {
  protocolVersions,
  researchOrganisations,
  researchOrganisationVersions,
  researchVersions,
} from '../../platform/db/schema/index.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf } from '../../platform/http/paging.js';
import { mayReadCentres } from '../researches/research-access.js';
import { userToday } from '../../platform/http/time-zone.js';
import { centreVersionStartedBy, findCentre } from './centres.queries.js';
import { mayManageCentres } from './centres.policy.js';

/** The centre's versions; `today` (the caller's) decides which one is current. */
async function listVersions(
  db: Db,
  centreId: string,
  today: string,
  page?: { page: number; pageSize: number },
  onlyId?: string,
): Promise<ResearchOrganisationVersion[]> {
  const query = db
    .select({ v: researchOrganisationVersions, rv: researchVersions, pv: protocolVersions })
    .from(researchOrganisationVersions)
    .innerJoin(researchVersions, eq(researchVersions.id, researchOrganisationVersions.researchVersionId))
    .innerJoin(protocolVersions, eq(protocolVersions.id, researchOrganisationVersions.protocolVersionId))
    .where(
      and(
        eq(researchOrganisationVersions.researchOrganisationId, centreId),
        onlyId ? eq(researchOrganisationVersions.id, onlyId) : undefined,
      ),
    )
    .orderBy(desc(researchOrganisationVersions.startedDate), desc(researchOrganisationVersions.createdAt))
    .$dynamic();
  const [rows, current] = await Promise.all([
    page ? query.limit(page.pageSize).offset(offsetOf(page)) : query,
    centreVersionStartedBy(db, centreId, today),
  ]);
  return rows.map(({ v, rv, pv }) => ({
    id: v.id,
    researchOrganisationId: v.researchOrganisationId,
    startedDate: v.startedDate,
    researchVersionId: rv.id,
    protocolVersionId: pv.id,
    researchVersion: { id: rv.id, index: formatVersionIndex(rv), status: rv.status as ResearchVersionStatus },
    protocolVersion: { id: pv.id, protocolVersionNumber: pv.protocolVersionNumber, protocolVersionDate: pv.protocolVersionDate },
    isCurrent: v.id === current?.researchOrganisationVersionId,
    createdAt: v.createdAt.toISOString(),
  }));
}

/** GET /ResearchOrganisationVersions?researchOrganisationId=: newest first; readable by whoever reads the centre. */
export async function listCentreVersionsPage(
  deps: Deps,
  q: z.infer<typeof researchOrganisationVersionsQuery>,
  caller: ActorCaller,
) {
  const { db } = deps;
  const centre = await findCentre(db, q.researchOrganisationId);
  if (!centre) throw notFound('researchOrganisationId');
  if (!(await mayReadCentres(db, caller.actor, centre.researchId))) throw forbidden();
  const [rows, [counted]] = await Promise.all([
    listVersions(db, centre.id, userToday(caller), q),
    db
      .select({ n: count() })
      .from(researchOrganisationVersions)
      .where(eq(researchOrganisationVersions.researchOrganisationId, centre.id)),
  ]);
  return pageOf(rows, counted?.n ?? 0, q);
}

/** A live row of a version table (research or protocol versions): 404 naming the field, 400 when of another research. */
async function versionOfResearch(
  tx: Db,
  table: typeof researchVersions | typeof protocolVersions,
  id: string,
  researchId: string,
  field: string,
): Promise<void> {
  const [row] = await tx
    .select({ researchId: table.researchId })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deletedAt)))
    .limit(1);
  if (!row) throw notFound(field);
  if (row.researchId !== researchId) throw badRequest('foreign_research', field, { field });
}

/**
 * POST /ResearchOrganisationVersions: the centre starts working in a research version (with a protocol
 * version) from a date. Both versions must be of the centre's research; a version is assigned to a centre
 * once; the date is not before the centre's latest assignment, so the history reads forward.
 */
export async function addCentreVersion(
  deps: Deps,
  input: z.infer<typeof researchOrganisationVersionCreate>,
  caller: ActorCaller,
): Promise<ResearchOrganisationVersion> {
  try {
    return await deps.db.transaction(async (tx) => {
      const centre = await findCentre(tx, input.researchOrganisationId);
      if (!centre) throw notFound('researchOrganisationId');
      if (!mayManageCentres(caller.actor, centre.researchId)) throw forbidden();
      await tx
        .select({ id: researchOrganisations.id })
        .from(researchOrganisations)
        .where(eq(researchOrganisations.id, centre.id))
        .for('update');
      await versionOfResearch(tx, researchVersions, input.researchVersionId, centre.researchId, 'researchVersionId');
      await versionOfResearch(tx, protocolVersions, input.protocolVersionId, centre.researchId, 'protocolVersionId');
      const [rv] = await tx.select().from(researchVersions).where(eq(researchVersions.id, input.researchVersionId));
      const [pv] = await tx.select().from(protocolVersions).where(eq(protocolVersions.id, input.protocolVersionId));
      const index = formatVersionIndex(rv!);
      const [assigned] = await tx
        .select({ id: researchOrganisationVersions.id })
        .from(researchOrganisationVersions)
        .where(
          and(
            eq(researchOrganisationVersions.researchOrganisationId, centre.id),
            eq(researchOrganisationVersions.researchVersionId, rv!.id),
          ),
        );
      if (assigned) throw conflict('centre_version_exists', 'researchVersionId', { index });
      const [latest] = await tx
        .select({ date: max(researchOrganisationVersions.startedDate) })
        .from(researchOrganisationVersions)
        .where(eq(researchOrganisationVersions.researchOrganisationId, centre.id));
      if (latest?.date && input.startedDate < latest.date) throw badRequest('version_date_before_previous', 'startedDate');
      const [row] = await tx
        .insert(researchOrganisationVersions)
        .values({
          researchOrganisationId: centre.id,
          researchVersionId: rv!.id,
          protocolVersionId: pv!.id,
          startedDate: input.startedDate,
          createdBy: caller.actor.userId,
        })
        .returning();
      await writeAudit(tx, caller.audit, {
        action: 'research_organisation_version.create',
        entityType: 'research_organisation_version',
        entityId: row!.id,
        researchId: centre.researchId,
        after: {
          ...row!,
          researchVersionIndex: index,
          protocolVersionNumber: pv!.protocolVersionNumber,
          createdAt: row!.createdAt.toISOString(),
        },
      });
      return (await listVersions(tx, centre.id, userToday(caller), undefined, row!.id))[0]!;
    });
  } catch (e) {
    if (isUniqueViolation(e, 'research_organisation_versions_uq'))
      throw conflict('centre_version_exists', 'researchVersionId', { index: '' });
    throw e;
  }
}
