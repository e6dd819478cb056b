import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  generateBlockList,
  type RandomisationListSummary,
  type randomisationEntriesQuery,
  type randomisationListGenerate,
  type randomisationListUpload,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { randomisationEntries, randomisationLists, researchOrganisations, subjects } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { offsetOf, pageOf } from '../../platform/http/paging.js';
import { tableRecords } from './iwrs-table-file.js';
import { iwrsResearchOf, type IwrsResearch } from './iwrs.policy.js';
import { stratumFieldOf } from './randomisation-strata.service.js';

/**
 * Sealed randomisation lists (docs/iwrs.md, "Lists and strata"): generated from a recorded seed or uploaded
 * as CSV, one or more per stratum ('' for the whole research, or a centre's number). Only `iwrs_lists`
 * holders see them, and every view and change is audited.
 */

type ListRow = typeof randomisationLists.$inferSelect;
interface NewEntry {
  randomizationNumber: string;
  group: string;
  block: number | null;
}

/**
 * A list's stratum must fit the research's strata: with a stratification field a value of it (or a
 * centre's number and a value, `01/M`), else '' or a centre's number.
 */
async function assertStratum(db: Db, research: IwrsResearch, stratum: string) {
  const field = await stratumFieldOf(db, research.id);
  if (field) {
    if (!stratum) throw badRequest('iwrs_stratum_needed', 'stratum', { field: field.text });
    return;
  }
  if (!stratum) return;
  const [centre] = await db
    .select({ id: researchOrganisations.id })
    .from(researchOrganisations)
    .where(
      and(
        eq(researchOrganisations.researchId, research.id),
        eq(researchOrganisations.number, stratum),
        isNull(researchOrganisations.deletedAt),
      ),
    );
  if (!centre) throw badRequest('iwrs_stratum_unknown', 'stratum', { stratum });
}

type NewList = Omit<typeof randomisationLists.$inferInsert, 'researchId' | 'size'>;

/**
 * Writes lists (one per stratum) and their entries after each stratum's last position, in one
 * transaction; a number already listed answers 409 and nothing is written.
 */
async function saveLists(
  deps: Deps,
  research: IwrsResearch,
  caller: ActorCaller,
  lists: { list: NewList; entries: NewEntry[] }[],
): Promise<RandomisationListSummary[]> {
  try {
    const saved = await deps.db.transaction(async (tx) => {
      // One writer per research's stratum at a time, so that positions continue without a gap or a clash;
      // taken in stratum order so that two uploads of several strata cannot deadlock.
      const strata = [...new Set(lists.map((l) => l.list.stratum ?? ''))].sort();
      for (const stratum of strata) {
        await tx.execute(sql`select pg_advisory_xact_lock(7301022, hashtext(${research.id + '/' + stratum}))`);
      }
      const numbers = lists.flatMap((l) => l.entries.map((e) => e.randomizationNumber));
      for (let i = 0; i < numbers.length; i += 10_000) {
        const [taken] = await tx
          .select({ number: randomisationEntries.randomizationNumber })
          .from(randomisationEntries)
          .where(
            and(
              eq(randomisationEntries.researchId, research.id),
              inArray(randomisationEntries.randomizationNumber, numbers.slice(i, i + 10_000)),
            ),
          )
          .limit(1);
        if (taken) throw conflict('iwrs_list_number_taken', 'randomizationNumber', { number: taken.number });
      }
      const rows: ListRow[] = [];
      for (const { list, entries } of lists) rows.push(await saveOne(tx, research, caller, list, entries));
      return rows;
    });
    return saved.map((row) => summaryOf(row, 0));
  } catch (e) {
    if (isUniqueViolation(e, 'randomisation_entries_number_uq'))
      throw conflict('iwrs_list_number_taken', 'randomizationNumber', { number: '—' });
    throw e;
  }
}

