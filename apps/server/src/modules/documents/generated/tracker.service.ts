import { todayIn, type DocumentStatusReply, pdfText, type TrackerGenerateQuery, generatesDocuments } from '@edc/domain';
import type { Deps } from '../../../platform/deps.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { forbidden } from '../../../platform/http/errors.js';
import { canInResearch } from '../../../platform/http/research-scope.js';
import { listScopeOf } from '../../subjects/subjects.policy.js';
import { startGeneration } from './generated-documents.js';
import { pdfDate } from './pdf-format.js';
import { XLSX_CONTENT_TYPE } from './monitoring-report-xlsx.js';

/** What the tracker and time_tracker jobs are given (jobs.params); the centre and blinding are the job actor's. */
export interface TrackerParams {
  documentId: string;
  researchId: string;
  timeZone: string;
}

const KINDS = {
  tracker: { type: 'Tracker', name: 'trackerName' },
  time_tracker: { type: 'TimeTracker', name: 'timeTrackerName' },
} as const;

/**
 * GET /ResearchOrganisations/GenerateTracker and GenerateTimeTracker (docs/documents.md "Trackers"): the
 * subjects the caller sees in the research (listScopeOf: a site user's own centre only, whatever centre is
 * asked; 400/403/404 as the subject lists answer), for the documents administrators and the generating
 * organisation types (403 otherwise, kio). The document (Started), its job and the audit record in one
 * transaction; the workbook is made in the background.
 */
export async function generateTracker(
  deps: Deps,
  kind: keyof typeof KINDS,
  q: TrackerGenerateQuery,
  caller: ActorCaller,
): Promise<DocumentStatusReply> {
  const scope = await listScopeOf(deps.db, caller.actor, q);
  const orgType = caller.actor.employee?.organisationType ?? '';
  const documentsAdmin = canInResearch(caller.actor, 'documents_settings', scope.researchId);
  if (!generatesDocuments({ documentsAdmin, organisationType: orgType })) throw forbidden();
  const params: Omit<TrackerParams, 'documentId'> = { researchId: scope.researchId, timeZone: caller.timeZone };
  return startGeneration(deps, caller, {
    researchId: scope.researchId,
    type: KINDS[kind].type,
    kind,
    name: pdfText(caller.lang, KINDS[kind].name, { date: pdfDate(caller.lang, todayIn(caller.timeZone)) }),
    file: { extension: 'xlsx', contentType: XLSX_CONTENT_TYPE },
    params,
    audit: { centreId: scope.centreId },
    centreId: scope.centreId,
  });
}
