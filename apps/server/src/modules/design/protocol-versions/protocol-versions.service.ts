import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { design } from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import { protocolVersions } from '../../../platform/db/schema/index.js';
import type { Actor } from '../../../platform/http/actor.js';
import { notFound } from '../../../platform/http/errors.js';
import { assertFresh, iso } from '../shared/checks.js';
import type { DesignCaller } from '../shared/context.js';
import { researchIdOf, researchToChange, researchToRead } from '../shared/research.js';

type Row = typeof protocolVersions.$inferSelect;
type Dto = z.infer<typeof design.protocolVersion>;

const toDto = (r: Row): Dto => ({
  id: r.id,
  researchId: r.researchId,
  protocolVersionNumber: r.protocolVersionNumber,
  protocolVersionDate: r.protocolVersionDate,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

async function find(db: Db, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(protocolVersions)
    .where(and(eq(protocolVersions.id, id), isNull(protocolVersions.deletedAt)))
    .limit(1);
  if (!row) throw notFound('id');
  return row;
}

/** GET /ProtocolVersions: by date, then creation. */
export async function listProtocolVersions(db: Db, actor: Actor, q: { researchId?: string }): Promise<Dto[]> {
  const research = await researchToRead(db, actor, researchIdOf(actor, q.researchId));
  const rows = await db
    .select()
    .from(protocolVersions)
    .where(and(eq(protocolVersions.researchId, research.id), isNull(protocolVersions.deletedAt)))
    .orderBy(asc(protocolVersions.protocolVersionDate), asc(protocolVersions.createdAt));
  return rows.map(toDto);
}

export async function getProtocolVersion(db: Db, actor: Actor, id: string): Promise<Dto> {
  const row = await find(db, id);
  await researchToRead(db, actor, row.researchId);
  return toDto(row);
}

/** POST /ProtocolVersions: number and date required (the schema checks both). */
export async function createProtocolVersion(
  deps: Deps,
  c: DesignCaller,
  input: z.infer<typeof design.protocolVersionCreate>,
): Promise<Dto> {
  const research = await researchToChange(deps.db, c.actor, researchIdOf(c.actor, input.researchId));
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(protocolVersions)
      .values({
        researchId: research.id,
        protocolVersionNumber: input.protocolVersionNumber,
        protocolVersionDate: input.protocolVersionDate,
      })
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'protocol_version.create',
      entityType: 'protocol_version',
      entityId: row!.id,
      researchId: research.id,
      after: row,
    });
    return toDto(row!);
  });
}

/** PUT /ProtocolVersions/{id} */
export async function updateProtocolVersion(
  deps: Deps,
  c: DesignCaller,
  id: string,
  input: z.infer<typeof design.protocolVersionUpdate>,
): Promise<Dto> {
  const before = await find(deps.db, id);
  await researchToChange(deps.db, c.actor, before.researchId);
  assertFresh(before.updatedAt, input.updatedAt);
  const { updatedAt: _stamp, ...change } = input;
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(protocolVersions)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(protocolVersions.id, id))
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'protocol_version.update',
      entityType: 'protocol_version',
      entityId: id,
      researchId: before.researchId,
      before,
      after: row,
    });
    return toDto(row!);
  });
}
