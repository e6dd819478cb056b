import { formatDisplayDate } from '../subjects/dates.js';
import { resolveAlongChain } from './chain.js';
import { parseDuration } from './durations.js';

/**
 * The planned windows of a subject's time points (docs/time-points.md): a point's deviation says when it is
 * due after its start point — `deviation` later, allowed `deviationMinus` earlier and `deviationPlus` later.
 * The start point's time is its value once entered, else its own recommended time, so a chain of points
 * (dose → +0:30 → +1:00 after that) plans from the visit's start point on. A point's first deviation whose
 * start point has a time gives its window.
 *
 * Values are those of Time fields (a time of day, `HH:mm[:ss]`) and DateTime fields
 * (`YYYY-MM-DDTHH:mm[:ss]`, the local time the site wrote down). When the start and the point both carry a
 * date, times are compared as they are; when either is only a time of day, as times of day, so a window may
 * run across midnight (22:30–01:30) and one of a day or more admits any time.
 */

export interface PointDeviation {
  startTimePointId: string;
  /** hh:mm:ss, hours may exceed 24. */
  deviation: string;
  deviationPlus: string;
  deviationMinus: string;
}

export interface PlannedPoint {
  id: string;
  isVisitStartPoint: boolean;
  fieldType: 'Time' | 'DateTime';
  deviations: readonly PointDeviation[];
}

/** A point in time: seconds since 1970-01-01T00:00:00 of the written local date-time, or of the day. */
export interface Moment {
  seconds: number;
  dated: boolean;
}

export interface PointTimes {
  /** As the point's field shows them: `YYYY-MM-DDTHH:mm:ss` or `HH:mm:ss`; null when nothing plans it. */
  recommendedTime: string | null;
  planedTimeStart: string | null;
  planedTimeEnd: string | null;
  factTime: string | null;
}

const DAY = 86400;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A stored Time or DateTime value as a moment; null when it is neither. */
export function momentOf(value: string | null | undefined): Moment | null {
  if (!value) return null;
  const t = TIME.exec(value);
  if (t) return { seconds: Number(t[1]) * 3600 + Number(t[2]) * 60 + Number(t[3] ?? 0), dated: false };
  const d = DATE_TIME.exec(value);
  if (!d) return null;
  const ms = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(d[4]), Number(d[5]), Number(d[6] ?? 0));
  return { seconds: ms / 1000, dated: true };
}

const two = (n: number) => String(n).padStart(2, '0');
const mod = (a: number, b: number) => ((a % b) + b) % b;

/** A moment as a field of this type shows it: a date-time when it has a date and the field takes one. */
export function formatMoment(m: Moment, fieldType: 'Time' | 'DateTime'): string {
  if (m.dated && fieldType === 'DateTime') {
    const d = new Date(m.seconds * 1000);
    return (
      `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())}` +
      `T${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`
    );
  }
  const s = mod(Math.round(m.seconds), DAY);
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

export interface Window {
  recommended: Moment;
  start: Moment;
  end: Moment;
}

/**
 * The windows of every point of a visit from the values entered (`facts` by point id). A point without a
 * deviation whose start point has a time (the start point itself above all) has none.
 */
export function pointWindows(points: readonly PlannedPoint[], facts: Readonly<Record<string, string | null | undefined>>) {
  const byId = new Map(points.map((p) => [p.id, p]));
  // A start point with a value plans from that value: nothing is worked out through it.
  const startsOf = (id: string) =>
    byId
      .get(id)!
      .deviations.map((d) => d.startTimePointId)
      .filter((start) => !momentOf(facts[start]));
  return resolveAlongChain<Window>(
    points.map((p) => p.id),
    startsOf,
    (id, windowOf) => {
      for (const d of byId.get(id)!.deviations) {
        // A start point's time: its value, else its recommended time.
        const base = momentOf(facts[d.startTimePointId]) ?? windowOf(d.startTimePointId)?.recommended ?? null;
        const offset = parseDuration(d.deviation);
        const plus = parseDuration(d.deviationPlus);
        const minus = parseDuration(d.deviationMinus);
        if (!base || offset === null || plus === null || minus === null) continue;
        const at = (s: number): Moment => ({ seconds: base.seconds + s, dated: base.dated });
        return { recommended: at(offset), start: at(offset - minus), end: at(offset + plus) };
      }
      return null;
    },
  );
}

/** Whether a value lies in a window (its ends included); see the module's note on times of day. */
export function inWindow(value: Moment, w: Window): boolean {
  if (value.dated && w.start.dated) return value.seconds >= w.start.seconds && value.seconds <= w.end.seconds;
  const length = w.end.seconds - w.start.seconds;
  if (length >= DAY) return true;
  return mod(value.seconds - w.start.seconds, DAY) <= length;
}

/** A subject's time points as /SubjectTimePoints gives them, by point id. */
export function subjectPointTimes(
  points: readonly PlannedPoint[],
  facts: Readonly<Record<string, string | null | undefined>>,
): Map<string, PointTimes> {
  const windows = pointWindows(points, facts);
  const out = new Map<string, PointTimes>();
  for (const p of points) {
    const w = windows.get(p.id) ?? null;
    const show = (m: Moment | undefined) => (m ? formatMoment(m, p.fieldType) : null);
    out.set(p.id, {
      recommendedTime: show(w?.recommended),
      planedTimeStart: show(w?.start),
      planedTimeEnd: show(w?.end),
      factTime: facts[p.id] ?? null,
    });
  }
  return out;
}

/**
 * A time of a time point as users read it (the entry check's hint, the subject's time points page): a
 * DateTime's YYYY-MM-DDTHH:mm[:ss] as DD.MM.YYYY HH:mm, a Time's HH:mm[:ss] as HH:mm, seconds only when there
 * are some; nothing as ''.
 */
export function pointTimeText(value: string | null | undefined): string {
  if (!value) return '';
  const [date, time] = value.includes('T') ? (value.split('T') as [string, string]) : [null, value];
  const [h = '', m = '', s] = time.split(':');
  const clock = `${h}:${m}${s && s !== '00' ? `:${s}` : ''}`;
  return date ? `${formatDisplayDate(date)} ${clock}` : clock;
}
