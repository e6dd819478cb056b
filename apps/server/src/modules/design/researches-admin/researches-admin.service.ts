import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { design, Research, ResearchStatus } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Deps } from '../../../platform/deps.js';
import { protocolVersions, researches } from '../../../platform/db/schema/index.js';
import { conflict, forbidden, notFound } from '../../../platform/http/errors.js';
import { canInResearch } from '../../../platform/http/research-scope.js';
import { toResearch, type ResearchRow } from '../../researches/researches.queries.js';
import type { DesignCaller } from '../shared/context.js';
import { assertFresh } from '../shared/checks.js';
import { mayChangeDesign } from '../shared/policy.js';

type Create = z.infer<typeof design.researchCreate>;
type Update = z.infer<typeof design.researchUpdate>;

const audited = (r: ResearchRow) => toResearch(r);

async function findAny(deps: Deps, id: string): Promise<ResearchRow> {
  const [row] = await deps.db
    .select()
    .from(researches)
    .where(and(eq(researches.id, id), isNull(researches.deletedAt)))
    .limit(1);
  if (!row) throw notFound('id');
  return row;
}

/** POST /Researches (`researches` key, checked by the route): the research and its first protocol version. */
export async function createResearch(deps: Deps, c: DesignCaller, input: Create): Promise<Research> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(researches)
      .values({
        drTrialId: input.drTrialId ?? null,
        grlsProtocolNumber: input.grlsProtocolNumber,
        grlsRkiNumber: input.grlsRkiNumber ?? null,
        grlsProtocol: input.grlsProtocol,
        sponsor: input.sponsor,
        grlsStartDate: input.grlsStartDate,
        grlsPhase: input.grlsPhase,
        mnn: input.mnn,
        protocolVersion: input.protocolVersion,
        protocolVersionDate: input.protocolVersionDate,
        plannedSubject: input.plannedSubject ?? null,
        totalPeriods: input.totalPeriods,
        pointList: input.pointList,
        groupList: input.groupList,
        researchKey: input.researchKey ?? null,
        withIwrs: input.withIwrs,
        status: 'Current',
      })
      .returning();
    const [pv] = await tx
      .insert(protocolVersions)
      .values({
        researchId: row!.id,
        protocolVersionNumber: input.protocolVersion,
        protocolVersionDate: input.protocolVersionDate,
      })
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'research.create',
      entityType: 'research',
      entityId: row!.id,
      researchId: row!.id,
      after: audited(row!),
    });
    await writeAudit(tx, c.audit, {
      action: 'protocol_version.create',
      entityType: 'protocol_version',
      entityId: pv!.id,
      researchId: row!.id,
      after: pv,
    });
    return toResearch(row!);
  });
}

/**
 * PUT /Researches/{id}: research info, editable by the `researches` key (user roles Admin and Editor) or
 * by whoever may change that research's design (the admin centre's managers); only while current.
 */
export async function updateResearch(deps: Deps, c: DesignCaller, id: string, input: Update): Promise<Research> {
  await findAny(deps, id);
  if (!canInResearch(c.actor, 'researches', id) && !mayChangeDesign(c.actor, id)) throw forbidden();
  const { updatedAt: seen, ...changes } = input;
  return deps.db.transaction(async (tx) => {
    // Read under a row lock, so the freshness check and the write see the same row.
    const [before] = await tx
      .select()
      .from(researches)
      .where(and(eq(researches.id, id), isNull(researches.deletedAt)))
      .for('update');
    if (!before) throw notFound('id');
    if (before.status !== 'Current') throw conflict('research_not_current');
    assertFresh(before.updatedAt, seen);
    const [row] = await tx
      .update(researches)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(researches.id, id))
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'research.update',
      entityType: 'research',
      entityId: id,
      researchId: id,
      before: audited(before),
      after: audited(row!),
    });
    return toResearch(row!);
  });
}

/** A status change that holds only from the expected status, checked and made in one statement. */
async function changeStatus(
  deps: Deps,
  c: DesignCaller,
  id: string,
  opts: { action: string; to: ResearchStatus; when: SQL | undefined; refused: Parameters<typeof conflict>[0] },
): Promise<Research> {
  const before = await findAny(deps, id);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(researches)
      .set({ status: opts.to, updatedAt: new Date() })
      .where(and(eq(researches.id, id), isNull(researches.deletedAt), opts.when))
      .returning();
    if (!row) throw conflict(opts.refused);
    await writeAudit(tx, c.audit, {
      action: opts.action,
      entityType: 'research',
      entityId: id,
      researchId: id,
      before: { statusString: before.status },
      after: { statusString: row.status },
    });
    return toResearch(row);
  });
}

/** PUT /Researches/{id}/Lock: only a current research. */
export const lockResearch = (deps: Deps, c: DesignCaller, id: string) =>
  changeStatus(deps, c, id, {
    action: 'research.lock',
    to: 'Locked',
    when: eq(researches.status, 'Current'),
    refused: 'research_lock_refused',
  });

/** PUT /Researches/{id}/Archive: only a locked research. */
export const archiveResearch = (deps: Deps, c: DesignCaller, id: string) =>
  changeStatus(deps, c, id, {
    action: 'research.archive',
    to: 'Archived',
    when: eq(researches.status, 'Locked'),
    refused: 'research_archive_refused',
  });

/**
 * DELETE /Researches/{id}: the research takes status Deleted (unless it has it already) and stays listed
 * as such, as the spec's researches list shows; its design can no longer change.
 */
export async function deleteResearch(deps: Deps, c: DesignCaller, id: string): Promise<void> {
  const before = await findAny(deps, id);
  if (before.status === 'Deleted') throw conflict('research_already_deleted');
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(researches)
      .set({ status: 'Deleted', updatedAt: new Date() })
      .where(and(eq(researches.id, id), eq(researches.status, before.status)))
      .returning();
    if (!row) throw conflict();
    await writeAudit(tx, c.audit, {
      action: 'research.delete',
      entityType: 'research',
      entityId: id,
      researchId: id,
      before: { statusString: before.status },
      after: { statusString: 'Deleted' },
    });
  });
}

/** PUT /Researches/{id}/ToggleIwrsConnection: switches the IWRS connection (not of a deleted research). */
export async function toggleIwrs(deps: Deps, c: DesignCaller, id: string): Promise<Research> {
  const before = await findAny(deps, id);
  if (before.status === 'Deleted') throw conflict('research_already_deleted');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(researches)
      .set({ withIwrs: !before.withIwrs, updatedAt: new Date() })
      .where(and(eq(researches.id, id), eq(researches.withIwrs, before.withIwrs)))
      .returning();
    if (!row) throw conflict();
    await writeAudit(tx, c.audit, {
      action: 'research.toggle_iwrs',
      entityType: 'research',
      entityId: id,
      researchId: id,
      before: { withIwrs: before.withIwrs },
      after: { withIwrs: row.withIwrs },
    });
    return toResearch(row);
  });
}
