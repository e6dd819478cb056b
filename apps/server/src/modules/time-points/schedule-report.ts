import { timePoints, type Language, type TimePointReply } from '@edc/domain';
import { plannedOf } from './visit-plan.js';
import { excel } from '../../platform/lazy-library.js';

/**
 * The scheduled activities workbook (docs/time-points.md "Schedule"): for each subject 1..subjectCount and
 * each activity (time point) of the schedule, a row with the subject's number, the visit, form and field,
 * the planned start — the first subject's start plus (k - 1) intervals plus the point's offset from the
 * visit's start point (domain pointOffsets) — the planned end (start plus the point's duration), the window
 * its first deviation allows around the start (empty for a point no deviation places) and the description.
 * Times are the local wall-clock times the schedule was asked for, written as Excel date-times.
 */

export interface SchedulePlan {
  /** Every live point of the visit (the offsets run along their chain). */
  points: TimePointReply[];
  /** The points scheduled: all of them, or one. */
  scheduledIds: ReadonlySet<string>;
  subjectCount: number;
  intervalSeconds: number;
  /** Seconds since 1970-01-01T00:00:00 of the first subject's start, read as a wall-clock time. */
  startSeconds: number;
}

const COLUMNS = [
  { key: 'subject', width: 10, ru: 'Субъект', en: 'Subject' },
  { key: 'visit', width: 24, ru: 'Визит', en: 'Visit' },
  { key: 'form', width: 28, ru: 'Форма', en: 'Form' },
  { key: 'field', width: 32, ru: 'Поле', en: 'Field' },
  { key: 'plannedStart', width: 20, ru: 'Плановое начало', en: 'Planned start' },
  { key: 'plannedEnd', width: 20, ru: 'Плановое окончание', en: 'Planned end' },
  { key: 'windowFrom', width: 20, ru: 'Окно с', en: 'Window from' },
  { key: 'windowTo', width: 20, ru: 'Окно по', en: 'Window to' },
  { key: 'description', width: 40, ru: 'Описание', en: 'Description' },
] as const;
type Cells = Record<(typeof COLUMNS)[number]['key'], string | number | Date | null>;

const DATE_TIME_FORMAT = 'dd.mm.yyyy hh:mm:ss';

export const scheduleSheetName = (lang: Language) => (lang === 'ru' ? 'График процедур' : 'Scheduled activities');

/** A wall-clock moment as an Excel date-time: the Date whose UTC fields are that moment's. */
const at = (seconds: number) => new Date(seconds * 1000);

/** The rows of the schedule, subject by subject, each subject's activities in the order they are due. */
export function scheduleRows(plan: SchedulePlan): Cells[] {
  const offsets = timePoints.pointOffsets(plan.points.map(plannedOf));
  const activities = plan.points
    .filter((p) => plan.scheduledIds.has(p.id))
    .map((p, order) => {
      const first = p.timeDeviationList[0];
      const seconds = (d: string | undefined) => (d === undefined ? null : timePoints.parseDuration(d));
      return {
        p,
        order,
        offset: offsets.get(p.id) ?? 0,
        duration: timePoints.parseDuration(p.duration) ?? 0,
        minus: seconds(first?.deviationMinus),
        plus: seconds(first?.deviationPlus),
      };
    })
    .sort((a, b) => a.offset - b.offset || a.order - b.order);
  const rows: Cells[] = [];
  for (let k = 0; k < plan.subjectCount; k++) {
    for (const a of activities) {
      const start = plan.startSeconds + k * plan.intervalSeconds + a.offset;
      const chain = a.p.formFieldChain;
      rows.push({
        subject: k + 1,
        visit: chain.visit.title,
        form: chain.form.title,
        field: chain.formField.text,
        plannedStart: at(start),
        plannedEnd: at(start + a.duration),
        windowFrom: a.minus === null ? null : at(start - a.minus),
        windowTo: a.plus === null ? null : at(start + a.plus),
        description: a.p.description ?? '',
      });
    }
  }
  return rows;
}

/** The workbook's bytes, headings in the caller's language. */
export async function scheduleWorkbook(plan: SchedulePlan, lang: Language): Promise<Buffer> {
  const workbook = new (excel().Workbook)();
  const sheet = workbook.addWorksheet(scheduleSheetName(lang));
  sheet.columns = COLUMNS.map((c) => ({
    header: c[lang],
    key: c.key,
    width: c.width,
    ...(c.key.startsWith('planned') || c.key.startsWith('window') ? { style: { numFmt: DATE_TIME_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of scheduleRows(plan)) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
