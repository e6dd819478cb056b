import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration, withDays } from './durations.js';
import { forecast, pointOffsets, type ForecastPoint } from './forecast.js';
import { inWindow, momentOf, pointTimeText, pointWindows, subjectPointTimes, type PlannedPoint } from './windows.js';

const dev = (startTimePointId: string, deviation: string, plusMinus: string) => ({
  startTimePointId,
  deviation,
  deviationPlus: plusMinus,
  deviationMinus: plusMinus,
});

describe('durations', () => {
  it('reads and writes hh:mm:ss, hours past 24 included', () => {
    expect(parseDuration('00:30:00')).toBe(1800);
    expect(parseDuration('36:00:05')).toBe(129605);
    expect(parseDuration('100:00:00')).toBe(360000);
    for (const bad of ['0:30:00', '00:60:00', '00:00:60', '00:30', '', '-01:00:00']) expect(parseDuration(bad), bad).toBeNull();
    expect(formatDuration(129605)).toBe('36:00:05');
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(360000)).toBe('100:00:00');
  });

  it("the 'more than 24 hours' option adds days times 24 to the hours", () => {
    expect(withDays('12:00:00', 1)).toBe('36:00:00');
    expect(withDays('00:15:00', 3)).toBe('72:15:00');
    expect(withDays('12:00:00', 0)).toBe('12:00:00');
    expect(withDays('12:00', 1)).toBeNull();
    expect(withDays('12:00:00', 1.5)).toBeNull();
  });
});

