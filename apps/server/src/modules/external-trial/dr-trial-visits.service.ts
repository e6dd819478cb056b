import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { DrTrialVisitsReply, drTrialVisitsLoad, drTrialVisitsQuery } from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import { visits } from '../../platform/db/schema/index.js';
import type { Deps } from '../../platform/deps.js';
import { DrTrialError, type DrTrialVisit } from '../../platform/dr-trial/dr-trial-client.js';
import { AppError, badRequest, conflict } from '../../platform/http/errors.js';
import type { DesignCaller } from '../design/shared/context.js';
import { appendIndex, lockOrder } from '../design/shared/order.js';
import { researchIdOf, researchToChange } from '../design/shared/research.js';
import { setVisitVersions, versionIdsFor } from '../design/shared/versions.js';
import { linkedValues, planDrTrialVisits, type LinkedVisit } from './dr-trial-visits.plan.js';

type Query = z.infer<typeof drTrialVisitsQuery>;
type Load = z.infer<typeof drTrialVisitsLoad>;

/** The DrTrial client, or 409 dr_trial_off when the link is not configured. */
export function drTrialOf(deps: Deps) {
  if (!deps.drTrial) throw conflict('dr_trial_off');
  return deps.drTrial;
}

/**
 * The research whose visits are loaded: one whose design the caller may change (404, 403, 409 not current),
 * with the link on (409 dr_trial_off), linked to DrTrial by the very id the call names (so a stale screen
 * cannot load another research's visits into it).
 */
async function linkedResearch(deps: Deps, c: DesignCaller, q: Query) {
  const research = await researchToChange(deps.db, c.actor, researchIdOf(c.actor, q.researchId));
  drTrialOf(deps);
  if (!research.drTrialId) throw conflict('dr_trial_research_unlinked', 'drTrialResearchId');
  if (research.drTrialId !== q.drTrialResearchId)
    throw badRequest('dr_trial_research_mismatch', 'drTrialResearchId', {
      drTrialId: research.drTrialId,
      given: q.drTrialResearchId,
    });
  return research;
}

/** DrTrial's visits; its failure (down, slow, refusing, answering nonsense) is 502 with the spec's text. */
async function fetchVisits(deps: Deps, drTrialResearchId: string, log?: (e: unknown) => void): Promise<DrTrialVisit[]> {
  try {
    return await drTrialOf(deps).listVisits(drTrialResearchId);
  } catch (e) {
    if (!(e instanceof DrTrialError)) throw e;
    log?.(e);
    throw new AppError(502, 'dr_trial_visits_failed');
  }
}

async function linkedVisits(db: Db, researchId: string): Promise<LinkedVisit[]> {
  return db
    .select({
      id: visits.id,
      drTrialId: visits.drTrialId,
      title: visits.title,
      description: visits.description,
      visitType: visits.visitType,
      dayNumber: visits.dayNumber,
      dayPlus: visits.dayPlus,
      dayMinus: visits.dayMinus,
      repeating: visits.repeating,
      isRequired: visits.isRequired,
      complete: visits.complete,
    })
    .from(visits)
    .where(and(eq(visits.researchId, researchId), isNull(visits.deletedAt), isNotNull(visits.drTrialId)));
}

function plan(external: DrTrialVisit[], existing: LinkedVisit[]) {
  try {
    return planDrTrialVisits(external, existing);
  } catch (e) {
    if (e instanceof DrTrialError) throw new AppError(502, 'dr_trial_visits_failed');
    throw e;
  }
}

const counted = (items: DrTrialVisitsReply['items']): DrTrialVisitsReply => ({
  items,
  created: items.filter((i) => i.action === 'create').length,
  updated: items.filter((i) => i.action === 'update').length,
  unchanged: items.filter((i) => i.action === 'unchanged').length,
  skipped: items.filter((i) => i.action === 'skipped').length,
});

/** GET /Visits/FromDrTrial: what loading would do, changing nothing. */
export async function previewDrTrialVisits(
  deps: Deps,
  c: DesignCaller,
  q: Query,
  log?: (e: unknown) => void,
): Promise<DrTrialVisitsReply> {
  const research = await linkedResearch(deps, c, q);
  const external = await fetchVisits(deps, q.drTrialResearchId, log);
  return counted(plan(external, await linkedVisits(deps.db, research.id)));
}

/**
 * POST /Visits/FromDrTrial: creates and updates the research's visits from DrTrial, each with its audit
 * record, in one transaction. DrTrial is asked before the transaction opens (a slow DrTrial holds no lock);
 * the research's order lock then serialises two loads, and the plan is made again inside it, so a second
 * load updates what the first created and never duplicates it (the unique index is the backstop).
 */
export async function loadDrTrialVisits(
  deps: Deps,
  c: DesignCaller,
  input: Load,
  log?: (e: unknown) => void,
): Promise<DrTrialVisitsReply> {
  const research = await linkedResearch(deps, c, input);
  const versionIds = await versionIdsFor(deps.db, research.id, input.researchVersionIdList);
  const external = await fetchVisits(deps, input.drTrialResearchId, log);
  const items = await deps.db.transaction(async (tx) => {
    await lockOrder(tx, research.id);
    const existing = await linkedVisits(tx, research.id);
    const items = plan(external, existing);
    for (const item of items) {
      if (item.action === 'create') {
        const index = await appendIndex(tx, 'visit', research.id);
        const [row] = await tx
          .insert(visits)
          .values({
            researchId: research.id,
            visitKey: item.visitKey,
            drTrialId: item.drTrialId,
            ...linkedValues(item),
            index,
            updatedAt: new Date(),
          })
          .returning();
        await setVisitVersions(tx, row!.id, versionIds);
        await writeAudit(tx, c.audit, {
          action: 'visit.create',
          entityType: 'visit',
          entityId: row!.id,
          researchId: research.id,
          after: { ...row, researchVersionIdList: versionIds, source: 'DrTrial' },
        });
        item.visitId = row!.id;
      } else if (item.action === 'update') {
        const before = existing.find((v) => v.id === item.visitId)!;
        const [row] = await tx
          .update(visits)
          .set({ ...linkedValues(item), updatedAt: new Date() })
          .where(and(eq(visits.id, before.id), eq(visits.complete, false)))
          .returning();
        await writeAudit(tx, c.audit, {
          action: 'visit.update',
          entityType: 'visit',
          entityId: before.id,
          researchId: research.id,
          before,
          after: { ...row, source: 'DrTrial' },
        });
      }
    }
    return items;
  });
  return counted(items);
}
