import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORK_DAY_END,
  DEFAULT_WORK_DAY_START,
  isMonitoringVisitEnded,
  isWithinWorkDay,
  monitoringTimeState,
  normaliseWorkTime,
  parseMonitoringDateTime,
  validateMonitoringVisitPlan,
  type MonitoringVisitPlan,
} from './monitoring-visit.js';

const ORG = '01900000-0000-7000-8000-000000000001';
const EMP = '01900000-0000-7000-8000-000000000002';
const SV = '01900000-0000-7000-8000-000000000003';
const SITE = '01900000-0000-7000-8000-000000000004';

const plan = (over: Partial<MonitoringVisitPlan> = {}): MonitoringVisitPlan => ({
  startDate: '2026-11-24T09:00:00Z',
  endDate: '2026-11-26T18:00:00Z',
  researchOrganisationId: ORG,
  monitorList: [EMP],
  subjectVisitIdList: [SV],
  ...over,
});
const issuesOf = (p: MonitoringVisitPlan) => {
  const r = validateMonitoringVisitPlan(p);
  return r.ok ? [] : r.issues.map((i) => `${i.path}:${i.code}`);
};

describe('monitoringTimeState', () => {
  const visit = { startDate: '2026-11-24T09:00:00Z', endDate: '2026-11-24T18:00:00Z' };
  it.each([
    ['2026-11-24T08:59:59.999Z', 'notStarted'],
    ['2026-11-24T09:00:00Z', 'inProgress'],
    ['2026-11-24T17:59:59.999Z', 'inProgress'],
    ['2026-11-24T18:00:00Z', 'finished'],
    ['2027-01-01T00:00:00Z', 'finished'],
  ])('at %s is %s', (now, state) => {
    expect(monitoringTimeState(visit, new Date(now))).toBe(state);
  });
  it('accepts Date values and tells when the visit has ended', () => {
    const v = { startDate: new Date('2026-11-24T09:00:00Z'), endDate: new Date('2026-11-24T18:00:00Z') };
    expect(monitoringTimeState(v, new Date('2026-11-24T10:00:00Z'))).toBe('inProgress');
    expect(isMonitoringVisitEnded(v, new Date('2026-11-24T17:00:00Z'))).toBe(false);
    expect(isMonitoringVisitEnded(v, new Date('2026-11-24T18:00:00Z'))).toBe(true);
  });
});

describe('work hours', () => {
  it('normalises HH:mm and HH:mm:ss and refuses anything else', () => {
    expect(normaliseWorkTime('08:00')).toBe('08:00:00');
    expect(normaliseWorkTime(' 21:30:15 ')).toBe('21:30:15');
    for (const bad of ['24:00:00', '8:00', '12:60', '12:00:60', 'noon', '']) expect(normaliseWorkTime(bad), bad).toBeNull();
  });
  it('is within the window from the start (inclusive) to the end (exclusive), in the given time zone', () => {
    const w = { workDayStart: DEFAULT_WORK_DAY_START, workDayEnd: DEFAULT_WORK_DAY_END };
    expect(isWithinWorkDay(w, new Date('2026-11-24T07:59:59Z'))).toBe(false);
    expect(isWithinWorkDay(w, new Date('2026-11-24T08:00:00Z'))).toBe(true);
    expect(isWithinWorkDay(w, new Date('2026-11-24T20:59:59Z'))).toBe(true);
    expect(isWithinWorkDay(w, new Date('2026-11-24T21:00:00Z'))).toBe(false);
    // 06:00 UTC is 09:00 in Moscow.
    expect(isWithinWorkDay(w, new Date('2026-11-24T06:00:00Z'), 'Europe/Moscow')).toBe(true);
    expect(isWithinWorkDay(w, new Date('2026-11-24T19:00:00Z'), 'Europe/Moscow')).toBe(false);
  });
});

describe('parseMonitoringDateTime', () => {
  it('reads offsets, the spec’s microseconds without an offset as UTC, and refuses non-dates', () => {
    expect(parseMonitoringDateTime('2026-11-24T09:00:00.123456')?.toISOString()).toBe('2026-11-24T09:00:00.123Z');
    expect(parseMonitoringDateTime('2026-11-24T12:00:00+03:00')?.toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(parseMonitoringDateTime('2026-11-24T12:00+0300')?.toISOString()).toBe('2026-11-24T09:00:00.000Z');
    expect(parseMonitoringDateTime('2026-11-24T09:00:00Z')?.toISOString()).toBe('2026-11-24T09:00:00.000Z');
    for (const bad of ['2026-02-30T10:00:00Z', '2026-11-24', 'tomorrow', '1', '2026-13-01T00:00:00Z']) {
      expect(parseMonitoringDateTime(bad), bad).toBeNull();
    }
  });
});

describe('validateMonitoringVisitPlan', () => {
  it('accepts a plan, applying the default work hours and dropping repeated ids', () => {
    const r = validateMonitoringVisitPlan(plan({ monitorList: [EMP, EMP] }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.workDayStart).toBe('08:00:00');
    expect(r.value.workDayEnd).toBe('21:00:00');
    expect(r.value.monitorList).toEqual([EMP]);
    expect(r.value.siteId).toBeNull();
    expect(r.value.startDate.toISOString()).toBe('2026-11-24T09:00:00.000Z');
  });
  it('accepts a site instead of chosen visits', () => {
    expect(issuesOf(plan({ subjectVisitIdList: [], siteId: SITE }))).toEqual([]);
    expect(issuesOf(plan({ subjectVisitIdList: null, siteId: SITE }))).toEqual([]);
  });
  it('names every missing field', () => {
    expect(issuesOf({ workDayStart: '', workDayEnd: null })).toEqual([
      'startDate:required',
      'endDate:required',
      'researchOrganisationId:required',
      'monitorList:monitoring_monitors_required',
      'workDayStart:required',
      'workDayEnd:required',
      'subjectVisitIdList:monitoring_visits_required',
    ]);
  });
  it('wants the end after the start', () => {
    expect(issuesOf(plan({ endDate: '2026-11-24T09:00:00Z' }))).toEqual(['endDate:monitoring_end_before_start']);
    expect(issuesOf(plan({ endDate: '2026-11-23T09:00:00Z' }))).toEqual(['endDate:monitoring_end_before_start']);
    expect(issuesOf(plan({ startDate: 'soon' }))).toEqual(['startDate:monitoring_date_invalid']);
  });
  it('wants work hours as times, from before to', () => {
    expect(issuesOf(plan({ workDayStart: '25:00' }))).toEqual(['workDayStart:monitoring_time_invalid']);
    expect(issuesOf(plan({ workDayStart: '18:00:00', workDayEnd: '09:00:00' }))).toEqual([
      'workDayEnd:monitoring_work_hours_order',
    ]);
    expect(issuesOf(plan({ workDayStart: '09:00:00', workDayEnd: '09:00' }))).toEqual(['workDayEnd:monitoring_work_hours_order']);
    expect(issuesOf(plan({ workDayStart: '09:00', workDayEnd: '09:00:01' }))).toEqual([]);
  });
  it('wants chosen visits or a site, not both', () => {
    expect(issuesOf(plan({ subjectVisitIdList: [] }))).toEqual(['subjectVisitIdList:monitoring_visits_required']);
    expect(issuesOf(plan({ siteId: SITE }))).toEqual(['siteId:monitoring_visits_or_site']);
  });
});