describe('windows of a subject time points', () => {
  // A dose (the visit's start point), a draw 30 minutes after it and one an hour after that draw.
  const points: PlannedPoint[] = [
    { id: 'dose', isVisitStartPoint: true, fieldType: 'DateTime', deviations: [] },
    { id: 'pk1', isVisitStartPoint: false, fieldType: 'DateTime', deviations: [dev('dose', '00:30:00', '00:05:00')] },
    { id: 'pk2', isVisitStartPoint: false, fieldType: 'DateTime', deviations: [dev('pk1', '01:00:00', '00:10:00')] },
    {
      id: 'next',
      isVisitStartPoint: false,
      fieldType: 'DateTime',
      deviations: [
        { startTimePointId: 'dose', deviation: withDays('12:00:00', 1)!, deviationPlus: '02:00:00', deviationMinus: '01:00:00' },
      ],
    },
  ];

  it('plans nothing before the start point has a value', () => {
    const times = subjectPointTimes(points, {});
    expect(times.get('pk1')).toEqual({ recommendedTime: null, planedTimeStart: null, planedTimeEnd: null, factTime: null });
    expect(times.get('dose')!.recommendedTime).toBeNull();
  });

  it('chains the points from the start point: a value entered moves the points planned after it', () => {
    const planned = subjectPointTimes(points, { dose: '2026-03-01T08:00' });
    expect(planned.get('pk1')).toEqual({
      recommendedTime: '2026-03-01T08:30:00',
      planedTimeStart: '2026-03-01T08:25:00',
      planedTimeEnd: '2026-03-01T08:35:00',
      factTime: null,
    });
    expect(planned.get('pk2')).toMatchObject({ recommendedTime: '2026-03-01T09:30:00', planedTimeStart: '2026-03-01T09:20:00' });
    // More than 24 hours: the next day, across midnight.
    expect(planned.get('next')).toMatchObject({
      recommendedTime: '2026-03-02T20:00:00',
      planedTimeStart: '2026-03-02T19:00:00',
      planedTimeEnd: '2026-03-02T22:00:00',
    });
    const moved = subjectPointTimes(points, { dose: '2026-03-01T08:00', pk1: '2026-03-01T08:33' });
    expect(moved.get('pk2')).toMatchObject({ recommendedTime: '2026-03-01T09:33:00', planedTimeEnd: '2026-03-01T09:43:00' });
    expect(moved.get('pk1')!.factTime).toBe('2026-03-01T08:33');
  });

  it('checks a date-time against its window, ends included', () => {
    const w = pointWindows(points, { dose: '2026-03-01T23:50' }).get('pk1')!;
    expect(inWindow(momentOf('2026-03-02T00:15')!, w)).toBe(true);
    expect(inWindow(momentOf('2026-03-02T00:25')!, w)).toBe(true);
    expect(inWindow(momentOf('2026-03-02T00:25:01')!, w)).toBe(false);
    expect(inWindow(momentOf('2026-03-01T00:20')!, w)).toBe(false); // the right time, the wrong day
  });

  it('compares times of day across midnight when a field has no date', () => {
    const timed: PlannedPoint[] = [
      { id: 'start', isVisitStartPoint: true, fieldType: 'Time', deviations: [] },
      { id: 'p', isVisitStartPoint: false, fieldType: 'Time', deviations: [dev('start', '01:30:00', '00:30:00')] },
      { id: 'wide', isVisitStartPoint: false, fieldType: 'Time', deviations: [dev('start', '02:00:00', '12:00:00')] },
    ];
    const times = subjectPointTimes(timed, { start: '23:30' });
    expect(times.get('p')).toMatchObject({ recommendedTime: '01:00:00', planedTimeStart: '00:30:00', planedTimeEnd: '01:30:00' });
    const w = pointWindows(timed, { start: '23:30' });
    expect(inWindow(momentOf('00:45')!, w.get('p')!)).toBe(true);
    expect(inWindow(momentOf('01:30:00')!, w.get('p')!)).toBe(true);
    expect(inWindow(momentOf('01:31')!, w.get('p')!)).toBe(false);
    expect(inWindow(momentOf('23:59')!, w.get('p')!)).toBe(false);
    // A window of a day or more admits any time of day.
    expect(inWindow(momentOf('13:00')!, w.get('wide')!)).toBe(true);
  });

  it('a point on a Time field after a dated start shows and compares times of day', () => {
    const mixed: PlannedPoint[] = [
      { id: 'dose', isVisitStartPoint: true, fieldType: 'DateTime', deviations: [] },
      { id: 't', isVisitStartPoint: false, fieldType: 'Time', deviations: [dev('dose', '00:45:00', '00:15:00')] },
    ];
    const facts = { dose: '2026-03-01T23:30' };
    expect(subjectPointTimes(mixed, facts).get('t')).toMatchObject({ planedTimeStart: '00:00:00', planedTimeEnd: '00:30:00' });
    const w = pointWindows(mixed, facts).get('t')!;
    expect(inWindow(momentOf('00:10')!, w)).toBe(true);
    expect(inWindow(momentOf('00:31')!, w)).toBe(false);
  });

  it('a start point planned from the point itself does not count: the point falls back on its other deviation, in any order', () => {
    const a: PlannedPoint = { id: 'a', isVisitStartPoint: true, fieldType: 'Time', deviations: [] };
    const x: PlannedPoint = {
      id: 'x',
      isVisitStartPoint: false,
      fieldType: 'Time',
      deviations: [dev('y', '00:10:00', '00:01:00'), dev('a', '00:30:00', '00:05:00')],
    };
    const y: PlannedPoint = {
      id: 'y',
      isVisitStartPoint: false,
      fieldType: 'Time',
      deviations: [dev('x', '00:15:00', '00:05:00')],
    };
    for (const order of [
      [a, x, y],
      [y, x, a],
      [x, y, a],
    ]) {
      const times = subjectPointTimes(order, { a: '08:00' });
      expect(times.get('x')!.recommendedTime, order.map((p) => p.id).join()).toBe('08:30:00');
      // y is timed only from x, which is timed from y first: nothing plans y until x has a value.
      expect(times.get('y')!.recommendedTime, order.map((p) => p.id).join()).toBeNull();
      expect(subjectPointTimes(order, { a: '08:00', x: '08:31' }).get('y')!.recommendedTime).toBe('08:46:00');
    }
  });

  it('a cycle of start points plans nothing and never loops', () => {
    const cycle: PlannedPoint[] = [
      { id: 'a', isVisitStartPoint: false, fieldType: 'Time', deviations: [dev('b', '00:10:00', '00:01:00')] },
      { id: 'b', isVisitStartPoint: false, fieldType: 'Time', deviations: [dev('a', '00:10:00', '00:01:00')] },
    ];
    expect(pointWindows(cycle, {}).get('a')).toBeNull();
    // Once one of them has a value, the other follows it.
    expect(subjectPointTimes(cycle, { a: '10:00' }).get('b')!.recommendedTime).toBe('10:10:00');
  });
});

