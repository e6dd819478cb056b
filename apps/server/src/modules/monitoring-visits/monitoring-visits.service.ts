import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  isAdministratorRole,
  isMonitoringVisitEnded,
  validateMonitoringVisitPlan,
  type MonitoringVisit,
  type MonitoringVisitBrief,
  type NormalisedMonitoringVisitPlan,
  type monitoringVisitCreate,
  type monitoringVisitsQuery,
  type monitoringVisitUpdate,
} from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import { monitoringVisits } from '../../platform/db/schema/index.js';
import { writeAudit } from '../../platform/audit/audit.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { pageOf } from '../../platform/http/paging.js';
import { findCentre } from '../centres/centres.queries.js';
import { findResearch } from '../researches/researches.queries.js';
import { assertSeesSubject } from '../subjects/subjects.policy.js';
import { findSubject } from '../subjects/subjects.repo.js';
import { findSubjectVisit } from '../subjects/subject-visits.repo.js';
import {
  assertHasMonitoringView,
  assertMayManageSomewhere,
  assertSeesMonitoringVisit,
  mayManageIn,
  subjectTabTeamFilter,
  teamFilterOf,
} from './monitoring-visits.policy.js';
import {
  employeesOfCentre,
  findMonitoringVisit,
  linksOf,
  loadMonitoringVisits,
  monitoringVisitIdsCovering,
  pageOfMonitoringVisits,
  saveLinks,
  subjectVisitsWithResearch,
  toBrief,
  type MonitoringVisitRow,
} from './monitoring-visits.repo.js';

type Plan = z.infer<typeof monitoringVisitCreate>;

async function oneVisit(db: Db, id: string): Promise<MonitoringVisit> {
  const [v] = await loadMonitoringVisits(db, [id]);
  if (!v) throw notFound('id');
  return v;
}

async function isOnTeam(db: Db, visitId: string, employeeId: string | undefined): Promise<boolean> {
  if (!employeeId) return false;
  const { monitorList } = await linksOf(db, visitId);
  return monitorList.includes(employeeId);
}

/** GET /MonitoringVisits: one page of the caller's research; a monitor's page holds only their teams. */
export async function listMonitoringVisits(deps: Deps, q: z.infer<typeof monitoringVisitsQuery>, caller: ActorCaller) {
  const { actor } = caller;
  assertHasMonitoringView(actor);
  const own = actor.employee?.researchId;
  const researchId = q.researchId ?? own;
  if (!researchId) throw badRequest('research_required', 'researchId');
  if (researchId !== own) {
    if (!isAdministratorRole(actor.userRole)) throw forbidden('no_research_access', 'researchId');
    if (!(await findResearch(deps.db, researchId))) throw notFound('researchId');
  }
  const team = teamFilterOf(actor, researchId);
  if (team === undefined) throw forbidden();
  const page = { page: q.Page ?? q.page ?? 1, pageSize: q.PageSize ?? q.pageSize ?? DEFAULT_PAGE_SIZE };
  const { ids, total } = await pageOfMonitoringVisits(
    deps.db,
    { researchId, teamEmployeeId: team, confirmed: q.confirmed },
    page,
  );
  return pageOf(await loadMonitoringVisits(deps.db, ids), total, page);
}

/** GET /MonitoringVisits/{id}. */
export async function getMonitoringVisit(deps: Deps, id: string, caller: ActorCaller): Promise<MonitoringVisit> {
  const { actor } = caller;
  assertHasMonitoringView(actor);
  const row = await findMonitoringVisit(deps.db, id);
  assertSeesMonitoringVisit(actor, row, await isOnTeam(deps.db, id, actor.employee?.id));
  return oneVisit(deps.db, id);
}

/** GET /SubjectsVisit/{id}/MonitoringVisits: where the subject visit is available (chosen, or its site covered). */
export async function monitoringVisitsOfSubjectVisit(
  deps: Deps,
  subjectVisitId: string,
  caller: ActorCaller,
): Promise<MonitoringVisitBrief[]> {
  const { actor } = caller;
  const sv = await findSubjectVisit(deps.db, subjectVisitId);
  const subject = sv ? await findSubject(deps.db, sv.subjectId) : undefined;
  assertSeesSubject(actor, subject, 'id');
  const ids = await monitoringVisitIdsCovering(
    deps.db,
    { id: sv!.id, researchId: subject!.researchId, centreId: subject!.researchOrganisationId },
    subjectTabTeamFilter(actor),
  );
  return (await loadMonitoringVisits(deps.db, ids)).map(toBrief);
}

