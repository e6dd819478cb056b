/**
 * Pure rules of monitoring visits (spec operations sections 2, 4 and 5; docs/monitoring-visits.md): the
 * time state from now, the default work hours, the work-day window and the validation of a visit's plan.
 */

/** Not started yet, in progress, or ended (spec section 4, "Monitoring visit"). */
export const MONITORING_TIME_STATES = ['notStarted', 'inProgress', 'finished'] as const;
export type MonitoringTimeState = (typeof MONITORING_TIME_STATES)[number];

/** Default work hours of a new monitoring visit (spec companion document, section 9). */
export const DEFAULT_WORK_DAY_START = '08:00:00';
export const DEFAULT_WORK_DAY_END = '21:00:00';

const toMs = (d: Date | string) => (typeof d === 'string' ? Date.parse(d) : d.getTime());

/** Where a visit from `startDate` to `endDate` stands at `now`: the start is inclusive, the end exclusive. */
export function monitoringTimeState(
  visit: { startDate: Date | string; endDate: Date | string },
  now: Date = new Date(),
): MonitoringTimeState {
  const t = now.getTime();
  if (t < toMs(visit.startDate)) return 'notStarted';
  if (t >= toMs(visit.endDate)) return 'finished';
  return 'inProgress';
}

/** Editing (and deleting) is refused once the visit has ended. */
export const isMonitoringVisitEnded = (visit: { endDate: Date | string }, now: Date = new Date()) =>
  now.getTime() >= toMs(visit.endDate);

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A time of day as HH:mm:ss (HH:mm is accepted and given seconds); null when it is not a time. */
export function normaliseWorkTime(value: string): string | null {
  const m = TIME.exec(value.trim());
  if (!m) return null;
  return `${m[1]}:${m[2]}:${m[3] ?? '00'}`;
}

/** Seconds since midnight of a HH:mm:ss time. */
const secondsOf = (time: string) => {
  const [h, m, s] = time.split(':').map(Number);
  return h! * 3600 + m! * 60 + (s ?? 0);
};

