import { createHash } from 'node:crypto';
import { asc, desc, gt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { canonicalJson } from './canonical-json.js';

/** Who did it. Sign-in failures have an e-mail but no user. */
export interface AuditActor {
  userId?: string | null;
  email?: string | null;
  employeeId?: string | null;
  employeeType?: string | null;
  ip?: string | null;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  researchId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

const GENESIS = '0'.repeat(64);
/** Serialises appends so the hash chain never forks; held until the surrounding transaction ends. */
const CHAIN_LOCK = 7_301_001;

type Row = typeof auditLog.$inferSelect;

function rowHash(
  r: Pick<
    Row,
    | 'id'
    | 'at'
    | 'userId'
    | 'userEmail'
    | 'employeeId'
    | 'employeeType'
    | 'action'
    | 'entityType'
    | 'entityId'
    | 'researchId'
    | 'before'
    | 'after'
    | 'reason'
    | 'ip'
    | 'prevHash'
  >,
): string {
  const content = canonicalJson([
    r.id,
    r.at.toISOString(),
    r.userId,
    r.userEmail,
    r.employeeId,
    r.employeeType,
    r.action,
    r.entityType,
    r.entityId,
    r.researchId,
    r.before ?? null,
    r.after ?? null,
    r.reason,
    r.ip,
    r.prevHash,
  ]);
  return createHash('sha256').update(content).digest('hex');
}

/**
 * Appends one audit record. Call it with the transaction that makes the change, so the record and the
 * change commit or roll back together.
 */
export async function writeAudit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  // Round-trip through JSON so the hashed values are exactly what jsonb will store.
  const norm = (v: unknown) => (v === undefined || v === null ? null : JSON.parse(JSON.stringify(v)));
  const row = {
    id: uuidv7(),
    at: new Date(),
    userId: actor.userId ?? null,
    userEmail: actor.email ?? null,
    employeeId: actor.employeeId ?? null,
    employeeType: actor.employeeType ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    researchId: entry.researchId ?? null,
    before: norm(entry.before),
    after: norm(entry.after),
    reason: entry.reason ?? null,
    ip: actor.ip ?? null,
    prevHash: last?.hash ?? GENESIS,
  };
  await tx.insert(auditLog).values({ ...row, hash: rowHash(row) });
}

/** Recomputes the chain; returns the seq of the first record that does not match, or null when intact. */
export async function verifyAuditChain(db: Db): Promise<{ checked: number; brokenAt: number | null }> {
  let prev = GENESIS;
  let after = 0;
  let checked = 0;
  for (;;) {
    const rows = await db.select().from(auditLog).where(gt(auditLog.seq, after)).orderBy(asc(auditLog.seq)).limit(1000);
    if (rows.length === 0) return { checked, brokenAt: null };
    for (const r of rows) {
      if (r.prevHash !== prev || rowHash(r) !== r.hash) return { checked, brokenAt: r.seq };
      prev = r.hash;
      after = r.seq;
      checked++;
    }
  }
}

/** An audit record that is its own change (a refused sign-in): written in a transaction of its own. */
export function writeAuditNow(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  return db.transaction((tx) => writeAudit(tx, actor, entry));
}
