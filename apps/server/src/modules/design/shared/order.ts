import { and, asc, count, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import { checkMove, moveItem, moveShift } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { formFields, forms, formSections, visits } from '../../../platform/db/schema/index.js';
import { badRequest, conflict } from '../../../platform/http/errors.js';

/**
 * Dense 0-based order of siblings: visits of a research, forms of a visit, sections of a form, fields of a
 * section. Every change of an order takes a transaction-scoped advisory lock on the parent, so concurrent
 * inserts, moves and deletes of siblings queue instead of producing duplicate or missing indexes.
 */
const SPECS = {
  visit: { table: visits, parent: visits.researchId },
  form: { table: forms, parent: forms.visitId },
  section: { table: formSections, parent: formSections.formId },
  formField: { table: formFields, parent: formFields.formSectionId },
} as const;
export type OrderedKind = keyof typeof SPECS;

const MAX_INDEX = 2_147_483_647;

// The four tables share id, index and deleted_at; drizzle cannot type a query over their union.
const spec = (kind: OrderedKind) => SPECS[kind] as unknown as { table: typeof visits; parent: typeof visits.researchId };

export async function lockOrder(tx: Db, parentId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`design-order:${parentId}`}, 0))`);
}

export async function siblingCount(tx: Db, kind: OrderedKind, parentId: string): Promise<number> {
  const { table, parent } = spec(kind);
  const [row] = await tx
    .select({ n: count() })
    .from(table)
    .where(and(eq(parent, parentId), isNull(table.deletedAt)));
  return Number(row?.n ?? 0);
}

async function shift(tx: Db, kind: OrderedKind, parentId: string, from: number, to: number, delta: number) {
  const { table, parent } = spec(kind);
  await tx
    .update(table)
    .set({ index: sql`${table.index} + ${delta}` })
    .where(and(eq(parent, parentId), isNull(table.deletedAt), gte(table.index, from), lte(table.index, to)));
}

/** The index a new last sibling gets (locks the order until the transaction ends). */
export async function appendIndex(tx: Db, kind: OrderedKind, parentId: string): Promise<number> {
  await lockOrder(tx, parentId);
  return siblingCount(tx, kind, parentId);
}

/** Makes room at `index` for a new sibling (locks the order). */
export async function openGap(tx: Db, kind: OrderedKind, parentId: string, index: number): Promise<void> {
  await lockOrder(tx, parentId);
  await shift(tx, kind, parentId, index, MAX_INDEX, 1);
}

/** Closes the gap a removed sibling left at `index`; call after the soft delete, with the order locked. */
export async function closeGap(tx: Db, kind: OrderedKind, parentId: string, index: number): Promise<void> {
  await shift(tx, kind, parentId, index + 1, MAX_INDEX, -1);
}

/**
 * ChangeIndex: moves `id` to `end`, shifting the siblings in between. `expectedStart` is the index the
 * client saw; when the item is elsewhere by now the order is stale and the call answers 409. With
 * `openFormId`, the same statement that takes the order lock also holds that form row and checks it is
 * not complete (a concurrent ToggleComplete waits). Returns the siblings' ids in their new order.
 */
export async function moveSibling(
  tx: Db,
  kind: OrderedKind,
  opts: { parentId: string; id: string; expectedStart?: number | null; end: number; openFormId?: string },
): Promise<{ start: number; end: number; order: string[] }> {
  const { table, parent } = spec(kind);
  const key = `design-order:${opts.parentId}`;
  if (opts.openFormId) {
    const [form] = await tx
      .select({ locked: sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`, complete: forms.complete })
      .from(forms)
      .where(eq(forms.id, opts.openFormId))
      .for('share');
    if (!form || form.complete) throw conflict('form_complete');
  } else {
    await lockOrder(tx, opts.parentId);
  }
  // Read after the lock: a move that waited sees the order the previous one left.
  const siblings = await tx
    .select({ id: table.id, index: table.index })
    .from(table)
    .where(and(eq(parent, opts.parentId), isNull(table.deletedAt)))
    .orderBy(asc(table.index));
  const start = siblings.findIndex((r) => r.id === opts.id);
  const problem = checkMove({ count: siblings.length, current: start, expectedStart: opts.expectedStart, end: opts.end });
  if (problem === 'stale_order') throw conflict('stale_order', 'startIndex');
  if (problem) throw badRequest('index_out_of_range', 'endIndex', { index: opts.end, max: Math.max(siblings.length - 1, 0) });
  const move = moveShift(start, opts.end);
  if (move) {
    // One statement: the item takes its new place, the ones in between shift by one.
    await tx
      .update(table)
      .set({ index: sql`case when ${table.id} = ${opts.id} then ${opts.end}::int else ${table.index} + ${move.delta}::int end` })
      .where(
        and(
          eq(parent, opts.parentId),
          isNull(table.deletedAt),
          or(eq(table.id, opts.id), and(gte(table.index, move.from), lte(table.index, move.to))),
        ),
      );
  }
  return {
    start,
    end: opts.end,
    order: moveItem(
      siblings.map((r) => r.id),
      start,
      opts.end,
    ),
  };
}
