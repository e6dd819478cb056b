import { and, asc, count, desc, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { monitoringTimeState, personFullName, type MonitoringVisit, type MonitoringVisitBrief } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import {
  employees,
  monitoringVisitMonitors,
  monitoringVisits,
  monitoringVisitSubjectVisits,
  organisations,
  researchOrganisations,
  subjects,
  subjectVisits,
  users,
} from '../../platform/db/schema/index.js';
import { offsetOf, type PageQuery } from '../../platform/http/paging.js';

export type MonitoringVisitRow = typeof monitoringVisits.$inferSelect;

const live = isNull(monitoringVisits.deletedAt);

/** A live monitoring visit as stored; `lock` takes its row for the rest of the transaction. */
export async function findMonitoringVisit(db: Db, id: string, opts: { lock?: boolean } = {}) {
  const q = db
    .select()
    .from(monitoringVisits)
    .where(and(eq(monitoringVisits.id, id), live))
    .limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row;
}

/** Whether an employee is on the visit's team. */
export const onTeam = (employeeId: string) =>
  exists(
    sql`(select 1 from ${monitoringVisitMonitors} where ${monitoringVisitMonitors.monitoringVisitId} = ${monitoringVisits.id} and ${monitoringVisitMonitors.employeeId} = ${employeeId})`,
  );

/** One page of a research's monitoring visits (newest start first) and how many there are in all. */
export async function pageOfMonitoringVisits(
  db: Db,
  filter: { researchId: string; teamEmployeeId: string | null; confirmed?: boolean },
  page: PageQuery,
): Promise<{ ids: string[]; total: number }> {
  const where = and(
    live,
    eq(monitoringVisits.researchId, filter.researchId),
    filter.teamEmployeeId ? onTeam(filter.teamEmployeeId) : undefined,
    filter.confirmed === undefined ? undefined : eq(monitoringVisits.confirmed, filter.confirmed),
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ id: monitoringVisits.id })
      .from(monitoringVisits)
      .where(where)
      .orderBy(desc(monitoringVisits.startDate), desc(monitoringVisits.id))
      .limit(page.pageSize)
      .offset(offsetOf(page)),
    db.select({ n: count() }).from(monitoringVisits).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: totalRow?.n ?? 0 };
}

/**
 * The monitoring visits where a subject visit is available: chosen for it, or covering its subject's
 * site; only those with `teamEmployeeId` on the team when given. Newest start first.
 */
export async function monitoringVisitIdsCovering(
  db: Db,
  subjectVisit: { id: string; researchId: string; centreId: string },
  teamEmployeeId: string | null,
): Promise<string[]> {
  const chosen = exists(
    sql`(select 1 from ${monitoringVisitSubjectVisits} where ${monitoringVisitSubjectVisits.monitoringVisitId} = ${monitoringVisits.id} and ${monitoringVisitSubjectVisits.subjectVisitId} = ${subjectVisit.id})`,
  );
  const rows = await db
    .select({ id: monitoringVisits.id })
    .from(monitoringVisits)
    .where(
      and(
        live,
        eq(monitoringVisits.researchId, subjectVisit.researchId),
        or(eq(monitoringVisits.siteId, subjectVisit.centreId), chosen),
        teamEmployeeId ? onTeam(teamEmployeeId) : undefined,
      ),
    )
    .orderBy(desc(monitoringVisits.startDate), desc(monitoringVisits.id));
  return rows.map((r) => r.id);
}

const kioCentre = alias(researchOrganisations, 'kio_centre');
const kioOrganisation = alias(organisations, 'kio_organisation');
const siteCentre = alias(researchOrganisations, 'site_centre');
const siteOrganisation = alias(organisations, 'site_organisation');

