import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Research, ResearchStatus } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { researches } from '../../platform/db/schema/index.js';
import { preparedOnce } from '../../platform/db/prepared-once.js';
import type { Actor } from '../../platform/http/actor.js';
import { notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf, searchAny, type PageQuery } from '../../platform/http/paging.js';
import { mayReadResearch, researchIdsOfEmployee, seesAllResearches } from './research-access.js';

export type ResearchRow = typeof researches.$inferSelect;

export const toResearch = (r: ResearchRow): Research => ({
  id: r.id,
  drTrialId: r.drTrialId,
  grlsProtocolNumber: r.grlsProtocolNumber,
  grlsRkiNumber: r.grlsRkiNumber,
  grlsProtocol: r.grlsProtocol,
  sponsor: r.sponsor,
  grlsStartDate: r.grlsStartDate,
  grlsPhase: r.grlsPhase,
  mnn: r.mnn,
  protocolVersion: r.protocolVersion,
  protocolVersionDate: r.protocolVersionDate,
  plannedSubject: r.plannedSubject,
  totalPeriods: r.totalPeriods,
  pointList: r.pointList,
  groupList: r.groupList,
  researchKey: r.researchKey,
  statusString: r.status as ResearchStatus,
  withIwrs: r.withIwrs,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function findResearch(db: Db, id: string): Promise<ResearchRow | undefined> {
  const [row] = await preparedOnce(db, 'live research by id', (d) =>
    d
      .select()
      .from(researches)
      .where(and(eq(researches.id, sql.placeholder('id')), isNull(researches.deletedAt)))
      .limit(1),
  ).execute({ id });
  return row;
}

/** One page of live researches by protocol number; `employeeOf` limits them to those a user works in. */
export async function listResearches(
  db: Db,
  q: PageQuery & { search?: string; employeeOf?: string },
): Promise<{ rows: ResearchRow[]; total: number }> {
  const where: SQL | undefined = and(
    isNull(researches.deletedAt),
    q.employeeOf ? sql`${researches.id} in (${researchIdsOfEmployee(db, q.employeeOf)})` : undefined,
    searchAny(q.search, [researches.grlsProtocolNumber, researches.mnn, researches.sponsor, researches.grlsProtocol]),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(researches)
      .where(where)
      .orderBy(researches.grlsProtocolNumber, researches.id)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(researches).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** GET /Researches: all live researches with the `researches` key, else those the caller works in. */
export async function researchesPageFor(db: Db, actor: Actor, q: PageQuery & { search?: string }) {
  const { rows, total } = await listResearches(db, { ...q, employeeOf: seesAllResearches(actor) ? undefined : actor.userId });
  return pageOf(rows.map(toResearch), total, q);
}

/** GET /Researches/{id}: the same scope; outside it the research does not exist (404). */
export async function researchFor(db: Db, actor: Actor, id: string): Promise<Research> {
  const row = await findResearch(db, id);
  if (!row || !(await mayReadResearch(db, actor, row.id))) throw notFound('id');
  return toResearch(row);
}
