import { generatesDocuments } from '@edc/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DatasetByFormGenerate, DatasetByVisitGenerate, DocumentStatusReply } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { forms, jobs, visits } from '../../../platform/db/schema/index.js';
import type { Deps } from '../../../platform/deps.js';
import type { Actor } from '../../../platform/http/actor.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { badRequest, forbidden } from '../../../platform/http/errors.js';
import { canInResearch } from '../../../platform/http/research-scope.js';
import type { JobActor } from '../../../platform/jobs/jobs.js';
import { EXPORT_FILE } from '../../data-exchange/export/export-run.js';
import { listScopeOf, seesGroup } from '../../subjects/subjects.policy.js';
import { startGeneration, type DocumentRow } from './generated-documents.js';

/** What the dataset_document job is given (jobs.params): the export request it runs, besides the document. */
export interface DatasetDocumentParams {
  documentId: string;
  researchId: string;
  format: DatasetByVisitGenerate['format'];
  visitIds?: string[];
  formIds?: string[];
  withCreators: boolean;
}

/** 400 naming `path` unless every id is a live row of the research (unknown and another research's alike). */
async function assertInResearch(db: Db, table: typeof visits | typeof forms, ids: string[], researchId: string, path: string) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, unique), eq(table.researchId, researchId), isNull(table.deletedAt)));
  if (rows.length !== unique.length) throw badRequest('dataset_unknown_ids', path);
}

/**
 * POST /Researches/GenerateDatasetByVisit and GenerateDatasetByForm (docs/documents.md "Datasets"): 403 with no
 * subject view or outside the generating organisation types (kio), 400/403/404 for the research as the subject
 * lists answer, 400 naming the field for ids that are not the research's live visits or forms, and for
 * `withCreators` with a tabular format. A site user's dataset holds their own centre's subjects only (the job's
 * actor carries the centre, which the export's scope applies).
 */
export async function generateDataset(
  deps: Deps,
  input: (DatasetByVisitGenerate & { formIdList?: never }) | (DatasetByFormGenerate & { visitIdList?: never }),
  caller: ActorCaller,
): Promise<DocumentStatusReply> {
  const scope = await listScopeOf(deps.db, caller.actor, { researchId: input.researchId });
  const orgType = caller.actor.employee?.organisationType ?? '';
  const documentsAdmin = canInResearch(caller.actor, 'documents_settings', scope.researchId);
  if (!generatesDocuments({ documentsAdmin, organisationType: orgType })) throw forbidden();
  if (input.withCreators && input.format !== 'odm') throw badRequest('dataset_creators_odm_only', 'withCreators');
  if (input.visitIdList) await assertInResearch(deps.db, visits, input.visitIdList, scope.researchId, 'visitIdList');
  if (input.formIdList) await assertInResearch(deps.db, forms, input.formIdList, scope.researchId, 'formIdList');
  const params: Omit<DatasetDocumentParams, 'documentId'> = {
    researchId: scope.researchId,
    format: input.format,
    ...(input.visitIdList ? { visitIds: [...new Set(input.visitIdList)] } : {}),
    ...(input.formIdList ? { formIds: [...new Set(input.formIdList)] } : {}),
    withCreators: input.withCreators,
  };
  return startGeneration(deps, caller, {
    researchId: scope.researchId,
    type: 'Dataset',
    kind: 'dataset_document',
    name: input.name,
    file: EXPORT_FILE[input.format],
    params,
    audit: {
      format: params.format,
      visitIds: params.visitIds ?? null,
      formIds: params.formIds ?? null,
      withCreators: params.withCreators,
      centreId: scope.centreId,
    },
    centreId: scope.centreId,
  });
}

/**
 * Who reads a generated dataset (a document of type Dataset made by a dataset_document job): the documents
 * administrators of its research and its author; once made common (`forAll`), the research's employees whose
 * view covers its subjects (a dataset limited to a centre only to that centre's staff, else everyone of the
 * research). A dataset holding randomisation groups goes only to those who see them (and its author).
 */
export function readsDatasetDocument(actor: Actor, doc: DocumentRow, jobActor: JobActor): boolean {
  const author = doc.createdBy !== null && doc.createdBy === actor.userId;
  if (author) return true;
  if (jobActor.seesGroup && !seesGroup(actor)) return false;
  if (canInResearch(actor, 'documents_settings', doc.researchId)) return true;
  if (!doc.forAll || actor.employee?.researchId !== doc.researchId) return false;
  const ownCentre = ['Site', 'TestSite'].includes(actor.employee.organisationType) ? actor.employee.researchOrganisationId : null;
  return !ownCentre || ownCentre === jobActor.centreId;
}

/**
 * The actor of the job that made a document, when it is a generated dataset's or a tracker's (else undefined:
 * an export's own rule). Trackers are read by the same rule as datasets (docs/documents.md "Trackers").
 */
export async function datasetJobActorOf(db: Db, documentId: string): Promise<JobActor | undefined> {
  const [job] = await db
    .select({ actor: jobs.actor })
    .from(jobs)
    .where(and(eq(jobs.documentId, documentId), inArray(jobs.kind, ['dataset_document', 'tracker', 'time_tracker'])))
    .limit(1);
  return job?.actor as JobActor | undefined;
}
