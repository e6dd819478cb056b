import { describe, expect, it } from 'vitest';
import { checkCompleteTime, completeSectionWindow } from './section-window.js';

const now = new Date('2026-03-10T12:00:00Z');
const minutes = (n: number) => n * 60_000;
const at = (ms: number) => new Date(now.getTime() + ms);

describe('completeSectionWindow', () => {
  it('reaches three days and one minute back when values are older', () => {
    const w = completeSectionWindow(new Date('2026-01-01T00:00:00Z'), now);
    expect(w.earliest.toISOString()).toBe('2026-03-07T11:59:00.000Z');
    expect(w.latest.toISOString()).toBe('2026-03-10T12:01:00.000Z');
  });
  it('starts one minute before the newest value when it is younger', () => {
    const w = completeSectionWindow(new Date('2026-03-10T09:30:00Z'), now);
    expect(w.earliest.toISOString()).toBe('2026-03-10T09:29:00.000Z');
  });
  it('has only the three-day bound without values', () => {
    expect(completeSectionWindow(null, now).earliest.toISOString()).toBe('2026-03-07T11:59:00.000Z');
  });
});

describe('checkCompleteTime', () => {
  it('accepts now and the edges of the window', () => {
    expect(checkCompleteTime(now, null, now)).toEqual({ ok: true });
    expect(checkCompleteTime(at(minutes(1)), null, now)).toEqual({ ok: true });
    expect(checkCompleteTime(at(-3 * 86_400_000 - minutes(1)), null, now)).toEqual({ ok: true });
  });
  it('refuses the future beyond a minute', () => {
    expect(checkCompleteTime(at(minutes(2)), null, now)).toEqual({ ok: false, problem: 'future' });
  });
  it('refuses a time before the window and names its start', () => {
    const r = checkCompleteTime(at(-3 * 86_400_000 - minutes(2)), null, now);
    expect(r).toMatchObject({ ok: false, problem: 'too_early' });
    const newest = new Date('2026-03-10T11:00:00Z');
    const r2 = checkCompleteTime(new Date('2026-03-10T10:58:00Z'), newest, now);
    expect(r2.ok).toBe(false);
    if (!r2.ok && r2.problem === 'too_early') expect(r2.earliest.toISOString()).toBe('2026-03-10T10:59:00.000Z');
  });
});
