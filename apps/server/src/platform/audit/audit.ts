import { createHmac } from 'node:crypto';
import { and, asc, between, desc, eq, gt, lte, or, sql } from 'drizzle-orm';
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
  /** The subject the record is about: it goes to that subject's chain (`subject:<id>`), else to `global`. */
  subjectId?: string | null;
}

/** The `prevHash` of the first record of every chain. */
export const AUDIT_GENESIS = '0'.repeat(64);
/** The chain of records about no subject (and of every record written before chains existed, migration 0009). */
export const GLOBAL_CHAIN = 'global';
/**
 * The first key of the two-int advisory lock that serialises appends to one chain (the second is
 * `hashtext(chain)`), so a chain never forks; held until the surrounding transaction ends. Two chains whose
 * names hash alike only wait for each other.
 */
const CHAIN_LOCK = 7_301_001;

/** The chain a record about this subject (or about none) belongs to. */
export const chainOf = (subjectId: string | null | undefined): string =>
  subjectId ? `subject:${subjectId.toLowerCase()}` : GLOBAL_CHAIN;

type Row = typeof auditLog.$inferSelect;
export type HashedFields = Omit<Row, 'seq' | 'hash'>;

/**
 * The record's MAC: HMAC-SHA256 under the audit key over the canonical JSON (canonical-json.ts) of this
 * array, in this order (docs/audit-trail.md): id, at (ISO 8601 UTC, milliseconds), user id, user e-mail,
 * employee id, employee role, action, entity type, entity id, research id, before, after, reason, address,
 * previous record's hash, then chain and subject id, except for a record of the global chain without a
 * subject (the only kind written before migration 0009, whose seals stay valid): its array ends at the
 * previous hash. So a record cannot be moved to another chain or subject without the key. Lower-case hex.
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
    ...(r.chain === GLOBAL_CHAIN && r.subjectId == null ? [] : [r.chain, r.subjectId]),
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
 * SQL text taking a chain's append lock (held until the transaction ends), `chain` being an SQL expression
 * of the chain's name, for a statement that takes the lock itself (field-context.ts saveContext).
 */
export const chainLockText = (chain: string) => `pg_advisory_xact_lock(${CHAIN_LOCK}, hashtext(${chain}))`;

/** SQL text of a scalar subquery giving the hash of a chain's newest record (null for an empty chain). */
export const chainHeadText = (chain: string) => `(select hash from audit_log where chain = ${chain} order by seq desc limit 1)`;

/** SQL text of the name of a subject's chain from an SQL expression of its id (as chainOf gives it in Node). */
export const subjectChainText = (subjectId: string) => `('subject:' || (${subjectId})::text)`;

/**
 * The record to append after `prevHash` (the hash of the chain's newest record, null for an empty chain),
 * sealed: its fields as stored and its hash. Only valid while the chain's lock is held, the head having been
 * read after the lock was taken.
 */
export function sealAudit(actor: AuditActor, entry: AuditEntry, prevHash: string | null, key: AuditKey = currentAuditKey()) {
  const subjectId = storedUuid(entry.subjectId);
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
    prevHash: prevHash ?? AUDIT_GENESIS,
    chain: chainOf(subjectId),
    subjectId,
  };
  return { ...row, hash: auditRowHash(row, key) };
}

const json = (v: unknown) => (v == null ? null : JSON.stringify(v));

/** The columns of a sealed record in `audit_log`, in the order of auditParams. */
export const AUDIT_COLUMNS =
  'id, at, user_id, user_email, employee_id, employee_type, action, entity_type, entity_id, research_id, before, after, ' +
  'reason, ip, prev_hash, hash, chain, subject_id';

/** The values of a sealed record for AUDIT_COLUMNS (18 parameters), as the database stores them. */
export const auditParams = (r: ReturnType<typeof sealAudit>): unknown[] => [
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
  json(r.before),
  json(r.after),
  r.reason,
  r.ip,
  r.prevHash,
  r.hash,
  r.chain,
  r.subjectId,
];

/**
 * Appends one audit record. Call it with the transaction that makes the change, so the record and the
 * change commit or roll back together.
 */
export async function writeAudit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const key = currentAuditKey();
  const chain = chainOf(storedUuid(entry.subjectId));
  await tx.execute(sql`select pg_advisory_xact_lock(${CHAIN_LOCK}, hashtext(${chain}))`);
  const [last] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .where(eq(auditLog.chain, chain))
    .orderBy(desc(auditLog.seq))
    .limit(1);
  const { hash, ...row } = sealAudit(actor, entry, last?.hash ?? null, key);
  await tx.insert(auditLog).values({ ...row, hash });
}

/** An audit record that is its own change (a refused sign-in): written in a transaction of its own. */
export function writeAuditNow(db: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  return db.transaction((tx) => writeAudit(tx, actor, entry));
}

