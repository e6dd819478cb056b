import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { epochDay, heldVisitTiming, timePoints, todayIn, visitTiming, visitWindow, type VisitType } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { researchOrganisations, subjects, subjectVisits, visits } from '../../../platform/db/schema/index.js';
import { factsOf, subjectPoints } from '../../time-points/subject-point-facts.js';

/**
 * What the trackers print (docs/documents.md "Trackers"): the live subjects of a research — of one centre, or
 * of every centre — with each live visit of the design and what happened to it. The randomisation group is
 * read only for a requester who sees groups (blinding).
 */

export interface TrackerVisit {
  id: string;
  title: string;
  visitType: VisitType;
  dayNumber: number;
  dayPlus: number;
  dayMinus: number;
}

export interface TrackerSubjectVisit {
  id: string;
  visitId: string;
  date: string;
  status: string;
  repeatIndex: number;
}

export interface TrackerSubject {
  id: string;
  centre: string;
  identificationNumber: string;
  screeningNumber: string;
  screenDate: string;
  randomizationDate: string | null;
  randomizationGroup: string | null;
  status: string;
  visits: TrackerSubjectVisit[];
}

export interface TrackerContent {
  visits: TrackerVisit[];
  subjects: TrackerSubject[];
  withGroups: boolean;
}

export async function readTracker(
  db: Db,
  p: { researchId: string; centreId: string | null; seesGroup: boolean },
): Promise<TrackerContent> {
  const visitRows = await db
    .select({
      id: visits.id,
      title: visits.title,
      visitType: visits.visitType,
      dayNumber: visits.dayNumber,
      dayPlus: visits.dayPlus,
      dayMinus: visits.dayMinus,
    })
    .from(visits)
    .where(and(eq(visits.researchId, p.researchId), isNull(visits.deletedAt)))
    .orderBy(asc(visits.index), asc(visits.id));
  const subjectRows = await db
    .select({
      id: subjects.id,
      centre: researchOrganisations.number,
      identificationNumber: subjects.identificationNumber,
      screeningNumber: subjects.screeningNumber,
      screenDate: subjects.screenDate,
      randomizationDate: subjects.randomizationDate,
      randomizationGroup: subjects.randomizationGroup,
      status: subjects.status,
    })
    .from(subjects)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, subjects.researchOrganisationId))
    .where(
      and(
        eq(subjects.researchId, p.researchId),
        isNull(subjects.deletedAt),
        p.centreId ? eq(subjects.researchOrganisationId, p.centreId) : undefined,
      ),
    )
    .orderBy(asc(researchOrganisations.number), asc(subjects.identificationSeq));
  const ids = subjectRows.map((s) => s.id);
  const svRows = ids.length
    ? await db
        .select({
          id: subjectVisits.id,
          subjectId: subjectVisits.subjectId,
          visitId: subjectVisits.visitId,
          date: subjectVisits.date,
          status: subjectVisits.formCompletedStatus,
          repeatIndex: subjectVisits.repeatIndex,
        })
        .from(subjectVisits)
        .where(and(inArray(subjectVisits.subjectId, ids), isNull(subjectVisits.deletedAt)))
        .orderBy(asc(subjectVisits.date), asc(subjectVisits.repeatIndex))
    : [];
  const bySubject = new Map<string, TrackerSubjectVisit[]>();
  for (const v of svRows) {
    const list = bySubject.get(v.subjectId) ?? [];
    list.push({ id: v.id, visitId: v.visitId, date: v.date, status: v.status, repeatIndex: v.repeatIndex });
    bySubject.set(v.subjectId, list);
  }
  return {
    visits: visitRows.map((v) => ({ ...v, visitType: v.visitType as VisitType })),
    subjects: subjectRows.map((s) => ({
      ...s,
      randomizationGroup: p.seesGroup ? s.randomizationGroup : null,
      visits: bySubject.get(s.id) ?? [],
    })),
    withGroups: p.seesGroup,
  };
}

/** One visit of one subject in the time tracker: its window (the subjects module's rule) against the date held. */
export interface VisitWindowRow {
  subject: TrackerSubject;
  visit: TrackerVisit;
  held: TrackerSubjectVisit | null;
  from: string;
  target: string;
  to: string;
  /** Days outside the window (negative: early, positive: late), 0 inside; null when not held. */
  deviationDays: number | null;
  timing: 'onTime' | 'overdue' | 'upcoming';
}

/**
 * The planned windows against the actual dates, per subject and visit (a repeating visit's every occurrence
 * against the same window). `today` (UTC calendar) tells upcoming from overdue for a visit not yet held.
 */
export function visitWindowRows(c: TrackerContent, today = todayIn('UTC')): VisitWindowRow[] {
  const rows: VisitWindowRow[] = [];
  for (const subject of c.subjects) {
    for (const visit of c.visits) {
      const w = visitWindow(visit, subject);
      const held = subject.visits.filter((v) => v.visitId === visit.id);
      for (const h of held.length ? held : [null]) {
        const deviationDays = !h
          ? null
          : h.date < w.from
            ? epochDay(h.date) - epochDay(w.from)
            : h.date > w.to
              ? epochDay(h.date) - epochDay(w.to)
              : 0;
        const timing = h ? heldVisitTiming(visit, subject, h.date) : visitTiming(w, null, today);
        rows.push({ subject, visit, held: h, ...w, deviationDays, timing });
      }
    }
  }
  return rows;
}

/** One time point of one held subject visit: its planned window (time-points module) against the value entered. */
export interface PointWindowRow {
  subject: TrackerSubject;
  visit: TrackerVisit;
  held: TrackerSubjectVisit;
  point: string;
  recommended: string;
  start: string;
  end: string;
  fact: string;
  /** null when nothing plans the point yet or nothing is entered. */
  inWindow: boolean | null;
}

/** The time points of every held visit, planned as the subject's time points page plans them (domain pointWindows). */
export async function pointWindowRows(db: Db, c: TrackerContent): Promise<PointWindowRow[]> {
  const visitsById = new Map(c.visits.map((v) => [v.id, v]));
  const rows: PointWindowRow[] = [];
  for (const subject of c.subjects) {
    for (const held of subject.visits) {
      const visit = visitsById.get(held.visitId);
      if (!visit) continue;
      const points = await subjectPoints(db, { visitId: visit.id }, held.id);
      if (!points.length) continue;
      const facts = factsOf(points);
      const windows = timePoints.pointWindows(points, facts);
      const times = timePoints.subjectPointTimes(points, facts);
      for (const p of points) {
        const t = times.get(p.id)!;
        const w = windows.get(p.id);
        const fact = timePoints.momentOf(p.fact);
        rows.push({
          subject,
          visit,
          held,
          point: p.description || p.duration,
          recommended: timePoints.pointTimeText(t.recommendedTime),
          start: timePoints.pointTimeText(t.planedTimeStart),
          end: timePoints.pointTimeText(t.planedTimeEnd),
          fact: timePoints.pointTimeText(p.fact),
          inWindow: w && fact ? timePoints.inWindow(fact, w) : null,
        });
      }
    }
  }
  return rows;
}
