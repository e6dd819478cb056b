import { addDays } from './dates.js';
import type { VisitType } from './subject-status.js';

/**
 * Visit windows. A visit's day number counts from the randomisation date for visits after randomisation
 * (types Randomisation, Period, End) once the subject is randomised, and from the screening date otherwise.
 * The window is [day − dayMinus, day + dayPlus], both inclusive.
 */
export interface VisitSchedule {
  visitType: VisitType;
  dayNumber: number;
  dayPlus: number;
  dayMinus: number;
}

export function visitAnchor(visit: VisitSchedule, subject: { screenDate: string; randomizationDate: string | null }): string {
  if (visit.visitType !== 'Screening' && subject.randomizationDate) return subject.randomizationDate;
  return subject.screenDate;
}

export function visitWindow(visit: VisitSchedule, subject: { screenDate: string; randomizationDate: string | null }) {
  const target = addDays(visitAnchor(visit, subject), visit.dayNumber);
  return { target, from: addDays(target, -visit.dayMinus), to: addDays(target, visit.dayPlus) };
}

export type VisitTiming = 'onTime' | 'overdue' | 'upcoming';

/** On time when held inside the window; overdue when held after it or not held once it has passed. */
export function visitTiming(window: { to: string }, heldOn: string | null, today: string): VisitTiming {
  if (heldOn) return heldOn <= window.to ? 'onTime' : 'overdue';
  return today > window.to ? 'overdue' : 'upcoming';
}

/** Days since 1970-01-01 of a YYYY-MM-DD date. */
export function epochDay(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
}

/**
 * The timing of a visit that was held — visitTiming(visitWindow(visit, subject), heldOn) — in day
 * arithmetic, for the thousand cells of a matrix page (the same answer, tested against the two).
 */
export function heldVisitTiming(
  visit: VisitSchedule,
  subject: { screenDate: string; randomizationDate: string | null },
  heldOn: string,
): 'onTime' | 'overdue' {
  return epochDay(heldOn) <= epochDay(visitAnchor(visit, subject)) + visit.dayNumber + visit.dayPlus ? 'onTime' : 'overdue';
}
