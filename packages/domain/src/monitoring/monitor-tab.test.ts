import { describe, expect, it } from 'vitest';
import { monitorTabOf } from './monitor-tab.js';

const now = new Date('2026-03-10T12:00:00Z');
const visit = (over: Partial<Parameters<typeof monitorTabOf>[0]> = {}) => ({
  startDate: '2026-03-09T08:00:00Z',
  endDate: '2026-03-20T08:00:00Z',
  confirmed: true,
  monitorList: [{ id: 'me' }],
  ...over,
});

describe('monitorTabOf (spec operations section 2, the monitor view tabs)', () => {
  it('puts a confirmed visit in progress with me on the team in Available', () => {
    expect(monitorTabOf(visit(), 'me', now)).toEqual({ tab: 'available' });
  });
  it('Unavailable when I am not on the team, whatever else holds', () => {
    expect(monitorTabOf(visit({ endDate: '2026-03-01T00:00:00Z', startDate: '2026-02-01T00:00:00Z' }), 'other', now)).toEqual({
      tab: 'unavailable',
      reason: 'notOnTeam',
    });
    expect(monitorTabOf(visit(), null, now).reason).toBe('notOnTeam');
  });
  it('Unavailable before the start, Completed from the end on (the end is exclusive)', () => {
    expect(monitorTabOf(visit({ startDate: '2026-03-10T12:00:01Z' }), 'me', now)).toEqual({
      tab: 'unavailable',
      reason: 'notStarted',
    });
    expect(monitorTabOf(visit({ endDate: '2026-03-10T12:00:00Z' }), 'me', now)).toEqual({ tab: 'completed' });
  });
  it('Not confirmed while in progress and unconfirmed', () => {
    expect(monitorTabOf(visit({ confirmed: false }), 'me', now)).toEqual({ tab: 'unconfirmed' });
  });
});
