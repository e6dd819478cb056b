import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import { isAdministratorRole, isWithinWorkDay } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { monitoringVisits } from '../../platform/db/schema/index.js';
import type { Actor } from '../../platform/http/actor.js';
import { forbidden } from '../../platform/http/errors.js';
import { monitoringVisitIdsCovering } from './monitoring-visits.repo.js';

/** Work hours are stored and compared in UTC: the research has no time zone of its own yet. */
export const WORK_DAY_TIME_ZONE = 'UTC';

const hhmm = (time: string) => time.slice(0, 5);

/**
 * The spec's visit-time rule (operations section 5): while a confirmed monitoring visit covering this
 * subject visit is in progress, writes on the subject visit page are refused outside its daily work hours
 * (403 `monitoring_work_day_window`, 'Визит доступен для работы с {start} до {end}.') for every caller but
 * user roles Admin and Editor. Being inside the hours of any one covering visit is enough.
 */
export async function assertWithinMonitoringWorkDay(
  db: Db,
  actor: Actor,
  /** The subject visit's context, as the data-entry services hold it already. */
  ctx: { subject: { researchId: string; researchOrganisationId: string }; visit: { id: string } },
  now: Date = new Date(),
): Promise<void> {
  if (isAdministratorRole(actor.userRole)) return;
  const sv = { id: ctx.visit.id, researchId: ctx.subject.researchId, centreId: ctx.subject.researchOrganisationId };
  const ids = await monitoringVisitIdsCovering(db, sv, null);
  if (ids.length === 0) return;
  const running = await db
    .select({ start: monitoringVisits.workDayStart, end: monitoringVisits.workDayEnd })
    .from(monitoringVisits)
    .where(
      and(
        inArray(monitoringVisits.id, ids),
        eq(monitoringVisits.confirmed, true),
        lte(monitoringVisits.startDate, now),
        gt(monitoringVisits.endDate, now),
      ),
    );
  if (running.length === 0) return;
  const windows = running.map((r) => ({ workDayStart: r.start, workDayEnd: r.end }));
  if (windows.some((w) => isWithinWorkDay(w, now, WORK_DAY_TIME_ZONE))) return;
  const first = windows[0]!;
  throw forbidden('monitoring_work_day_window', 'subjectVisitId', {
    start: hhmm(first.workDayStart),
    end: hhmm(first.workDayEnd),
  });
}