/**
 * One place where a chain does not hold. `link`: the record's `prevHash` is not the hash of the record
 * before it in its chain (a record was removed or inserted before it, or the one before was re-hashed);
 * `hash`: the record's content, chain and subject included, does not give its hash under the key (it was
 * changed, moved to another chain, or sealed with another key).
 */
export interface AuditBreak {
  seq: number;
  id: string;
  /** The record's chain (`global` or `subject:<id>`). */
  chain: string;
  /** 1-based place in its chain. */
  position: number;
  at: string;
  action: string;
  problems: Array<'link' | 'hash'>;
}

/**
 * The state of the trail at a point of the walk, to write down elsewhere: the newest record (`seq`, `at`)
 * and `hash`, the heads digest: HMAC-SHA256 under the audit key over the canonical JSON of
 * `["edc-audit-heads", seq, ["<chain>:<seq>:<hash>", … sorted]]`, one entry per chain's newest record. A
 * record later removed from the tail of any chain (or the newest one) changes the digest recomputed for the
 * same `seq` (verifyAuditChain's `asOf`).
 */
export interface AuditHead {
  seq: number;
  hash: string;
  at: string;
  chains: number;
}

export interface AuditVerification {
  ok: boolean;
  /** Records walked. */
  checked: number;
  /** Chains met (the global chain and one per subject with records). */
  chains: number;
  /** Every break found; only the first `MAX_LISTED_BREAKS` are listed. */
  breaks: AuditBreak[];
  breakCount: number;
  breaksTruncated: boolean;
  /** The seq of the first break, null when intact. */
  brokenAt: number | null;
  /** The trail's head now: write it down elsewhere to detect later removal of a chain's tail. */
  head: AuditHead | null;
  /** The head as it was at the asked `asOf` seq (compare with the digest written down then). */
  asOf: AuditHead | null;
  keyFingerprint: string;
  verifiedAt: string;
  durationMs: number;
}

export const MAX_LISTED_BREAKS = 1000;
const PAGE = 500;

/** Each chain's newest record so far, keyed by chain name. */
type ChainHeads = Map<string, { seq: number; hash: string; count: number }>;

/** The heads digest (see AuditHead) of the chains as they stand, the newest record being `seq`. */
export function auditHeadsDigest(
  heads: ReadonlyMap<string, { seq: number; hash: string }>,
  seq: number,
  key: AuditKey = currentAuditKey(),
): string {
  const entries = [...heads].map(([chain, h]) => `${chain}:${h.seq}:${h.hash}`).sort();
  return createHmac('sha256', key.secret)
    .update(canonicalJson(['edc-audit-heads', seq, entries]), 'utf8')
    .digest('hex');
}

/** How far a walk in pages (verifyAuditChain's `onPage`) has come. */
export interface AuditWalkProgress {
  /** Records checked so far. */
  checked: number;
  /** 0–100: the share of the record numbers up to the walk's bound passed. */
  percent: number;
}

export interface VerifyOptions {
  /** Also give the head as it stood at this seq. */
  asOf?: number;
  /**
   * Walk in short reads instead of one snapshot, calling this after each page: for the background run, which
   * must hold neither a connection (the embedded database has one) nor a snapshot for the minutes a large
   * trail takes, and reports its progress between the reads.
   */
  onPage?: (progress: AuditWalkProgress) => Promise<void>;
  /** Records read at a time (tests use small pages). */
  pageSize?: number;
}

/**
 * Walks every chain in one pass in `seq` order, a page at a time, remembering only each chain's newest
 * record (memory grows with the number of chains, not of records), and reports every break. Each record
 * is checked against the stored record before it in its chain, so one changed record gives one break and
 * the walk goes on past it.
 *
 * Records of different chains may commit out of `seq` order. By default the walk reads one snapshot (a
 * read-only repeatable-read transaction). With `onPage` each page is a read of its own, bounded by the newest
 * record committed when the walk began: a record still being written then may be passed before it commits
 * and go unchecked, but nothing within the bound follows it in its chain (the next record of a chain is
 * numbered after the chain's append lock is released, at the commit, so after the bound), and no record is
 * taken for a break because one before it was missed. Every record committed before the walk began is checked.
 *
 * Either way a record still being written when the walk began may be numbered below the head it reports, and a
 * later `asOf` of that head counts it. So the numbers the walk found missing (gaps: such records, or numbers a
 * rolled-back write used) are read again once the writes that were open when the walk began have ended, and the
 * records found there are checked and taken into the heads: each is the newest of its chain up to the head, by
 * the same argument. The head a walk reports is then the one any later walk computes for the same `seq`.
 */