describe('the staffing forecast', () => {
  // A dose of five minutes, then two draws of two minutes: 30 minutes after the dose, 30 after the first draw.
  const points: ForecastPoint[] = [
    {
      id: 'pk2',
      formFieldId: 'f-pk2',
      duration: '00:02:00',
      isVisitStartPoint: false,
      deviations: [dev('pk1', '00:30:00', '00:05:00')],
    },
    { id: 'dose', formFieldId: 'f-dose', duration: '00:05:00', isVisitStartPoint: true, deviations: [] },
    {
      id: 'pk1',
      formFieldId: 'f-pk1',
      duration: '00:02:00',
      isVisitStartPoint: false,
      deviations: [dev('dose', '00:30:00', '00:05:00')],
    },
  ];

  it('places the points along the chain from the start point', () => {
    expect(Object.fromEntries(pointOffsets(points))).toEqual({ dose: 0, pk1: 1800, pk2: 3600 });
  });

  it('places a point of a cycle by its other deviation, and the rest of a cycle at the start', () => {
    const cycle: ForecastPoint[] = [
      {
        id: 'y',
        formFieldId: 'fy',
        duration: '00:01:00',
        isVisitStartPoint: false,
        deviations: [dev('x', '00:15:00', '00:01:00')],
      },
      {
        id: 'x',
        formFieldId: 'fx',
        duration: '00:01:00',
        isVisitStartPoint: false,
        deviations: [dev('y', '00:10:00', '00:01:00'), dev('dose', '00:30:00', '00:01:00')],
      },
      { id: 'dose', formFieldId: 'fd', duration: '00:05:00', isVisitStartPoint: true, deviations: [] },
      {
        id: 'p',
        formFieldId: 'fp',
        duration: '00:01:00',
        isVisitStartPoint: false,
        deviations: [dev('q', '00:10:00', '00:01:00')],
      },
      {
        id: 'q',
        formFieldId: 'fq',
        duration: '00:01:00',
        isVisitStartPoint: false,
        deviations: [dev('p', '00:10:00', '00:01:00')],
      },
    ];
    expect(Object.fromEntries(pointOffsets(cycle))).toEqual({ y: 0, x: 1800, dose: 0, p: 0, q: 0 });
  });

  it('gives the time for one subject and for all, and one subject day as activities and waits', () => {
    const f = forecast(points, 3, 600);
    expect(f.supposedTimeForOneSubject).toBe('01:02:00');
    expect(f.supposedTimeForAllSubjects).toBe('01:22:00'); // two intervals of 10 minutes, then one subject
    expect(f.supposedEmployeesCount).toBe(1); // ten minutes apart, no two activities meet
    expect(f.timeIntervalsList).toEqual([
      { id: 'dose', duration: '00:05:00', isTimePoint: true, formFieldId: 'f-dose', start: '00:00:00' },
      { id: 'wait-1', duration: '00:25:00', isTimePoint: false, formFieldId: null, start: '00:05:00' },
      { id: 'pk1', duration: '00:02:00', isTimePoint: true, formFieldId: 'f-pk1', start: '00:30:00' },
      { id: 'wait-2', duration: '00:28:00', isTimePoint: false, formFieldId: null, start: '00:32:00' },
      { id: 'pk2', duration: '00:02:00', isTimePoint: true, formFieldId: 'f-pk2', start: '01:00:00' },
    ]);
  });

  it('counts the staff as the most activities under way at one moment', () => {
    // A minute apart: three doses of five minutes overlap.
    expect(forecast(points, 3, 60).supposedEmployeesCount).toBe(3);
    // Two minutes apart: a draw ends as the next begins; the doses still overlap by three.
    expect(forecast(points, 3, 120).supposedEmployeesCount).toBe(3);
    expect(forecast(points, 2, 300).supposedEmployeesCount).toBe(1); // one dose ends as the next begins
    expect(forecast(points, 1, 10).supposedEmployeesCount).toBe(1);
    // Activities of no duration due together still need one person each.
    const instant: ForecastPoint[] = [
      { id: 'a', formFieldId: 'fa', duration: '00:00:00', isVisitStartPoint: true, deviations: [] },
      { id: 'b', formFieldId: 'fb', duration: '00:00:00', isVisitStartPoint: false, deviations: [] },
    ];
    expect(forecast(instant, 1, 10).supposedEmployeesCount).toBe(2);
  });

  it('is empty without points or subjects', () => {
    expect(forecast([], 5, 10)).toEqual({
      supposedTimeForOneSubject: '00:00:00',
      supposedTimeForAllSubjects: '00:00:00',
      supposedEmployeesCount: 0,
      timeIntervalsList: [],
    });
    expect(forecast(points, 0, 10).supposedEmployeesCount).toBe(0);
  });
});

describe('pointTimeText', () => {
  it('shows a point time as users read times: seconds only when there are some', () => {
    expect(pointTimeText('2026-03-01T09:25:00')).toBe('01.03.2026 09:25');
    expect(pointTimeText('2026-03-01T09:25:30')).toBe('01.03.2026 09:25:30');
    expect(pointTimeText('10:35:00')).toBe('10:35');
    expect(pointTimeText('10:35')).toBe('10:35');
    expect(pointTimeText(null)).toBe('');
  });
});