/** Monitoring visits in the API's shape, in the order of `ids`; `now` decides their time state. */
export async function loadMonitoringVisits(db: Db, ids: string[], now = new Date()): Promise<MonitoringVisit[]> {
  if (ids.length === 0) return [];
  const [rows, monitors, chosen] = await Promise.all([
    db
      .select({
        mv: monitoringVisits,
        kio: { id: kioCentre.id, number: kioCentre.number, organisationId: kioCentre.organisationId },
        kioOrg: { name: kioOrganisation.name, shortName: kioOrganisation.shortName },
        site: { id: siteCentre.id, number: siteCentre.number, organisationId: siteCentre.organisationId },
        siteOrg: { name: siteOrganisation.name, shortName: siteOrganisation.shortName },
      })
      .from(monitoringVisits)
      .innerJoin(kioCentre, eq(kioCentre.id, monitoringVisits.researchOrganisationId))
      .innerJoin(kioOrganisation, eq(kioOrganisation.id, kioCentre.organisationId))
      .leftJoin(siteCentre, eq(siteCentre.id, monitoringVisits.siteId))
      .leftJoin(siteOrganisation, eq(siteOrganisation.id, siteCentre.organisationId))
      .where(inArray(monitoringVisits.id, ids)),
    db
      .select({
        monitoringVisitId: monitoringVisitMonitors.monitoringVisitId,
        id: employees.id,
        userId: users.id,
        employeeType: employees.employeeType,
        lastName: users.lastName,
        firstName: users.firstName,
        patronymic: users.patronymic,
      })
      .from(monitoringVisitMonitors)
      .innerJoin(employees, eq(employees.id, monitoringVisitMonitors.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .where(inArray(monitoringVisitMonitors.monitoringVisitId, ids))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(employees.id)),
    db
      .select({
        monitoringVisitId: monitoringVisitSubjectVisits.monitoringVisitId,
        subjectVisitId: monitoringVisitSubjectVisits.subjectVisitId,
      })
      .from(monitoringVisitSubjectVisits)
      .where(inArray(monitoringVisitSubjectVisits.monitoringVisitId, ids))
      .orderBy(asc(monitoringVisitSubjectVisits.subjectVisitId)),
  ]);
  const byId = new Map(rows.map((r) => [r.mv.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    const { mv } = r;
    return [
      {
        id: mv.id,
        researchId: mv.researchId,
        startDate: mv.startDate.toISOString(),
        endDate: mv.endDate.toISOString(),
        workDayStart: mv.workDayStart,
        workDayEnd: mv.workDayEnd,
        confirmed: mv.confirmed,
        timeState: monitoringTimeState(mv, now),
        researchOrganisation: { ...r.kio, ...r.kioOrg },
        monitorList: monitors
          .filter((m) => m.monitoringVisitId === id)
          .map((m) => ({ id: m.id, userId: m.userId, employeeType: m.employeeType, fullName: personFullName(m) })),
        siteId: mv.siteId,
        site: r.site && r.siteOrg ? { ...r.site, ...r.siteOrg } : null,
        subjectVisitIdList: chosen.filter((c) => c.monitoringVisitId === id).map((c) => c.subjectVisitId),
        version: mv.version,
        createdAt: mv.createdAt.toISOString(),
        updatedAt: mv.updatedAt.toISOString(),
      },
    ];
  });
}

/** The brief shape (without the chosen visits of other subjects) for a subject visit's tab. */
export const toBrief = (v: MonitoringVisit): MonitoringVisitBrief => {
  const { subjectVisitIdList: _list, version: _version, createdAt: _c, updatedAt: _u, ...brief } = v;
  return brief;
};

/** Live employees of a centre among `ids` with open access. */
export async function employeesOfCentre(db: Db, centreId: string, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        inArray(employees.id, ids),
        eq(employees.researchOrganisationId, centreId),
        eq(employees.hasAccess, true),
        isNull(employees.deletedAt),
      ),
    );
  return rows.map((r) => r.id);
}

/** Live subject visits among `ids` (of live subjects) with their research. */
export async function subjectVisitsWithResearch(db: Db, ids: string[]) {
  return db
    .select({ id: subjectVisits.id, researchId: subjects.researchId })
    .from(subjectVisits)
    .innerJoin(subjects, eq(subjects.id, subjectVisits.subjectId))
    .where(and(inArray(subjectVisits.id, ids), isNull(subjectVisits.deletedAt), isNull(subjects.deletedAt)));
}

/** Replaces the team and the chosen visits of a monitoring visit. */
export async function saveLinks(db: Db, id: string, monitorList: string[], subjectVisitIdList: string[], replace: boolean) {
  if (replace) {
    await db.delete(monitoringVisitMonitors).where(eq(monitoringVisitMonitors.monitoringVisitId, id));
    await db.delete(monitoringVisitSubjectVisits).where(eq(monitoringVisitSubjectVisits.monitoringVisitId, id));
  }
  if (monitorList.length > 0) {
    await db.insert(monitoringVisitMonitors).values(monitorList.map((employeeId) => ({ monitoringVisitId: id, employeeId })));
  }
  // Large choices go in batches so a statement stays well under the parameter limit.
  for (let i = 0; i < subjectVisitIdList.length; i += 1000) {
    await db
      .insert(monitoringVisitSubjectVisits)
      .values(subjectVisitIdList.slice(i, i + 1000).map((subjectVisitId) => ({ monitoringVisitId: id, subjectVisitId })));
  }
}

export type LinkedIds = { monitorList: string[]; subjectVisitIdList: string[] };

/** The stored team and chosen visits of one monitoring visit, sorted. */
export async function linksOf(db: Db, id: string): Promise<LinkedIds> {
  const [m, s] = await Promise.all([
    db
      .select({ id: monitoringVisitMonitors.employeeId })
      .from(monitoringVisitMonitors)
      .where(eq(monitoringVisitMonitors.monitoringVisitId, id)),
    db
      .select({ id: monitoringVisitSubjectVisits.subjectVisitId })
      .from(monitoringVisitSubjectVisits)
      .where(eq(monitoringVisitSubjectVisits.monitoringVisitId, id)),
  ]);
  return { monitorList: m.map((r) => r.id).sort(), subjectVisitIdList: s.map((r) => r.id).sort() };
}
