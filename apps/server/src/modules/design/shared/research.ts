import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { researches } from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import { badRequest, conflict, notFound } from '../../../platform/http/errors.js';
import { assertChangeDesign, assertReadDesign } from './policy.js';

export type ResearchRow = typeof researches.$inferSelect;

/** The research a list is about: the query's `researchId`, else the caller's current employee research. */
export function researchIdOf(actor: Actor, researchId: string | undefined): string {
  const id = researchId ?? actor.employee?.researchId;
  if (!id) throw badRequest('research_required', 'researchId');
  return id;
}

async function liveResearch(db: Db, id: string, path: string): Promise<ResearchRow> {
  const [row] = await db
    .select()
    .from(researches)
    .where(and(eq(researches.id, id), isNull(researches.deletedAt)))
    .limit(1);
  if (!row) throw notFound(path);
  return row;
}

/** A live research the caller may read (404 when unknown, 403 outside the caller's scope). */
export async function researchToRead(db: Db, actor: Actor, id: string, path = 'researchId'): Promise<ResearchRow> {
  const row = await liveResearch(db, id, path);
  await assertReadDesign(db, actor, row.id);
  return row;
}

/** A live, current research whose design the caller may change (404, 403, then 409 when locked or archived). */
export async function researchToChange(db: Db, actor: Actor, id: string, path = 'researchId'): Promise<ResearchRow> {
  const row = await liveResearch(db, id, path);
  assertChangeDesign(actor, row.id);
  if (row.status !== 'Current') throw conflict('research_not_current');
  return row;
}
