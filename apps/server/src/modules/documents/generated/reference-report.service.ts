import { and, eq } from 'drizzle-orm';
import type { DocumentStatusReply, ReferenceReportGenerateQuery } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { jobs } from '../../../platform/db/schema/index.js';
import type { Deps } from '../../../platform/deps.js';
import type { Actor } from '../../../platform/http/actor.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { forbidden, notFound } from '../../../platform/http/errors.js';
import { findCentre } from '../../centres/centres.queries.js';
import { mayReadCentreReferences } from '../../references/references.policy.js';
import { startGeneration } from './generated-documents.js';
import { XLSX_CONTENT_TYPE } from './monitoring-report-xlsx.js';
import { readReferenceReport } from './reference-report-content.js';
import { referenceReportName } from './reference-report-render.js';

/** What the reference_report job is given (jobs.params). */
export interface ReferenceReportParams {
  documentId: string;
  centreId: string;
  format: 'pdf' | 'xlsx';
  timeZone: string;
}

const FILES = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  xlsx: { extension: 'xlsx', contentType: XLSX_CONTENT_TYPE },
} as const;

/**
 * GET /ReferenceGroups/GenerateReferenceReport?researchOrganisationId=&format= (docs/documents.md "Reference
 * report"): a centre's reference groups and ranges, for whoever reads them (references.policy.ts: a site user
 * their own centre's only; 403 otherwise), 404 naming researchOrganisationId for a centre gone. The document
 * (type ReferenceReport, Started), its job and the audit record in one transaction.
 */
export async function generateReferenceReport(
  deps: Deps,
  q: ReferenceReportGenerateQuery,
  caller: ActorCaller,
): Promise<DocumentStatusReply> {
  const centre = await findCentre(deps.db, q.researchOrganisationId);
  if (!centre) throw notFound('researchOrganisationId');
  if (!(await mayReadCentreReferences(deps.db, caller.actor, centre))) throw forbidden();
  const content = await readReferenceReport(deps.db, centre.id);
  const format = q.format ?? 'pdf';
  const params: Omit<ReferenceReportParams, 'documentId'> = { centreId: centre.id, format, timeZone: caller.timeZone };
  return startGeneration(deps, caller, {
    researchId: centre.researchId,
    type: 'ReferenceReport',
    kind: 'reference_report',
    name: referenceReportName(caller.lang, content?.centre ?? centre.number),
    file: FILES[format],
    params,
    audit: { centreId: centre.id, format },
    centreId: centre.id,
  });
}

/** The centre a reference report is of (its job's parameters); undefined for another document. */
export async function referenceReportCentreOf(db: Db, documentId: string): Promise<string | undefined> {
  const [job] = await db
    .select({ params: jobs.params })
    .from(jobs)
    .where(and(eq(jobs.documentId, documentId), eq(jobs.kind, 'reference_report')))
    .limit(1);
  return (job?.params as { centreId?: string } | undefined)?.centreId;
}

/** Who reads a reference report: whoever reads the centre's references now (references.policy.ts). */
export async function readsReferenceReport(db: Db, actor: Actor, documentId: string): Promise<boolean> {
  const centreId = await referenceReportCentreOf(db, documentId);
  const centre = centreId ? await findCentre(db, centreId) : undefined;
  return !!centre && (await mayReadCentreReferences(db, actor, centre));
}
