import { createHmac } from 'node:crypto';
import { asc, desc, gt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';
import { currentAuditKey, type AuditKey } from './audit-key.js';
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

/** The `prevHash` of the first record. */
export const AUDIT_GENESIS = '0'.repeat(64);
/** Serialises appends so the hash chain never forks; held until the surrounding transaction ends. */
const CHAIN_LOCK = 7_301_001;

type Row = typeof auditLog.$inferSelect;
export type HashedFields = Omit<Row, 'seq' | 'hash'>;

/**
 * The record's MAC: HMAC-SHA256 under the audit key over the canonical JSON (canonical-json.ts) of this
 * array, in this order (docs/audit-trail.md): id, at (ISO 8601 UTC, milliseconds), user id, user e-mail,
 * employee id, employee role, action, entity type, entity id, research id, before, after, reason, address,
 * previous record's hash. Lower-case hex.
 */
export function auditRowHash(r: HashedFields, key: AuditKey = currentAuditKey()): string {
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
  return createHmac('sha256', key.secret).update(content, 'utf8').digest('hex');
}

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A value as the database will store and give it back, so the MAC covers exactly what is stored: text as
 * UTF-8 keeps it (a lone surrogate cannot be encoded and arrives as U+FFFD), a uuid column prints lower
 * case, jsonb holds what JSON.stringify sends (dates as ISO strings, undefined dropped; key order does not
 * matter, canonical JSON sorts keys). NUL, or a lone surrogate inside jsonb, is refused by PostgreSQL and
 * the whole transaction fails, so no record is written for it (the HTTP edge refuses both anyway).
 */
const storedText = (v: string | null | undefined) => (v == null ? null : v.replace(LONE_SURROGATES, '\uFFFD'));
const storedUuid = (v: string | null | undefined) => (v == null ? null : v.toLowerCase());
const storedJson = (v: unknown) => (v === undefined || v === null ? null : (JSON.parse(JSON.stringify(v)) as unknown));

/**
 * Appends one audit record. Call it with the transaction that makes the change, so the record and the
 * change commit or roll back together.
 */
export async function writeAudit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const key = currentAuditKey();
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK})`);
  const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
  const row: HashedFields = {
    id: uuidv7(),
    at: new Date(),
    userId: storedUuid(actor.userId),
    userEmail: storedText(actor.email),
    employeeId: storedUuid(actor.employeeId),
    employeeType: storedText(actor.employeeType),
    action: storedText(entry.action)!,
    entityType: storedText(entry.entityType)!,
    entityId: storedUuid(entry.entityId),
    researchId: storedUuid(entry.researchId),
    before: storedJson(entry.before),
    after: storedJson(entry.after),
    reason: storedText(entry.reason),
    ip: storedText(actor.ip),
    prevHash: last?.hash ?? AUDIT_GENESIS,
  };
  await tx.insert(auditLog).values({ ...row, hash: auditRowHash(row, key) });
}

/** An audit record that is its own change (a refused sign-in): written in a transaction of its own. */
export function writeAuditNow(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  return db.transaction((tx) => writeAudit(tx, actor, entry));
}

/**
 * One place where the chain does not hold. `link`: the record's `prevHash` is not the hash of the record
 * before it (a record was removed or inserted before it, or the one before was re-hashed); `hash`: the
 * record's content does not give its hash under the key (it was changed, or sealed with another key).
 */
export interface AuditBreak {
  seq: number;
  id: string;
  /** 1-based place in the chain. */
  position: number;
  at: string;
  action: string;
  problems: Array<'link' | 'hash'>;
}

export interface AuditVerification {
  ok: boolean;
  /** Records walked. */
  checked: number;
  /** Every break found; only the first `MAX_LISTED_BREAKS` are listed. */
  breakCount: number;
  breaks: AuditBreak[];
  breaksTruncated: boolean;
  /** The seq of the first break, null when intact. */
  brokenAt: number | null;
  /** The last record: write it down elsewhere to detect later removal of the chain's tail. */
  head: { seq: number; hash: string; at: string } | null;
  keyFingerprint: string;
  verifiedAt: string;
  durationMs: number;
}

export const MAX_LISTED_BREAKS = 1000;
const PAGE = 500;

/**
 * Walks the whole chain in `seq` order, a page at a time (memory stays flat however long the trail), and
 * reports every break. Each record is checked against its stored predecessor, so one changed record gives
 * one break and the walk goes on past it.
 */
export async function verifyAuditChain(db: Db, key: AuditKey = currentAuditKey()): Promise<AuditVerification> {
  const started = performance.now();
  const breaks: AuditBreak[] = [];
  let breakCount = 0;
  let prev = AUDIT_GENESIS;
  let after = 0;
  let checked = 0;
  let firstBreak: number | null = null;
  let head: AuditVerification['head'] = null;
  for (;;) {
    const rows = await db.select().from(auditLog).where(gt(auditLog.seq, after)).orderBy(asc(auditLog.seq)).limit(PAGE);
    if (rows.length === 0) break;
    for (const r of rows) {
      checked++;
      const problems: AuditBreak['problems'] = [];
      if (r.prevHash !== prev) problems.push('link');
      if (auditRowHash(r, key) !== r.hash) problems.push('hash');
      if (problems.length) {
        breakCount++;
        firstBreak ??= r.seq;
        if (breaks.length < MAX_LISTED_BREAKS) {
          breaks.push({ seq: r.seq, id: r.id, position: checked, at: r.at.toISOString(), action: r.action, problems });
        }
      }
      prev = r.hash;
      after = r.seq;
      head = { seq: r.seq, hash: r.hash, at: r.at.toISOString() };
    }
    if (rows.length < PAGE) break;
  }
  return {
    ok: breakCount === 0,
    checked,
    breakCount,
    breaks,
    breaksTruncated: breakCount > breaks.length,
    brokenAt: firstBreak,
    head,
    keyFingerprint: key.fingerprint,
    verifiedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
  };
}