export async function verifyAuditChain(
  db: Db,
  key: AuditKey = currentAuditKey(),
  opts: VerifyOptions = {},
): Promise<AuditVerification> {
  const started = performance.now();
  const pageSize = opts.pageSize ?? PAGE;
  const breaks: AuditBreak[] = [];
  const heads: ChainHeads = new Map();
  let breakCount = 0;
  let after = 0;
  let checked = 0;
  let firstBreak: number | null = null;
  let newest: { seq: number; at: string } | null = null;
  let asOf: AuditHead | null = null;
  /** Numbers missing from the walk, as ranges, and the database's clock when its view of the trail was taken. */
  const gaps: [number, number][] = [];
  let expected = 1;
  let since = '';
  const headNow = (): AuditHead | null =>
    newest && { seq: newest.seq, at: newest.at, hash: auditHeadsDigest(heads, newest.seq, key), chains: heads.size };
  const check = (r: typeof auditLog.$inferSelect, late = false) => {
    if (!late) {
      if (opts.asOf != null && !asOf && r.seq > opts.asOf) asOf = headNow();
      if (r.seq > expected) gaps.push([expected, r.seq - 1]);
      expected = r.seq + 1;
    }
    checked++;
    const last = heads.get(r.chain);
    const position = (last?.count ?? 0) + 1;
    const problems: AuditBreak['problems'] = [];
    if (r.prevHash !== (last?.hash ?? AUDIT_GENESIS)) problems.push('link');
    if (auditRowHash(r, key) !== r.hash) problems.push('hash');
    if (problems.length) {
      breakCount++;
      firstBreak ??= r.seq;
      if (breaks.length < MAX_LISTED_BREAKS) {
        breaks.push({ seq: r.seq, id: r.id, chain: r.chain, position, at: r.at.toISOString(), action: r.action, problems });
      }
    }
    heads.set(r.chain, { seq: r.seq, hash: r.hash, count: position });
    if (late) return;
    after = r.seq;
    newest = { seq: r.seq, at: r.at.toISOString() };
  };
  const clock = async (from: Db) => {
    const res = (await from.execute(sql`select clock_timestamp()::text as now`)) as unknown as { rows: { now: string }[] };
    since = res.rows[0]!.now;
  };
  const page = (from: Db, bound?: number) =>
    from
      .select()
      .from(auditLog)
      .where(bound == null ? gt(auditLog.seq, after) : and(gt(auditLog.seq, after), lte(auditLog.seq, bound)))
      .orderBy(asc(auditLog.seq))
      .limit(pageSize);

  if (opts.onPage) {
    const [range] = await db
      .select({
        first: sql<number | null>`min(${auditLog.seq})`.mapWith(Number),
        last: sql<number | null>`max(${auditLog.seq})`.mapWith(Number),
      })
      .from(auditLog);
    await clock(db);
    const first = range?.first ?? 0;
    const last = range?.last ?? 0;
    const span = Math.max(1, last - first + 1);
    for (;;) {
      const rows = await page(db, last);
      rows.forEach((r) => check(r));
      const percent = Math.min(99, Math.floor(((after - first + 1) / span) * 100));
      await opts.onPage({ checked, percent });
      if (rows.length < pageSize) break;
    }
  } else {
    await db.transaction(
      async (tx) => {
        for (;;) {
          const rows = await page(tx);
          // The snapshot is taken by the first read: the writes open then began before this clock.
          if (!since) await clock(tx);
          rows.forEach((r) => check(r));
          if (rows.length < pageSize) break;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }
  if (gaps.length && newest) {
    await writesEnded(db, since);
    for (const r of await recordsIn(db, gaps)) check(r, true);
  }
  const head = headNow();
  if (opts.asOf != null && !asOf) asOf = head;
  return {
    ok: breakCount === 0,
    checked,
    chains: heads.size,
    breakCount,
    breaks,
    breaksTruncated: breakCount > breaks.length,
    brokenAt: firstBreak,
    head,
    asOf,
    keyFingerprint: key.fingerprint,
    verifiedAt: new Date().toISOString(),
    durationMs: Math.round(performance.now() - started),
  };
}

/** How long a walk waits for the writes that were open when it began (docs/audit-trail.md "The head and checkpoints"). */
const WRITES_SETTLE_MS = 60_000;

/**
 * Waits until no transaction of this database that began by `since` is still writing (one holding a transaction
 * id: every append to the trail does), or WRITES_SETTLE_MS. The application's connections share one role, whose
 * sessions it sees; other databases of the server are not waited for.
 */
async function writesEnded(db: Db, since: string) {
  const deadline = Date.now() + WRITES_SETTLE_MS;
  for (;;) {
    const res = (await db.execute(
      sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and backend_xid is not null and xact_start <= ${since}::timestamptz
            and pid <> pg_backend_pid()`,
    )) as unknown as { rows: { n: number }[] };
    if (!res.rows[0]?.n || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The records now stored at the numbers of `ranges` (a walk's gaps), in `seq` order. */
async function recordsIn(db: Db, ranges: [number, number][]) {
  const found: (typeof auditLog.$inferSelect)[] = [];
  for (let i = 0; i < ranges.length; i += 200) {
    const part = ranges.slice(i, i + 200).map(([a, b]) => between(auditLog.seq, a, b));
    found.push(
      ...(await db
        .select()
        .from(auditLog)
        .where(or(...part))),
    );
  }
  return found.sort((a, b) => a.seq - b.seq);
}