/** Each refusal names its field (400); the first one is answered. */
function validPlan(plan: Plan): NormalisedMonitoringVisitPlan {
  const r = validateMonitoringVisitPlan(plan);
  if (r.ok) return r.value;
  const [first] = r.issues;
  throw badRequest(first!.code, first!.path, { field: first!.path });
}

/**
 * The references of a plan, checked in the research: the monitoring (KIO) centre, its employees, the site
 * and the chosen subject visits. Returns the research. `researchId` pins it (editing keeps the research).
 */
async function checkReferences(db: Db, caller: ActorCaller, plan: NormalisedMonitoringVisitPlan, researchId?: string) {
  const centre = await findCentre(db, plan.researchOrganisationId);
  if (!centre) throw badRequest('unknown_reference', 'researchOrganisationId', { field: 'researchOrganisationId' });
  if ((researchId && centre.researchId !== researchId) || !mayManageIn(caller.actor, centre.researchId)) {
    throw badRequest('foreign_research', 'researchOrganisationId', { field: 'researchOrganisationId' });
  }
  if (centre.organisationType !== 'Kio') throw badRequest('monitoring_organisation_not_kio', 'researchOrganisationId');
  const monitors = await employeesOfCentre(db, centre.id, plan.monitorList);
  if (monitors.length !== plan.monitorList.length) throw badRequest('monitoring_monitor_not_in_centre', 'monitorList');
  if (plan.siteId) {
    const site = await findCentre(db, plan.siteId);
    if (
      !site ||
      site.researchId !== centre.researchId ||
      (site.organisationType !== 'Site' && site.organisationType !== 'TestSite')
    ) {
      throw badRequest('monitoring_site_not_site', 'siteId');
    }
  }
  if (plan.subjectVisitIdList.length > 0) {
    const found = await subjectVisitsWithResearch(db, plan.subjectVisitIdList);
    if (found.length !== plan.subjectVisitIdList.length) {
      throw badRequest('unknown_reference', 'subjectVisitIdList', { field: 'subjectVisitIdList' });
    }
    if (found.some((f) => f.researchId !== centre.researchId)) {
      throw badRequest('foreign_research', 'subjectVisitIdList', { field: 'subjectVisitIdList' });
    }
  }
  return centre.researchId;
}

const audited = (r: MonitoringVisitRow, links: { monitorList: string[]; subjectVisitIdList: string[] }) => ({
  id: r.id,
  researchId: r.researchId,
  researchOrganisationId: r.researchOrganisationId,
  siteId: r.siteId,
  startDate: r.startDate.toISOString(),
  endDate: r.endDate.toISOString(),
  workDayStart: r.workDayStart,
  workDayEnd: r.workDayEnd,
  confirmed: r.confirmed,
  version: r.version,
  monitorList: [...links.monitorList].sort(),
  subjectVisitIdList: [...links.subjectVisitIdList].sort(),
});

/** POST /MonitoringVisits: a new, unconfirmed visit. */
/** The columns of monitoring_visits a plan sets (the rest is links: monitors and chosen visits). */
const plannedColumns = (plan: NormalisedMonitoringVisitPlan) => ({
  researchOrganisationId: plan.researchOrganisationId,
  siteId: plan.siteId,
  startDate: plan.startDate,
  endDate: plan.endDate,
  workDayStart: plan.workDayStart,
  workDayEnd: plan.workDayEnd,
});

export async function createMonitoringVisit(deps: Deps, input: Plan, caller: ActorCaller): Promise<MonitoringVisit> {
  assertMayManageSomewhere(caller.actor);
  const plan = validPlan(input);
  const id = await deps.db.transaction(async (tx) => {
    const researchId = await checkReferences(tx, caller, plan);
    const [row] = await tx
      .insert(monitoringVisits)
      .values({ researchId, ...plannedColumns(plan), createdBy: caller.actor.userId })
      .returning();
    await saveLinks(tx, row!.id, plan.monitorList, plan.subjectVisitIdList, false);
    await writeAudit(tx, caller.audit, {
      action: 'monitoring_visit.create',
      entityType: 'monitoring_visit',
      entityId: row!.id,
      researchId,
      after: audited(row!, plan),
    });
    return row!.id;
  });
  return oneVisit(deps.db, id);
}

