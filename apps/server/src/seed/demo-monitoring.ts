import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { monitoringVisitCreate } from '@edc/domain';
import type { Deps } from '../platform/deps.js';
import { employees, subjects, subjectVisits, users, visits } from '../platform/db/schema/index.js';
import type { ActorCaller } from '../platform/http/caller.js';
import { confirmMonitoringVisit, createMonitoringVisit } from '../modules/monitoring-visits/monitoring-visits.service.js';

/** The subjects of site 01 whose visits the demo monitoring visit covers. */
export const DEMO_MONITORED_SUBJECTS = ['S-001', 'S-002'];

/**
 * One confirmed monitoring visit of DEMO-001, planned by its administrator: the demo monitor
 * (kio@demo.test) reviews the visits of S-001 and S-002 at site 01, from yesterday for two weeks. Its work
 * hours span the whole day (00:00:00–23:59:59): the work-day window (work-day-window.ts) would otherwise
 * refuse the demo's site users their writes on those visits at night.
 */
export async function seedDemoMonitoring(deps: Deps, admin: ActorCaller, kioCentreId: string): Promise<void> {
  const { db } = deps;
  const [monitor] = await db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(and(eq(users.email, 'kio@demo.test'), eq(employees.researchOrganisationId, kioCentreId), isNull(employees.deletedAt)))
    .limit(1);
  if (!monitor) throw new Error('the demo monitor is missing');
  const chosen = await db
    .select({ id: subjectVisits.id })
    .from(subjectVisits)
    .innerJoin(subjects, eq(subjects.id, subjectVisits.subjectId))
    .innerJoin(visits, eq(visits.id, subjectVisits.visitId))
    .where(
      and(
        eq(subjects.researchId, admin.actor.employee!.researchId),
        inArray(subjects.screeningNumber, DEMO_MONITORED_SUBJECTS),
        isNull(subjects.deletedAt),
        isNull(subjectVisits.deletedAt),
      ),
    )
    .orderBy(asc(subjects.screeningNumber), asc(visits.index));
  const hour = 3_600_000;
  const thisHour = Math.floor(Date.now() / hour) * hour;
  const created = await createMonitoringVisit(
    deps,
    monitoringVisitCreate.parse({
      startDate: new Date(thisHour - 24 * hour).toISOString(),
      endDate: new Date(thisHour + 14 * 24 * hour).toISOString(),
      researchOrganisationId: kioCentreId,
      monitorList: [monitor.id],
      workDayStart: '00:00:00',
      workDayEnd: '23:59:59',
      subjectVisitIdList: chosen.map((c) => c.id),
    }),
    admin,
  );
  await confirmMonitoringVisit(deps, created.id, admin);
}
