import { and, asc, count, eq, ilike, inArray, isNull, lt, sql, gte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  common,
  LOW_STOCK_KITS,
  MEDICATION_TRANSITIONS,
  todayIn,
  type medicationImport,
  type medicationsQuery,
  type medicationStatusChange,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { medications, researchOrganisations } from '../../platform/db/schema/index.js';
import { writeAudit, type AuditActor } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { checkVersion } from '../subjects/subject-change.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { containsPattern, offsetOf, pageOf } from '../../platform/http/paging.js';
import { seesGroup } from '../subjects/subjects.policy.js';
import { tableRecords } from './iwrs-table-file.js';
import { assertSeesSupply, iwrsResearchOf, ownSiteOf } from './iwrs.policy.js';
import { findKit, kitsWithLogs, logKits, moveKit, type KitRow } from './medications.repo.js';

export const MAX_KIT_ROWS = 50_000;
/** Kits one expiry transaction moves at most. */
export const EXPIRY_BATCH = 5000;
const pageArgs = (q: { Page?: number; page?: number; PageSize?: number; pageSize?: number }) => ({
  page: q.Page ?? q.page ?? 1,
  pageSize: q.PageSize ?? q.pageSize ?? 10,
});

/**
 * POST /Medication/Import: kits from CSV or XLSX (identNumber, medicationGroup, lot, expiryDate) enter the
 * depot as Created, each with its first status log; one audit record lists them. Everything is checked
 * first: every bad row is reported at once (an unknown arm, a bad date, a repeated number) and nothing is
 * written; a number the research already has refuses the file.
 */
export async function importKits(deps: Deps, input: z.infer<typeof medicationImport>, caller: ActorCaller) {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_supply');
  const { rows, check } = await tableRecords(
    input,
    ['identNumber', 'medicationGroup', 'lot', 'expiryDate'] as const,
    MAX_KIT_ROWS,
  );
  const first = new Map<string, number>();
  rows.forEach((r, i) => {
    if (check.has(i)) return;
    if (!research.groupList.includes(r.medicationGroup)) check.add(i, 'iwrs_row_unknown_group', { group: r.medicationGroup });
    if (!common.isoDate.safeParse(r.expiryDate).success) check.add(i, 'iwrs_row_bad_date', { value: r.expiryDate });
    for (const column of ['identNumber', 'lot'] as const) {
      if (r[column].length > 100) check.add(i, 'iwrs_row_too_long', { column, max: 100 });
    }
    const seen = first.get(r.identNumber);
    if (seen !== undefined) check.add(i, 'iwrs_row_repeats', { column: 'identNumber', value: r.identNumber, first: seen + 2 });
    else first.set(r.identNumber, i);
  });
  check.done();
  const seen = new Set(first.keys());
  return deps.db.transaction(async (tx) => {
    const taken = await tx
      .select({ identNumber: medications.identNumber })
      .from(medications)
      .where(and(eq(medications.researchId, research.id), inArray(medications.identNumber, [...seen].slice(0, 30_000))))
      .limit(1);
    if (taken[0]) throw conflict('iwrs_kit_taken', 'csv', { number: taken[0].identNumber });
    const at = new Date();
    const ids: string[] = [];
    for (let i = 0; i < rows.length; i += 1000) {
      const inserted = await tx
        .insert(medications)
        .values(
          rows.slice(i, i + 1000).map((r) => ({
            researchId: research.id,
            identNumber: r.identNumber,
            medicationGroup: r.medicationGroup,
            lot: r.lot,
            expiryDate: r.expiryDate,
            currentStatus: MEDICATION_TRANSITIONS.register.to,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: medications.id });
      ids.push(...inserted.map((x) => x.id));
    }
    // A number imported at the same moment by someone else.
    if (ids.length !== rows.length) throw conflict('iwrs_kit_taken', 'csv', { number: '—' });
    await logKits(tx, ids, MEDICATION_TRANSITIONS.register.to, caller, at);
    await writeAudit(tx, caller.audit, {
      action: 'medication.import',
      entityType: 'medication',
      researchId: research.id,
      after: {
        count: rows.length,
        kits: rows.map((r) => ({ identNumber: r.identNumber, group: r.medicationGroup, lot: r.lot })),
      },
    });
    return { created: ids.length };
  });
}

/** GET /Medication: the kit inventory, server-paged by ident number; a site sees only its own kits. */
export async function listKits(deps: Deps, q: z.infer<typeof medicationsQuery>, caller: ActorCaller) {
  const { actor } = caller;
  assertSeesSupply(actor);
  const research = await iwrsResearchOf(deps.db, actor);
  const own = ownSiteOf(actor);
  const paging = pageArgs(q);
  const where: (SQL | undefined)[] = [eq(medications.researchId, research.id)];
  if (own) where.push(eq(medications.researchOrganisationId, own));
  if (q.researchOrganisationId === 'depot') where.push(own ? sql`false` : isNull(medications.researchOrganisationId));
  else if (q.researchOrganisationId) where.push(eq(medications.researchOrganisationId, q.researchOrganisationId));
  if (q.status.length) where.push(inArray(medications.currentStatus, q.status));
  if (q.identNumber) where.push(ilike(medications.identNumber, containsPattern(q.identNumber)));
  const cond = and(...where);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(medications)
      .where(cond)
      .orderBy(asc(medications.identNumber))
      .limit(paging.pageSize)
      .offset(offsetOf(paging)),
    deps.db.select({ n: count() }).from(medications).where(cond),
  ]);
  return pageOf(await kitsWithLogs(deps.db, rows, seesGroup(actor), false), Number(total?.n ?? 0), paging);
}

async function visibleKit(db: Db, caller: ActorCaller, id: string, lock = false): Promise<KitRow> {
  assertSeesSupply(caller.actor);
  const research = await iwrsResearchOf(db, caller.actor);
  const kit = await findKit(db, research.id, id, { lock });
  const own = ownSiteOf(caller.actor);
  if (!kit || (own && kit.researchOrganisationId !== own)) throw notFound('id');
  return kit;
}

/** GET /Medication/{id}: one kit with its status history, newest first. */
export async function getKit(deps: Deps, id: string, caller: ActorCaller) {
  const kit = await visibleKit(deps.db, caller, id);
  return (await kitsWithLogs(deps.db, [kit], seesGroup(caller.actor), true))[0]!;
}

/** POST /Medication/{id}/Status: a sponsor's action on one kit, as the transition table allows. */
export async function changeKitStatus(
  deps: Deps,
  id: string,
  input: z.infer<typeof medicationStatusChange>,
  caller: ActorCaller,
) {
  await iwrsResearchOf(deps.db, caller.actor, 'iwrs_supply');
  const after = await deps.db.transaction(async (tx) => {
    const kit = await visibleKit(tx, caller, id, true);
    checkVersion(kit, input.version);
    return moveKit(tx, kit, input.action, caller, { reason: input.reason ?? null });
  });
  return (await kitsWithLogs(deps.db, [after], seesGroup(caller.actor), true))[0]!;
}

/** GET /Medication/Stock: kits each site can still dispense, flagged low below LOW_STOCK_KITS. */
export async function kitStock(deps: Deps, caller: ActorCaller) {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_supply');
  const today = todayIn('UTC');
  const rows = await deps.db
    .select({
      researchOrganisationId: researchOrganisations.id,
      researchOrganisationNumber: researchOrganisations.number,
      available: sql<number>`count(${medications.id})::int`,
    })
    .from(researchOrganisations)
    .leftJoin(
      medications,
      and(
        eq(medications.researchOrganisationId, researchOrganisations.id),
        inArray(medications.currentStatus, MEDICATION_TRANSITIONS.dispense.from),
        gte(medications.expiryDate, today),
      ),
    )
    .where(
      and(
        eq(researchOrganisations.researchId, research.id),
        inArray(researchOrganisations.organisationType, ['Site', 'TestSite']),
        isNull(researchOrganisations.deletedAt),
      ),
    )
    .groupBy(researchOrganisations.id, researchOrganisations.number)
    .orderBy(asc(researchOrganisations.number));
  return rows.map((r) => ({ ...r, available: Number(r.available), low: Number(r.available) < LOW_STOCK_KITS }));
}

/**
 * Kits whose expiry date has passed (before today, UTC) move to Expired, each with its log and audit
 * record; kits another transaction holds are left for the next sweep. Run by POST /Medication/Expire and
 * by the daily job. Answers how many moved.
 */
export async function expireKits(db: Db, who: { audit: AuditActor }, researchId?: string): Promise<number> {
  const today = todayIn('UTC');
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(medications)
      .where(
        and(
          researchId ? eq(medications.researchId, researchId) : undefined,
          lt(medications.expiryDate, today),
          inArray(medications.currentStatus, MEDICATION_TRANSITIONS.expire.from),
        ),
      )
      .limit(EXPIRY_BATCH)
      .for('update', { skipLocked: true });
    for (const kit of due) await moveKit(tx, kit, 'expire', who, { reason: `expiry date ${kit.expiryDate}` });
    return due.length;
  });
}

export async function expireResearchKits(deps: Deps, caller: ActorCaller) {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_supply');
  return { expired: await expireKits(deps.db, caller, research.id) };
}
