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
