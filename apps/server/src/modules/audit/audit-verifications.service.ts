import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  errorMessage,
  type AuditVerificationRunDto,
  type AuditVerificationStatus,
  type ErrorCode,
  type Language,
} from '@edc/domain';
import { currentAuditKey } from '../../platform/audit/audit-key.js';
import { verifyAuditChain, writeAudit, type AuditVerification } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { auditVerifications, users } from '../../platform/db/schema/index.js';
import type { Deps } from '../../platform/deps.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf, type PageQuery } from '../../platform/http/paging.js';
import { userFullName } from '../users/user-name.sql.js';

type Row = typeof auditVerifications.$inferSelect;

/** The task that runs a verification (scheduled-tasks.ts); its message carries the row's id. */
export const AUDIT_VERIFY_TASK = 'audit_verify';

/** Progress is written at most this often. */
const PROGRESS_EVERY_MS = 500;

/**
 * A run whose progress has not moved for this long has lost its worker (a stopped process): it is shown as
 * interrupted, and a new run may start. A walk writes its progress every half second.
 */
export const STALE_RUN_MS = 2 * 60 * 1000;

const OPEN: AuditVerificationStatus[] = ['Queued', 'Running'];

const isStale = (row: Row, now = Date.now()) => row.status === 'Running' && now - row.updatedAt.getTime() > STALE_RUN_MS;

function toReply(row: Row, name: string | null, lang: Language): AuditVerificationRunDto {
  // A run that lost its worker says so, rather than running for ever.
  const stale = isStale(row);
  const error = (stale ? { code: 'audit_verification_interrupted' } : row.error) as { code: ErrorCode } | null;
  return {
    id: row.id,
    status: stale ? 'Failed' : (row.status as AuditVerificationStatus),
    progress: row.progress,
    processed: row.processed,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    requestedBy: row.requestedBy ? { id: row.requestedBy, name: name ?? '' } : null,
    result: (row.result as AuditVerification | null) ?? null,
    error: error ? { code: error.code, message: errorMessage(error.code, lang, {}) } : null,
  };
}

/** A run as the history lists it: its result without the list of breaks (up to a thousand; read the run for them). */
const { result, ...runColumns } = getTableColumns(auditVerifications);
const listedRun = {
  ...runColumns,
  result: sql<unknown>`case when ${result} is null then null else jsonb_set(${result}, '{breaks}', '[]'::jsonb) end`,
};

/** Runs with who asked for each: whole (`auditVerifications`) or as the history lists them (`listedRun`). */
const select = (db: Db, run: typeof auditVerifications | typeof listedRun) =>
  db.select({ run, name: userFullName }).from(auditVerifications).leftJoin(users, eq(users.id, auditVerifications.requestedBy));

/** GET /Audit/Verifications: the runs, newest first, their results without the lists of breaks. */
export async function listVerifications(db: Db, q: PageQuery, lang: Language) {
  const [rows, [total]] = await Promise.all([
    select(db, listedRun)
      .orderBy(desc(auditVerifications.createdAt), desc(auditVerifications.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(auditVerifications),
  ]);
  return pageOf(
    rows.map((r) => toReply(r.run, r.name, lang)),
    total?.n ?? 0,
    q,
  );
}

/** GET /Audit/Verifications/{id}: one run, which the screen polls while it is open. */
export async function verificationOf(db: Db, id: string, lang: Language): Promise<AuditVerificationRunDto> {
  const [found] = await select(db, auditVerifications).where(eq(auditVerifications.id, id)).limit(1);
  if (!found) throw notFound('id');
  return toReply(found.run, found.name, lang);
}

/**
 * POST /Audit/Verifications: records a run (Queued) with an audit record of the request and hands it to the
 * queue. One run at a time: while one is open it is the answer (sent to the queue again if it is still
 * waiting, in case its first message was lost); one that lost its worker is closed as interrupted first.
 */
export async function startVerification(deps: Deps, caller: ActorCaller): Promise<AuditVerificationRunDto> {
  const id = await deps.db
    .transaction(async (tx) => {
      const [open] = await tx.select().from(auditVerifications).where(inArray(auditVerifications.status, OPEN)).for('update');
      if (open && !isStale(open)) return open.id;
      if (open) {
        await tx
          .update(auditVerifications)
          .set({
            status: 'Failed',
            error: { code: 'audit_verification_interrupted' },
            finishedAt: new Date(),
            updatedAt: new Date(),
          })
          .where(eq(auditVerifications.id, open.id));
      }
      const [row] = await tx.insert(auditVerifications).values({ requestedBy: caller.actor.userId }).returning();
      await writeAudit(tx, caller.audit, {
        action: 'audit.verification_requested',
        entityType: 'audit_verification',
        entityId: row!.id,
      });
      return row!.id;
    })
    .catch(async (e: unknown) => {
      // Another administrator's request made the open run first: theirs is the answer.
      if (!isUniqueViolation(e, 'audit_verifications_open_idx')) throw e;
      const [open] = await deps.db.select().from(auditVerifications).where(inArray(auditVerifications.status, OPEN));
      if (!open) throw e;
      return open.id;
    });
  const run = await verificationOf(deps.db, id, caller.lang);
  if (run.status === 'Queued') await deps.jobs.runTask(AUDIT_VERIFY_TASK, { verificationId: id });
  return run;
}

/**
 * Runs a Queued verification (the task's worker): Running, the walk in pages with its progress written
 * between them, then Done with what it found, or Failed. A message for a run already taken is ignored.
 */
export async function runVerification(db: Db, id: string): Promise<{ status: AuditVerificationStatus } | null> {
  const [claimed] = await db
    .update(auditVerifications)
    .set({ status: 'Running', startedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(auditVerifications.id, id), eq(auditVerifications.status, 'Queued')))
    .returning({ id: auditVerifications.id });
  if (!claimed) return null;
  let written = Date.now();
  const finish = (set: Partial<Row>) =>
    db
      .update(auditVerifications)
      .set({ ...set, finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(auditVerifications.id, id));
  try {
    const result = await verifyAuditChain(db, currentAuditKey(), {
      onPage: async ({ checked, percent }) => {
        if (Date.now() - written < PROGRESS_EVERY_MS) return;
        written = Date.now();
        await db
          .update(auditVerifications)
          .set({ processed: checked, progress: percent, updatedAt: new Date() })
          .where(eq(auditVerifications.id, id));
      },
    });
    await finish({ status: 'Done', progress: 100, processed: result.checked, result, error: null });
    return { status: 'Done' };
  } catch (e) {
    await finish({ status: 'Failed', error: { code: 'audit_verification_failed' } });
    throw e;
  }
}
