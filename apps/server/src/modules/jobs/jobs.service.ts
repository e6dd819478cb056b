import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  errorMessage,
  type ErrorCode,
  type JobKind,
  type JobReply,
  type JobStatus,
  type Language,
  type MessageParams,
} from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { documents, jobInputs, jobs, users } from '../../platform/db/schema/index.js';
import type { Deps } from '../../platform/deps.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { offsetOf, pageOf, type PageQuery } from '../../platform/http/paging.js';
import type { JobActor, JobRow } from '../../platform/jobs/jobs.js';
import { seesGroup } from '../subjects/subjects.policy.js';
import { assertUsesJobsAnywhere, mayUseJobs, readsJob, sendingCentreOf } from './jobs.policy.js';
import { userFullName } from '../users/user-name.sql.js';

/** Who asks, as the worker will act for them. */
export function jobActorOf(caller: ActorCaller, centreId: string | null = null): JobActor {
  return {
    ...caller.audit,
    userId: caller.actor.userId,
    language: caller.lang,
    seesGroup: seesGroup(caller.actor),
    centreId,
  };
}

/**
 * Records a job (status Queued) in the caller's transaction, with its input file if any; the caller hands
 * it to the queue (deps.jobs.enqueue) once the transaction committed.
 */
export async function insertJob(
  tx: Db,
  job: {
    researchId: string;
    kind: JobKind;
    name: string;
    params: Record<string, unknown>;
    actor: JobActor;
    input?: Buffer;
    /** The document the job makes, recorded Started with it: the runner sets it to Error if the job fails. */
    documentId?: string;
  },
): Promise<JobRow> {
  const [row] = await tx
    .insert(jobs)
    .values({
      researchId: job.researchId,
      kind: job.kind,
      name: job.name,
      params: job.params,
      actor: job.actor,
      createdBy: job.actor.userId,
      documentId: job.documentId ?? null,
    })
    .returning();
  if (job.input) await tx.insert(jobInputs).values({ jobId: row!.id, content: job.input });
  return row!;
}

/** The reply of a job, its error in the reader's language. */
export function toJobReply(
  row: JobRow,
  creatorName: string | null,
  sizeBytes: number | null,
  lang: Language,
  /** Whether the reader may download the file (downloadsResult): else no link is given. */
  downloads = true,
): JobReply {
  const error = row.error as { code: string; params?: MessageParams } | null;
  return {
    id: row.id,
    researchId: row.researchId,
    kind: row.kind as JobKind,
    status: row.status as JobStatus,
    progress: row.progress,
    processed: row.processed,
    total: row.total,
    name: row.name,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdBy: row.createdBy ? { id: row.createdBy, name: creatorName ?? '' } : null,
    params: row.params as Record<string, unknown>,
    documentId: row.documentId,
    documentLink: row.documentId && row.status === 'Done' && downloads ? `/api/Documents/${row.documentId}/File` : null,
    sizeBytes,
    error: error ? { code: error.code, message: errorMessage(error.code as ErrorCode, lang, error.params ?? {}) } : null,
    result: row.result ?? null,
  };
}

const replyColumns = { job: jobs, creatorName: userFullName, sizeBytes: documents.sizeBytes };

function select(db: Db) {
  return db
    .select(replyColumns)
    .from(jobs)
    .leftJoin(users, eq(users.id, jobs.createdBy))
    .leftJoin(documents, eq(documents.id, jobs.documentId));
}

/** One job as its reader sees it (404 outside the caller's view; 403 with no right to any job of the kind). */
export async function jobReplyOf(db: Db, id: string, caller: ActorCaller, path = 'id'): Promise<JobReply> {
  const [found] = await select(db).where(eq(jobs.id, id)).limit(1);
  if (!found || !readsJob(caller.actor, found.job)) {
    if (!caller.actor.permissions.has('data_export') && !caller.actor.permissions.has('data_import')) throw forbidden();
    throw notFound(path);
  }
  return toJobReply(found.job, found.creatorName, found.sizeBytes, caller.lang, downloadsResult(caller.actor, found.job));
}

/** GET /Jobs: a research's jobs of one kind, newest first. */
export async function listJobs(deps: Deps, q: PageQuery & { researchId?: string; kind: JobKind }, caller: ActorCaller) {
  assertUsesJobsAnywhere(caller.actor, q.kind);
  const researchId = q.researchId ?? caller.actor.employee?.researchId;
  if (!researchId) throw badRequest('research_required', 'researchId');
  if (!mayUseJobs(caller.actor, q.kind, researchId)) throw forbidden('no_research_access', 'researchId');
  const where = and(
    eq(jobs.researchId, researchId),
    eq(jobs.kind, q.kind),
    // DrTrial sends: the caller's centre's only (jobs.policy.ts readsJob).
    q.kind === 'dr_trial_send' && caller.actor.userRole !== 'Admin'
      ? sql`${jobs.actor}->>'centreId' = ${sendingCentreOf(caller.actor) ?? ''}`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    select(deps.db).where(where).orderBy(desc(jobs.createdAt), desc(jobs.id)).limit(q.pageSize).offset(offsetOf(q)),
    deps.db.select({ n: count() }).from(jobs).where(where),
  ]);
  return pageOf(
    rows.map((r) => toJobReply(r.job, r.creatorName, r.sizeBytes, caller.lang, downloadsResult(caller.actor, r.job))),
    total?.n ?? 0,
    q,
  );
}

/**
 * Whether the caller may download a job's result document: whoever reads the job, except that a file made
 * for someone who sees randomisation groups goes only to those who see them too (or to its own requester).
 */
export async function readsJobDocument(db: Db, actor: ActorCaller['actor'], documentId: string): Promise<boolean> {
  const [job] = await db.select().from(jobs).where(eq(jobs.documentId, documentId)).limit(1);
  return !!job && readsJob(actor, job) && downloadsResult(actor, job);
}

/**
 * Whether a reader of the job may have its file: a file made for someone who sees randomisation groups goes
 * only to those who see them too (or to its requester, while they still read the job).
 */
function downloadsResult(actor: ActorCaller['actor'], job: JobRow): boolean {
  const unblinded = (job.actor as JobActor).seesGroup;
  return job.createdBy === actor.userId || !unblinded || seesGroup(actor);
}
