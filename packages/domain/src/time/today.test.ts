import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFutureDate, isTimeZone, latestToday, localTimeZone, localToday, todayIn } from './today.js';

// Each rule with the clock set just before and just after midnight in the zones concerned, so that the
// boundary is crossed on every run; CI runs this file under TZ=Pacific/Kiritimati and America/Los_Angeles.

const at = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};
afterEach(() => {
  vi.useRealTimers();
});

describe('today in a time zone', () => {
  it('turns over at the zone’s own midnight', () => {
    at('2026-11-24T14:29:59Z'); // 00:29:59 on the 25th in Vladivostok (UTC+10)
    expect(todayIn('Asia/Vladivostok')).toBe('2026-11-25');
    expect(todayIn('UTC')).toBe('2026-11-24');
    at('2026-11-24T13:59:59Z');
    expect(todayIn('Asia/Vladivostok')).toBe('2026-11-24');
    at('2026-11-25T04:59:59Z'); // 23:59:59 on the 24th in New York (UTC−5)
    expect(todayIn('America/New_York')).toBe('2026-11-24');
    at('2026-11-25T05:00:00Z');
    expect(todayIn('America/New_York')).toBe('2026-11-25');
  });

  it('follows summer time', () => {
    at('2026-07-01T03:59:59Z'); // 23:59:59 on 30 June in New York (UTC−4 in summer)
    expect(todayIn('America/New_York')).toBe('2026-06-30');
    at('2026-07-01T04:00:00Z');
    expect(todayIn('America/New_York')).toBe('2026-07-01');
  });

  it('does not depend on the runtime’s own zone', () => {
    const instant = new Date('2026-11-24T22:40:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-11-24');
    expect(todayIn('Europe/Moscow', instant)).toBe('2026-11-25');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-11-24');
    expect(todayIn('Pacific/Kiritimati', instant)).toBe('2026-11-25');
  });
});

describe('the future for a date typed by a user', () => {
  it('begins when the date has begun nowhere: midnight in Kiritimati (UTC+14)', () => {
    at('2026-11-24T09:59:59Z');
    expect(latestToday()).toBe('2026-11-24');
    expect(isFutureDate('2026-11-24')).toBe(false);
    expect(isFutureDate('2026-11-25')).toBe(true);
    at('2026-11-24T10:00:00Z');
    expect(latestToday()).toBe('2026-11-25');
    expect(isFutureDate('2026-11-25')).toBe(false);
    expect(isFutureDate('2026-11-26')).toBe(true);
  });

  it('accepts Vladivostok’s today just after its midnight and New York’s just before its own', () => {
    at('2026-11-24T14:30:00Z'); // 00:30 on the 25th in Vladivostok
    expect(isFutureDate(todayIn('Asia/Vladivostok'))).toBe(false);
    at('2026-11-25T04:30:00Z'); // 23:30 on the 24th in New York
    expect(isFutureDate(todayIn('America/New_York'))).toBe(false);
  });
});

describe('time zone names', () => {
  it('knows IANA names and refuses others', () => {
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('x'.repeat(65))).toBe(false);
  });

  it('the local today is today in the runtime’s zone, just before and after its midnight', () => {
    const zone = localTimeZone();
    for (const iso of ['2026-11-24T09:59:59Z', '2026-11-24T10:00:00Z', '2026-11-25T07:59:59Z', '2026-11-25T08:00:00Z']) {
      at(iso);
      expect(localToday()).toBe(todayIn(zone));
      expect(localToday()).toBe(new Date().toLocaleDateString('en-CA', { timeZone: zone }));
    }
  });
});
