import type { DocumentStatusReply, MonitoringReportFormat, MonitoringVisitReportGenerate } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import type { Actor } from '../../../platform/http/actor.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { AppError } from '../../../platform/http/errors.js';
import { noteTypesSeenBy } from '../../notes/note-actor.js';
import { assertHasMonitoringView, assertSeesMonitoringVisit } from '../../monitoring-visits/monitoring-visits.policy.js';
import { findMonitoringVisit, linksOf } from '../../monitoring-visits/monitoring-visits.repo.js';
import { startGeneration } from './generated-documents.js';
import { monitoringReportName } from './monitoring-report-pdf.js';
import { XLSX_CONTENT_TYPE } from './monitoring-report-xlsx.js';

/** What the monitoring_report job is given (jobs.params). */
export interface MonitoringReportParams {
  documentId: string;
  monitoringVisitId: string;
  format: MonitoringReportFormat;
  /** The note types the requester sees: the report lists those notes only (a monitor: KIO notes). */
  noteTypes: string[];
  timeZone: string;
}

const FILES = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  xlsx: { extension: 'xlsx', contentType: XLSX_CONTENT_TYPE },
} as const;

/**
 * Who reads a monitoring visit and so its reports (monitoring-visits.policy.ts): its planners (user roles
 * Admin and Editor, admin-centre employees of the research) and the monitors on its team. 403 for a caller
 * with no monitoring-visit view anywhere, 404 for a visit gone or out of the caller's scope.
 */
export async function assertReadsMonitoringVisit(db: Db, actor: Actor, monitoringVisitId: string) {
  assertHasMonitoringView(actor);
  const visit = await findMonitoringVisit(db, monitoringVisitId);
  const team = visit ? (await linksOf(db, monitoringVisitId)).monitorList : [];
  assertSeesMonitoringVisit(actor, visit, !!actor.employee && team.includes(actor.employee.id));
  return visit!;
}

/** The same rule as a yes/no for GET /Documents/{id} (which answers 404 to anyone else). */
export async function readsMonitoringVisit(db: Db, actor: Actor, monitoringVisitId: string): Promise<boolean> {
  try {
    await assertReadsMonitoringVisit(db, actor, monitoringVisitId);
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

/**
 * POST /MonitoringVisits/{id}/GenerateReport (docs/monitoring-visits.md "Report"): the visit's readers ask
 * for what was reviewed on it, as a PDF (default) or an XLSX workbook. The document (type MonitorReport,
 * status Started), its job and the audit record are written in one transaction; the client polls
 * GET /Documents/{id} every 2 s.
 */
export async function generateMonitoringReport(
  deps: Deps,
  monitoringVisitId: string,
  input: MonitoringVisitReportGenerate | undefined,
  caller: ActorCaller,
): Promise<DocumentStatusReply> {
  const visit = await assertReadsMonitoringVisit(deps.db, caller.actor, monitoringVisitId);
  const format = input?.format ?? 'pdf';
  return startGeneration(deps, caller, {
    researchId: visit.researchId,
    monitoringVisitId: visit.id,
    type: 'MonitorReport',
    kind: 'monitoring_report',
    file: FILES[format],
    name: monitoringReportName(
      caller.lang,
      { startDate: visit.startDate.toISOString(), endDate: visit.endDate.toISOString() },
      caller.timeZone,
    ),
    params: {
      monitoringVisitId: visit.id,
      format,
      noteTypes: [...noteTypesSeenBy(caller.actor)],
      timeZone: caller.timeZone,
    },
    centreId: null,
  });
}
