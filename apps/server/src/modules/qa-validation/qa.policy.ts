import { and, eq, isNull } from 'drizzle-orm';
import { formatVersionIndex, qaNoteRoleOf, type QaNoteRole } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { researchVersions } from '../../platform/db/schema/index.js';
import type { Actor } from '../../platform/http/actor.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { canGlobally, canInResearch } from '../../platform/http/research-scope.js';
import type { ResearchVersionRow } from '../design/shared/versions.js';
import { lastVersionOf } from '../design/shared/versions.js';

/**
 * Who may do what in QA validation (spec design-and-admin section 6; docs/qa-validation.md "Who"):
 * - read the visits, forms and notes of a research's versions: its QA centre's staff and its admin centre
 *   (qa_validation_visits, qa_validation_notes), and those who change its design (design_edit);
 * - raise notes, close and delete them, validate and cancel: the research's QA centre staff;
 * - answer notes and mark New ones resolved: those who change the research's design.
 * Everyone else gets 403, so that an id of another research tells nothing.
 */

export const isQaOfResearch = (actor: Actor, researchId: string) =>
  actor.employee?.organisationType === 'Qa' && actor.employee.researchId === researchId;

export const mayEditDesign = (actor: Actor, researchId: string) => canInResearch(actor, 'design_edit', researchId);

export const mayReadQa = (actor: Actor, researchId: string) =>
  isQaOfResearch(actor, researchId) ||
  canInResearch(actor, 'qa_validation_notes', researchId) ||
  canInResearch(actor, 'qa_validation_visits', researchId) ||
  mayEditDesign(actor, researchId);

export function assertReadQa(actor: Actor, researchId: string): void {
  if (!mayReadQa(actor, researchId)) throw forbidden();
}

export function assertQa(actor: Actor, researchId: string): void {
  if (!isQaOfResearch(actor, researchId)) throw forbidden();
}

export const qaRoleOf = (actor: Actor, researchId: string): QaNoteRole | null =>
  qaNoteRoleOf({ isQaOfResearch: isQaOfResearch(actor, researchId), mayEditDesign: mayEditDesign(actor, researchId) });

/** The version asked for (404 when unknown), or the newest of the caller's current research; readable by the caller. */
export async function versionToRead(db: Db, actor: Actor, id: string | undefined, path = 'researchVersionId') {
  let row: ResearchVersionRow | undefined;
  if (id) {
    [row] = await db
      .select()
      .from(researchVersions)
      .where(and(eq(researchVersions.id, id), isNull(researchVersions.deletedAt)))
      .limit(1);
    if (!row) throw notFound(path);
  } else {
    const researchId = actor.employee?.researchId;
    // Without a current research only a global designer is asked which one; anyone else may read none.
    if (!researchId) throw canGlobally(actor, 'design_edit') ? badRequest('research_required', path) : forbidden();
    row = await lastVersionOf(db, researchId);
    if (!row) throw notFound(path);
  }
  assertReadQa(actor, row.researchId);
  return row;
}

export const versionLabel = (v: ResearchVersionRow) => formatVersionIndex(v);
