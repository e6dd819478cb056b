import { resolveAlongChain } from './chain.js';
import { formatDuration, parseDuration } from './durations.js';
import type { PointDeviation } from './windows.js';

/**
 * The staffing forecast of a visit (docs/time-points.md "Forecast"): each time point is an activity of its
 * `duration` (the staff's time with one subject: a blood draw, a dose) due at its offset from the visit's
 * start point (the deviations' `deviation`, along the chain of start points; a point no deviation places is
 * due at the start). Subjects start one after another, `interval` apart; the forecast gives the time one
 * subject takes (from its first activity's start to its last one's end), the time all take, the most
 * activities under way at one moment (the staff needed), and one subject's day as a list of intervals:
 * activities and the waits between them.
 */

export interface ForecastPoint {
  id: string;
  formFieldId: string;
  /** hh:mm:ss: how long the activity takes. */
  duration: string;
  isVisitStartPoint: boolean;
  deviations: readonly PointDeviation[];
}

export interface ForecastInterval {
  /** The point's id for an activity, `wait-N` for a wait. */
  id: string;
  duration: string;
  isTimePoint: boolean;
  formFieldId: string | null;
  /** hh:mm:ss from the first activity's start. */
  start: string;
}

export interface Forecast {
  supposedTimeForOneSubject: string;
  supposedTimeForAllSubjects: string;
  supposedEmployeesCount: number;
  timeIntervalsList: ForecastInterval[];
}

/** Each point's offset in seconds from the visit's start point (0 for points nothing places, and in a cycle). */
export function pointOffsets(points: readonly ForecastPoint[]): Map<string, number> {
  const byId = new Map(points.map((p) => [p.id, p]));
  const resolved = resolveAlongChain<number>(
    points.map((p) => p.id),
    (id) => byId.get(id)!.deviations.map((d) => d.startTimePointId),
    (id, offsetOf) => {
      const p = byId.get(id)!;
      if (p.isVisitStartPoint) return 0;
      for (const d of p.deviations) {
        const after = parseDuration(d.deviation);
        const base = byId.has(d.startTimePointId) ? offsetOf(d.startTimePointId) : null;
        if (after !== null && base !== null) return base + after;
      }
      return null;
    },
  );
  return new Map(points.map((p) => [p.id, resolved.get(p.id) ?? 0]));
}

/** An activity occupies its staff member for at least a second, so activities due at one moment all count. */
const busy = (seconds: number) => Math.max(seconds, 1);

export function forecast(points: readonly ForecastPoint[], subjectsCount: number, intervalSeconds: number): Forecast {
  const offsets = pointOffsets(points);
  const activities = points
    .map((p) => ({ p, start: offsets.get(p.id)!, length: parseDuration(p.duration) ?? 0 }))
    .sort((a, b) => a.start - b.start || a.p.id.localeCompare(b.p.id));
  if (!activities.length || subjectsCount < 1) {
    return {
      supposedTimeForOneSubject: formatDuration(0),
      supposedTimeForAllSubjects: formatDuration(0),
      supposedEmployeesCount: 0,
      timeIntervalsList: [],
    };
  }
  const first = activities[0]!.start;
  const last = Math.max(...activities.map((a) => a.start + a.length));
  const one = last - first;

  const intervals: ForecastInterval[] = [];
  let reached = first;
  let waits = 0;
  for (const a of activities) {
    if (a.start > reached) {
      intervals.push({
        id: `wait-${++waits}`,
        duration: formatDuration(a.start - reached),
        isTimePoint: false,
        formFieldId: null,
        start: formatDuration(reached - first),
      });
    }
    intervals.push({
      id: a.p.id,
      duration: a.p.duration,
      isTimePoint: true,
      formFieldId: a.p.formFieldId,
      start: formatDuration(a.start - first),
    });
    reached = Math.max(reached, a.start + a.length);
  }

  // The most activities under way at once, over every subject: a sweep over their starts and ends (an end
  // frees its staff member before a start at the same second takes one).
  const events: [number, number][] = [];
  for (let k = 0; k < subjectsCount; k++) {
    for (const a of activities) {
      const at = k * intervalSeconds + a.start;
      events.push([at, 1], [at + busy(a.length), -1]);
    }
  }
  events.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let now = 0;
  let most = 0;
  for (const [, delta] of events) {
    now += delta;
    if (now > most) most = now;
  }

  return {
    supposedTimeForOneSubject: formatDuration(one),
    supposedTimeForAllSubjects: formatDuration((subjectsCount - 1) * intervalSeconds + one),
    supposedEmployeesCount: most,
    timeIntervalsList: intervals,
  };
}