async function saveOne(tx: Db, research: IwrsResearch, caller: ActorCaller, list: NewList, entries: NewEntry[]) {
  const stratum = list.stratum ?? '';
  const [last] = await tx
    .select({ p: max(randomisationEntries.position) })
    .from(randomisationEntries)
    .where(and(eq(randomisationEntries.researchId, research.id), eq(randomisationEntries.stratum, stratum)));
  const start = Number(last?.p ?? 0);
  const [row] = await tx
    .insert(randomisationLists)
    .values({ ...list, stratum, researchId: research.id, size: entries.length, createdBy: caller.actor.userId })
    .returning();
  for (let i = 0; i < entries.length; i += 1000) {
    await tx.insert(randomisationEntries).values(
      entries.slice(i, i + 1000).map((e, j) => ({
        listId: row!.id,
        researchId: research.id,
        stratum,
        position: start + i + j + 1,
        listPosition: i + j + 1,
        block: e.block,
        randomizationNumber: e.randomizationNumber,
        group: e.group,
      })),
    );
  }
  await writeAudit(tx, caller.audit, {
    action: `randomisation_list.${list.source === 'generated' ? 'generate' : 'upload'}`,
    entityType: 'randomisation_list',
    entityId: row!.id,
    researchId: research.id,
    after: {
      stratum,
      source: list.source,
      seed: list.seed ?? null,
      blockSizes: list.blockSizes,
      arms: list.arms,
      size: entries.length,
    },
  });
  return row!;
}

const summaryOf = (r: ListRow, used: number): RandomisationListSummary => ({
  id: r.id,
  stratum: r.stratum,
  source: r.source,
  seed: r.seed,
  blockSizes: r.blockSizes,
  arms: r.arms,
  size: r.size,
  used,
  remaining: r.size - used,
  createdAt: r.createdAt.toISOString(),
});

function assertGroups(research: IwrsResearch, groups: string[], path: string) {
  const unknown = groups.find((g) => !research.groupList.includes(g));
  if (unknown !== undefined) {
    throw badRequest('randomization_group_unknown', path, { group: unknown, groups: research.groupList.join(', ') || '—' });
  }
}

/** POST /RandomisationLists/Generate: a permuted-block list from a seed (the server's own when none is given). */
export async function generateList(deps: Deps, input: z.output<typeof randomisationListGenerate>, caller: ActorCaller) {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_lists');
  assertGroups(
    research,
    input.arms.map((a) => a.group),
    'arms',
  );
  await assertStratum(deps.db, research, input.stratum);
  const seed = input.seed ?? randomBytes(12).toString('hex');
  const spec = { ...input, seed };
  const entries = generateBlockList(spec);
  const list: NewList = {
    stratum: input.stratum,
    source: 'generated',
    seed,
    blockSizes: input.blockSizes,
    arms: input.arms,
    numbering: { numberPrefix: input.numberPrefix, startNumber: input.startNumber, numberWidth: input.numberWidth },
  };
  const [saved] = await saveLists(deps, research, caller, [{ list, entries }]);
  return saved!;
}

/**
 * POST /RandomisationLists/Upload: a list from CSV or XLSX (randomizationNumber, group, and optionally
 * stratum), drawn in the file's order. A `stratum` column makes one list per stratum named in it (rows in
 * the file's order); else the list is of the request's `stratum`. Every bad row is reported at once and
 * nothing is written.
 */
export async function uploadList(deps: Deps, input: z.output<typeof randomisationListUpload>, caller: ActorCaller) {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_lists');
  const { rows, check, header } = await tableRecords(input, ['randomizationNumber', 'group'] as const, 100_000);
  const byColumn = header.includes('stratum');
  if (byColumn && input.stratum) throw badRequest('iwrs_stratum_column_and_field', 'stratum');
  const stratumOfRow = (i: number) => (byColumn ? ((rows[i] as Record<string, string>).stratum ?? '') : input.stratum);
  const first = new Map<string, number>();
  rows.forEach((r, i) => {
    if (check.has(i)) return;
    if (byColumn && !stratumOfRow(i)) check.add(i, 'iwrs_row_empty', { column: 'stratum' });
    else if (stratumOfRow(i).length > 100) check.add(i, 'iwrs_row_too_long', { column: 'stratum', max: 100 });
    if (check.has(i)) return;
    if (!research.groupList.includes(r.group)) check.add(i, 'iwrs_row_unknown_group', { group: r.group });
    if (r.randomizationNumber.length > 50) check.add(i, 'iwrs_row_too_long', { column: 'randomizationNumber', max: 50 });
    const seen = first.get(r.randomizationNumber);
    if (seen !== undefined) {
      check.add(i, 'iwrs_row_repeats', { column: 'randomizationNumber', value: r.randomizationNumber, first: seen + 2 });
    } else first.set(r.randomizationNumber, i);
  });
  check.done();
  const strata = new Map<string, NewEntry[]>();
  rows.forEach((r, i) => {
    const stratum = stratumOfRow(i);
    if (!strata.has(stratum)) strata.set(stratum, []);
    strata.get(stratum)!.push({ randomizationNumber: r.randomizationNumber, group: r.group, block: null });
  });
  for (const stratum of strata.keys()) await assertStratum(deps.db, research, stratum);
  const saved = await saveLists(
    deps,
    research,
    caller,
    [...strata].map(([stratum, entries]) => ({ list: { stratum, source: 'uploaded' as const }, entries })),
  );
  return { ...saved[0]!, lists: saved };
}

