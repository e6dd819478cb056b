import { dataExportRequest, type DataExportRequest } from '@edc/domain';
import type { JobActor } from '../../../platform/jobs/jobs.js';
import { badRequest } from '../../../platform/http/errors.js';

/** An export job's request as its worker reads it (`jobs.params`): the accepted request with its research. */
/** A request as parsed (`withTestSubjects` may be absent from one stored before it existed: false). */
export type ExportRequest = Omit<DataExportRequest, 'withTestSubjects'> & { researchId: string; withTestSubjects?: boolean };

/** Who the file is made for (`jobs.actor`): their language, blinding and centre scope. */
export type ExportActor = Pick<JobActor, 'userId' | 'language' | 'seesGroup' | 'centreId'>;

/**
 * The job's params read back with the request's own schema: a row written by another version of the server,
 * or by hand, is refused (a refusal is not retried) instead of exporting something other than was asked.
 */
export function exportRequestOf(params: unknown): ExportRequest {
  const parsed = dataExportRequest.safeParse(params);
  if (!parsed.success || !parsed.data.researchId) {
    throw badRequest('validation', 'params', { field: 'params', detail: parsed.error?.issues[0]?.message ?? 'researchId' });
  }
  return parsed.data as ExportRequest;
}