/** The time of day of `now` in an IANA time zone, as HH:mm:ss. */
export function timeOfDayIn(now: Date, timeZone = 'UTC'): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('hour')}:${get('minute')}:${get('second')}`;
}

/**
 * Whether `now` falls in the daily work window (from inclusive, to exclusive) in the given time zone. The
 * spec's visit-time rule blocks work outside it for users other than user roles Admin and Editor.
 */
export function isWithinWorkDay(
  window: { workDayStart: string; workDayEnd: string },
  now: Date = new Date(),
  timeZone = 'UTC',
): boolean {
  const t = secondsOf(timeOfDayIn(now, timeZone));
  return t >= secondsOf(window.workDayStart) && t < secondsOf(window.workDayEnd);
}

/** The codes of the validation messages (messages.ts). */
export type MonitoringVisitIssueCode =
  | 'required'
  | 'monitoring_end_before_start'
  | 'monitoring_monitors_required'
  | 'monitoring_time_invalid'
  | 'monitoring_work_hours_order'
  | 'monitoring_visits_required'
  | 'monitoring_visits_or_site'
  | 'monitoring_date_invalid';

export interface MonitoringVisitIssue {
  code: MonitoringVisitIssueCode;
  /** The payload field the message belongs to. */
  path: string;
}

/** A plan as the client sends it (before the server has looked anything up). */
export interface MonitoringVisitPlan {
  startDate?: string | null;
  endDate?: string | null;
  researchOrganisationId?: string | null;
  monitorList?: readonly string[] | null;
  /** Absent: the default 08:00:00; null or empty: refused as missing. */
  workDayStart?: string | null;
  workDayEnd?: string | null;
  subjectVisitIdList?: readonly string[] | null;
  siteId?: string | null;
}

/** The plan with its defaults applied and its times normalised. */
export interface NormalisedMonitoringVisitPlan {
  startDate: Date;
  endDate: Date;
  researchOrganisationId: string;
  monitorList: string[];
  workDayStart: string;
  workDayEnd: string;
  subjectVisitIdList: string[];
  siteId: string | null;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date-time of the API: ISO 8601 with an offset, or without one (the spec's YYYY-MM-DDThh:mm:ss.SSSSSS),
 * which is read as UTC. Fractions beyond milliseconds are dropped. Null when it is not a real date-time.
 */
export function parseMonitoringDateTime(value: string): Date | null {
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, date, hm, sec = '00', frac = '', zone = 'Z'] = m;
  const offset = zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const iso = `${date}T${hm}:${sec}.${(frac + '000').slice(0, 3)}${offset}`;
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  // Reject dates the calendar does not have (Date.parse rolls 2026-02-30 over to March).
  const local = new Date(ms + (zone === 'Z' ? 0 : offsetMinutes(offset) * 60_000));
  if (local.toISOString().slice(0, 10) !== date) return null;
  return new Date(ms);
}

const offsetMinutes = (offset: string) => {
  const sign = offset.startsWith('-') ? -1 : 1;
  const [h, m] = offset.slice(1).split(':').map(Number);
  return sign * (h! * 60 + m!);
};

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';
const unique = (list: readonly string[] | null | undefined) => [...new Set(list ?? [])];

/**
 * The spec's validation of a monitoring visit (operations section 5), in the order the form shows it:
 * start and end required and valid, end after start ('Дата окончания должна быть после даты начала'),
 * organisation required, at least one employee, work hours from and to required (HH:mm:ss) with from
 * before to, and visits chosen ('Выберите визиты') or a site — not both. Every issue is returned.
 */
export function validateMonitoringVisitPlan(
  plan: MonitoringVisitPlan,
): { ok: true; value: NormalisedMonitoringVisitPlan } | { ok: false; issues: MonitoringVisitIssue[] } {
  const issues: MonitoringVisitIssue[] = [];
  const dateOf = (path: 'startDate' | 'endDate') => {
    const v = plan[path];
    if (blank(v)) {
      issues.push({ code: 'required', path });
      return null;
    }
    const d = parseMonitoringDateTime(v!);
    if (!d) issues.push({ code: 'monitoring_date_invalid', path });
    return d;
  };
  const start = dateOf('startDate');
  const end = dateOf('endDate');
  if (start && end && end.getTime() <= start.getTime()) issues.push({ code: 'monitoring_end_before_start', path: 'endDate' });
  if (blank(plan.researchOrganisationId)) issues.push({ code: 'required', path: 'researchOrganisationId' });
  const monitors = unique(plan.monitorList);
  if (monitors.length === 0) issues.push({ code: 'monitoring_monitors_required', path: 'monitorList' });
  const timeOf = (path: 'workDayStart' | 'workDayEnd', fallback: string) => {
    const v = plan[path];
    if (v === undefined) return fallback;
    if (blank(v)) {
      issues.push({ code: 'required', path });
      return null;
    }
    const t = normaliseWorkTime(v!);
    if (!t) issues.push({ code: 'monitoring_time_invalid', path });
    return t;
  };
  const from = timeOf('workDayStart', DEFAULT_WORK_DAY_START);
  const to = timeOf('workDayEnd', DEFAULT_WORK_DAY_END);
  if (from && to && secondsOf(from) >= secondsOf(to)) issues.push({ code: 'monitoring_work_hours_order', path: 'workDayEnd' });
  const visits = unique(plan.subjectVisitIdList);
  const siteId = blank(plan.siteId) ? null : plan.siteId!;
  if (visits.length === 0 && !siteId) issues.push({ code: 'monitoring_visits_required', path: 'subjectVisitIdList' });
  if (visits.length > 0 && siteId) issues.push({ code: 'monitoring_visits_or_site', path: 'siteId' });
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: {
      startDate: start!,
      endDate: end!,
      researchOrganisationId: plan.researchOrganisationId!,
      monitorList: monitors,
      workDayStart: from!,
      workDayEnd: to!,
      subjectVisitIdList: visits,
      siteId,
    },
  };
}
