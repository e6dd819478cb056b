import { describe, expect, it } from 'vitest';
import { addCalendarMonths, deletionDateOf, nextRefreshBatch } from './documents.js';

describe('document expiry dates', () => {
  it('moves by calendar months, clamping the day to the month end as PostgreSQL does', () => {
    expect(addCalendarMonths('2026-11-28', 3)).toBe('2027-02-28');
    expect(addCalendarMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addCalendarMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addCalendarMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addCalendarMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('puts the deletion date one month after the expiration date', () => {
    expect(deletionDateOf('2026-01-31')).toBe('2026-02-28');
    expect(deletionDateOf('2026-05-10')).toBe('2026-06-10');
  });
});

describe('the refresh of Started documents', () => {
  it('asks for 3 at a time, in turn round the list', () => {
    const ids = ['a', 'b', 'c', 'd', 'e'];
    expect(nextRefreshBatch(ids, 0)).toEqual({ batch: ['a', 'b', 'c'], next: 3 });
    expect(nextRefreshBatch(ids, 3)).toEqual({ batch: ['d', 'e', 'a'], next: 1 });
    expect(nextRefreshBatch(['a', 'b'], 7)).toEqual({ batch: ['b', 'a'], next: 1 });
    expect(nextRefreshBatch([], 2)).toEqual({ batch: [], next: 0 });
  });
});
