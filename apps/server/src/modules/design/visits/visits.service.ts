import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { design } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Deps } from '../../../platform/deps.js';
import { forms, visits } from '../../../platform/db/schema/index.js';
import { conflict } from '../../../platform/http/errors.js';
import { softDeleteForms } from '../shared/cascade.js';
import { assertFresh, assertPrintable } from '../shared/checks.js';
import type { DesignCaller } from '../shared/context.js';
import { appendIndex, closeGap, lockOrder, moveSibling } from '../shared/order.js';
import { researchIdOf, researchToChange } from '../shared/research.js';
import { setVisitVersions, versionIdsFor } from '../shared/versions.js';
import { findVisit, visitDto, type VisitDto, type VisitRow } from './visits.queries.js';

type Create = z.infer<typeof design.visitCreate>;
type Update = z.infer<typeof design.visitUpdate>;
const TEXTS = ['title', 'description'] as const;

/** A visit that may change: its research is current and the caller may change it; not complete. */
async function visitToChange(deps: Deps, c: DesignCaller, id: string, opts: { allowComplete?: boolean } = {}) {
  const visit = await findVisit(deps.db, id);
  await researchToChange(deps.db, c.actor, visit.researchId);
  if (visit.complete && !opts.allowComplete) throw conflict('visit_complete');
  return visit;
}

/** POST /Visits: appended last; by default in the research's last version. */
export async function createVisit(deps: Deps, c: DesignCaller, input: Create): Promise<VisitDto> {
  const research = await researchToChange(deps.db, c.actor, researchIdOf(c.actor, input.researchId));
  assertPrintable(input, TEXTS);
  const versionIds = await versionIdsFor(deps.db, research.id, input.researchVersionIdList);
  const row = await deps.db.transaction(async (tx) => {
    const index = await appendIndex(tx, 'visit', research.id);
    const [row] = await tx
      .insert(visits)
      .values({
        researchId: research.id,
        title: input.title,
        description: input.description ?? null,
        visitKey: input.visitKey,
        visitType: input.visitTypeString,
        dayNumber: input.dayNumber,
        dayPlus: input.dayPlus,
        dayMinus: input.dayMinus,
        repeating: input.repeating,
        isRequired: input.isRequired,
        drTrialId: input.drTrialId ?? null,
        pointList: input.pointList,
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
      after: { ...row, researchVersionIdList: versionIds },
    });
    return row!;
  });
  return visitDto(deps.db, row);
}

/** PUT /Visits/{id}: not while complete. */
export async function updateVisit(deps: Deps, c: DesignCaller, id: string, input: Update): Promise<VisitDto> {
  const before = await visitToChange(deps, c, id);
  assertFresh(before.updatedAt, input.updatedAt);
  assertPrintable(input, TEXTS);
  const versionIds =
    input.researchVersionIdList === undefined
      ? undefined
      : await versionIdsFor(deps.db, before.researchId, input.researchVersionIdList);
  const { updatedAt: _stamp, researchVersionIdList: _versions, visitTypeString, ...rest } = input;
  const row = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(visits)
      .set({ ...rest, ...(visitTypeString ? { visitType: visitTypeString } : {}), updatedAt: new Date() })
      .where(and(eq(visits.id, id), eq(visits.complete, false), isNull(visits.deletedAt)))
      .returning();
    if (!row) throw conflict('visit_complete');
    if (versionIds) await setVisitVersions(tx, id, versionIds);
    await writeAudit(tx, c.audit, {
      action: 'visit.update',
      entityType: 'visit',
      entityId: id,
      researchId: before.researchId,
      before,
      after: versionIds ? { ...row, researchVersionIdList: versionIds } : row,
    });
    return row!;
  });
  return visitDto(deps.db, row);
}

/** DELETE /Visits/{id}: not while complete; its forms go with it and the order closes up. */
export async function deleteVisit(deps: Deps, c: DesignCaller, id: string): Promise<void> {
  const before = await visitToChange(deps, c, id);
  await deps.db.transaction(async (tx) => {
    await lockOrder(tx, before.researchId);
    const [row] = await tx
      .update(visits)
      .set({ deletedAt: new Date() })
      .where(and(eq(visits.id, id), eq(visits.complete, false), isNull(visits.deletedAt)))
      .returning();
    if (!row) throw conflict('visit_complete');
    const formRows = await tx
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.visitId, id), isNull(forms.deletedAt)));
    await softDeleteForms(
      tx,
      formRows.map((f) => f.id),
    );
    await closeGap(tx, 'visit', before.researchId, row.index);
    await writeAudit(tx, c.audit, {
      action: 'visit.delete',
      entityType: 'visit',
      entityId: id,
      researchId: before.researchId,
      before,
      after: { deletedFormIds: formRows.map((f) => f.id) },
    });
  });
}

/** POST /Visits/{id}/ToggleComplete: ends or reopens the visit. */
export async function toggleVisitComplete(deps: Deps, c: DesignCaller, id: string): Promise<VisitDto> {
  const before = await visitToChange(deps, c, id, { allowComplete: true });
  const row = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(visits)
      .set({ complete: !before.complete, updatedAt: new Date() })
      .where(and(eq(visits.id, id), eq(visits.complete, before.complete)))
      .returning();
    if (!row) throw conflict();
    await writeAudit(tx, c.audit, {
      action: 'visit.toggle_complete',
      entityType: 'visit',
      entityId: id,
      researchId: before.researchId,
      before: { complete: before.complete },
      after: { complete: row.complete },
    });
    return row;
  });
  return visitDto(deps.db, row);
}

/** POST /Visits/{id}/ChangeIndex/{endIndex}: the research's visits in their new order. */
export async function changeVisitIndex(
  deps: Deps,
  c: DesignCaller,
  id: string,
  move: { startIndex?: number; endIndex: number },
): Promise<{ id: string; index: number }[]> {
  const visit = await visitToChange(deps, c, id, { allowComplete: true });
  return deps.db.transaction(async (tx) => {
    const moved = await moveSibling(tx, 'visit', {
      parentId: visit.researchId,
      id,
      expectedStart: move.startIndex,
      end: move.endIndex,
    });
    await writeAudit(tx, c.audit, {
      action: 'visit.change_index',
      entityType: 'visit',
      entityId: id,
      researchId: visit.researchId,
      before: { index: moved.start },
      after: { index: moved.end },
    });
    return moved.order.map((visitId, index) => ({ id: visitId, index }));
  });
}

export type { VisitRow };