/**
 * A visit the caller is about to change, locked: 404 when unknown or unseen, 403 for a monitor (who sees it
 * but does not plan), 409 once it has ended.
 */
async function visitToChange(tx: Db, id: string, caller: ActorCaller): Promise<MonitoringVisitRow> {
  const { actor } = caller;
  assertHasMonitoringView(actor);
  const row = await findMonitoringVisit(tx, id, { lock: true });
  assertSeesMonitoringVisit(actor, row, await isOnTeam(tx, id, actor.employee?.id));
  if (!mayManageIn(actor, row!.researchId)) throw forbidden();
  if (isMonitoringVisitEnded(row!)) throw conflict('monitoring_visit_ended', 'endDate');
  return row!;
}

/** PUT /MonitoringVisits/{id}/: the whole plan again, while the visit has not ended. */
export async function updateMonitoringVisit(
  deps: Deps,
  id: string,
  input: z.infer<typeof monitoringVisitUpdate>,
  caller: ActorCaller,
): Promise<MonitoringVisit> {
  await deps.db.transaction(async (tx) => {
    const before = await visitToChange(tx, id, caller);
    if (input.version !== undefined && input.version !== before.version) throw conflict('conflict', 'version');
    const plan = validPlan(input);
    await checkReferences(tx, caller, plan, before.researchId);
    const beforeLinks = await linksOf(tx, id);
    const planned = plannedColumns(plan);
    const beforeAudit = audited(before, beforeLinks);
    // A save that changes nothing keeps the version and writes no audit record.
    if (JSON.stringify(audited({ ...before, ...planned }, plan)) === JSON.stringify(beforeAudit)) return;
    const [after] = await tx
      .update(monitoringVisits)
      .set({ ...planned, version: sql`${monitoringVisits.version} + 1`, updatedAt: new Date() })
      .where(eq(monitoringVisits.id, id))
      .returning();
    await saveLinks(tx, id, plan.monitorList, plan.subjectVisitIdList, true);
    await writeAudit(tx, caller.audit, {
      action: 'monitoring_visit.update',
      entityType: 'monitoring_visit',
      entityId: id,
      researchId: before.researchId,
      before: beforeAudit,
      after: audited(after!, plan),
    });
  });
  return oneVisit(deps.db, id);
}

/** POST /MonitoringVisits/{id}/Confirm: unconfirmed → confirmed (confirming again changes nothing). */
export async function confirmMonitoringVisit(deps: Deps, id: string, caller: ActorCaller): Promise<MonitoringVisit> {
  await deps.db.transaction(async (tx) => {
    const before = await visitToChange(tx, id, caller);
    if (before.confirmed) return;
    const links = await linksOf(tx, id);
    const [after] = await tx
      .update(monitoringVisits)
      .set({ confirmed: true, version: sql`${monitoringVisits.version} + 1`, updatedAt: new Date() })
      .where(eq(monitoringVisits.id, id))
      .returning();
    await writeAudit(tx, caller.audit, {
      action: 'monitoring_visit.confirm',
      entityType: 'monitoring_visit',
      entityId: id,
      researchId: before.researchId,
      before: audited(before, links),
      after: audited(after!, links),
    });
  });
  return oneVisit(deps.db, id);
}

/** DELETE /MonitoringVisits/{id}: soft delete, while the visit has not ended (an ended one is history). */
export async function deleteMonitoringVisit(deps: Deps, id: string, caller: ActorCaller): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await visitToChange(tx, id, caller);
    const links = await linksOf(tx, id);
    await tx.update(monitoringVisits).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(monitoringVisits.id, id));
    await writeAudit(tx, caller.audit, {
      action: 'monitoring_visit.delete',
      entityType: 'monitoring_visit',
      entityId: id,
      researchId: before.researchId,
      before: audited(before, links),
    });
  });
}
