import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ClinicalImportRequest, DataExportRequest, JobKind, JobReply } from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import { forms, researchOrganisations, visits } from '../../platform/db/schema/index.js';
import type { Deps } from '../../platform/deps.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { findResearch } from '../researches/researches.queries.js';
import { assertUsesJobsAnywhere, mayUseJobs } from '../jobs/jobs.policy.js';
import { insertJob, jobActorOf, jobReplyOf } from '../jobs/jobs.service.js';

/**
 * The requests of data exchange (docs/data-exchange.md): each checks who asks and what is named, records a
 * job with an audit record in one transaction, and hands the job to the queue; the work itself is the job
 * handlers' (export/, import/).
 */

/** The research a request is about: 403 without the kind's right, 400 without a research, 404 for an unknown one. */
async function researchFor(db: Db, caller: ActorCaller, kind: JobKind, researchId: string | undefined) {
  assertUsesJobsAnywhere(caller.actor, kind);
  const id = researchId ?? caller.actor.employee?.researchId;
  if (!id) throw badRequest('research_required', 'researchId');
  if (!mayUseJobs(caller.actor, kind, id)) throw forbidden('no_research_access', 'researchId');
  const research = await findResearch(db, id);
  if (!research) throw notFound('researchId');
  return research;
}

/** 404 naming `path` unless every id is a live row of the research. */
async function assertAllInResearch(
  db: Db,
  table: typeof visits | typeof forms | typeof researchOrganisations,
  ids: string[] | undefined,
  researchId: string,
  path: string,
) {
  const unique = [...new Set(ids ?? [])];
  if (!unique.length) return;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, unique), eq(table.researchId, researchId), isNull(table.deletedAt)));
  if (rows.length !== unique.length) throw notFound(path);
}

async function record(
  deps: Deps,
  caller: ActorCaller,
  job: Parameters<typeof insertJob>[1],
  audit: { action: string; after: Record<string, unknown> },
): Promise<JobReply> {
  const row = await deps.db.transaction(async (tx) => {
    const row = await insertJob(tx, job);
    await writeAudit(tx, caller.audit, {
      action: audit.action,
      entityType: 'job',
      entityId: row.id,
      researchId: job.researchId,
      after: { id: row.id, kind: job.kind, name: job.name, ...audit.after },
    });
    return row;
  });
  await deps.jobs.enqueue(job.kind, row.id);
  return jobReplyOf(deps.db, row.id, caller);
}

// Every file but the workbook (itself a zip) is zipped: an ODM file of a million values is mostly repeated markup.
const FILE_EXTENSION = { odm: 'zip', datasetJson: 'zip', csv: 'zip', xlsx: 'xlsx' } as const;

/** POST /DataExports: a dataset export, made in the background; its file is a document of type Dataset. */
export async function requestExport(deps: Deps, input: DataExportRequest, caller: ActorCaller): Promise<JobReply> {
  const research = await researchFor(deps.db, caller, 'data_export', input.researchId);
  await assertAllInResearch(
    deps.db,
    researchOrganisations,
    input.researchOrganisationIds,
    research.id,
    'researchOrganisationIds',
  );
  await assertAllInResearch(deps.db, visits, input.visitIds, research.id, 'visitIds');
  await assertAllInResearch(deps.db, forms, input.formIds, research.id, 'formIds');
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const base = (research.grlsProtocolNumber || 'research').replace(/[^\p{L}\p{N}._-]+/gu, '_');
  const name = `${base}-${input.format}-${stamp}.${FILE_EXTENSION[input.format]}`;
  const params = { ...input, researchId: research.id };
  return record(
    deps,
    caller,
    { researchId: research.id, kind: 'data_export', name, params, actor: jobActorOf(caller) },
    { action: 'data.export', after: params },
  );
}

/** POST /ClinicalData/Import: an ODM ClinicalData import (or its dry run), made in the background. */
export async function requestImport(deps: Deps, input: ClinicalImportRequest, caller: ActorCaller): Promise<JobReply> {
  const research = await researchFor(deps.db, caller, 'clinical_import', input.researchId);
  const centreIds = [
    ...(input.researchOrganisationId ? [input.researchOrganisationId] : []),
    ...Object.values(input.centres ?? {}),
  ];
  await assertAllInResearch(
    deps.db,
    researchOrganisations,
    centreIds,
    research.id,
    input.researchOrganisationId && Object.keys(input.centres ?? {}).length === 0 ? 'researchOrganisationId' : 'centres',
  );
  const { xml, ...rest } = input;
  const params = { ...rest, researchId: research.id, sizeBytes: Buffer.byteLength(xml) };
  return record(
    deps,
    caller,
    {
      researchId: research.id,
      kind: 'clinical_import',
      name: input.fileName,
      params,
      actor: jobActorOf(caller),
      input: Buffer.from(xml, 'utf8'),
    },
    { action: input.dryRun ? 'data.import_dry_run' : 'data.import', after: params },
  );
}
