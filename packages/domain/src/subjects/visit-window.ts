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

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;

/**
 * Days since 1970-01-01 of a YYYY-MM-DD date, by the proleptic Gregorian calendar's arithmetic (days from civil:
 * years counted from March, so that the leap day ends the year). Read digit by digit, as a matrix page reads two
 * thousand dates; the same answer as Date.UTC, tested against it.
 */
export function epochDay(date: string): number {
  const month = digit(date, 5) * 10 + digit(date, 6);
  const day = digit(date, 8) * 10 + digit(date, 9);
  const year = digit(date, 0) * 1000 + digit(date, 1) * 100 + digit(date, 2) * 10 + digit(date, 3) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
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