/** GET /RandomisationLists: every list of the research with its used and remaining entries. */
export async function listSummaries(deps: Deps, caller: ActorCaller): Promise<RandomisationListSummary[]> {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_lists');
  const lists = await deps.db
    .select()
    .from(randomisationLists)
    .where(eq(randomisationLists.researchId, research.id))
    .orderBy(asc(randomisationLists.stratum), asc(randomisationLists.createdAt));
  const used = await deps.db
    .select({ listId: randomisationEntries.listId, n: count() })
    .from(randomisationEntries)
    .where(and(eq(randomisationEntries.researchId, research.id), isNotNull(randomisationEntries.subjectId)))
    .groupBy(randomisationEntries.listId);
  const usedOf = new Map(used.map((u) => [u.listId, Number(u.n)]));
  return lists.map((l) => summaryOf(l, usedOf.get(l.id) ?? 0));
}

async function listOf(db: Db, research: IwrsResearch, id: string): Promise<ListRow> {
  const [list] = await db
    .select()
    .from(randomisationLists)
    .where(and(eq(randomisationLists.id, id), eq(randomisationLists.researchId, research.id)));
  if (!list) throw notFound('id');
  return list;
}

/** GET /RandomisationLists/{id}/Entries: a page of the sealed list; the view itself is audited. */
export async function listEntries(deps: Deps, id: string, q: z.output<typeof randomisationEntriesQuery>, caller: ActorCaller) {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_lists');
  const list = await listOf(deps.db, research, id);
  const paging = { page: q.Page ?? q.page ?? 1, pageSize: q.PageSize ?? q.pageSize ?? 10 };
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ e: randomisationEntries, screeningNumber: subjects.screeningNumber })
      .from(randomisationEntries)
      .leftJoin(subjects, eq(subjects.id, randomisationEntries.subjectId))
      .where(eq(randomisationEntries.listId, list.id))
      .orderBy(asc(randomisationEntries.listPosition))
      .limit(paging.pageSize)
      .offset(offsetOf(paging));
    await writeAudit(tx, caller.audit, {
      action: 'randomisation_list.view',
      entityType: 'randomisation_list',
      entityId: list.id,
      researchId: research.id,
      after: { page: paging.page, pageSize: paging.pageSize },
    });
    return pageOf(
      rows.map(({ e, screeningNumber }) => ({
        position: e.listPosition,
        randomizationNumber: e.randomizationNumber,
        group: e.group,
        subjectId: e.subjectId,
        screeningNumber,
        usedAt: e.usedAt?.toISOString() ?? null,
      })),
      list.size,
      paging,
    );
  });
}

/**
 * POST /RandomisationLists/{id}/Verify: a generated list is made again from its recorded seed and
 * compared with the stored entries, number by number and arm by arm.
 */
export async function verifyList(deps: Deps, id: string, caller: ActorCaller) {
  const research = await iwrsResearchOf(deps.db, caller.actor, 'iwrs_lists');
  const list = await listOf(deps.db, research, id);
  if (list.source !== 'generated' || !list.seed || !list.arms || !list.blockSizes || !list.numbering) {
    return { matches: false, size: list.size };
  }
  const stored = await deps.db
    .select({ n: randomisationEntries.randomizationNumber, g: randomisationEntries.group })
    .from(randomisationEntries)
    .where(eq(randomisationEntries.listId, list.id))
    .orderBy(asc(randomisationEntries.listPosition));
  const again = generateBlockList({
    arms: list.arms,
    blockSizes: list.blockSizes,
    seed: list.seed,
    size: list.size,
    ...list.numbering,
  });
  const matches =
    again.length === stored.length && again.every((e, i) => e.randomizationNumber === stored[i]!.n && e.group === stored[i]!.g);
  return { matches, size: list.size };
}
