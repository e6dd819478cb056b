import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import {
  addDays,
  COMPLETED_STATUSES,
  heldVisitTiming,
  isRequestedByMonitor,
  SUBJECT_STATUSES,
  VISIT_TYPES,
  type SubjectVisitBrief,
} from '@edc/domain';
import { subjects, subjectVisits } from '../../src/platform/db/schema/index.js';
import { findSubject, findSubjectWithVisits, listSubjects, subjectsWhere } from '../../src/modules/subjects/subjects.repo.js';
import { call } from '../support/test-app.js';
import { makeSubject, makeVisit, setupSubjectApp } from '../support/subject-factories.js';

// A matrix row is written as JSON by PostgreSQL (subject-json.sql.ts). Here it is held, byte for byte, to
// JSON.stringify of the same subject built in TypeScript from its stored row and the domain's rules (the cells'
// timing and the monitor's mark), for subjects and visits of every shape, text that needs escaping included.
const { t, w, db } = setupSubjectApp();

/** Text with what JSON escapes (quotes, backslashes, control characters) and what it does not (Cyrillic, astral, U+2028). */
const text = fc.string({
  unit: fc.oneof(
    fc.constantFrom('"', '\\', '\n', '\r', '\t', '\b', '\f', '\u0001', '\u001f', '\u007f', '\u2028', '/', 'я', 'Ё', '😀', '<'),
    // Any other character PostgreSQL stores (it refuses NUL).
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }).filter((c) => !c.includes('\u0000')),
  ),
  minLength: 1,
  maxLength: 12,
});
/** The visits of the design the subjects' visits are made of: every visit type twice. */
const SCHEDULES = 2 * VISIT_TYPES.length;
const day = fc.integer({ min: -400, max: 400 });
const subjectShape = fc.record({
  fullName: fc.option(text),
  screeningNumber: text,
  randomizationNumber: fc.option(text),
  randomizationGroup: fc.option(text),
  randomizedAfter: fc.option(fc.integer({ min: 0, max: 60 })),
  screenDay: day,
  status: fc.constantFrom(...SUBJECT_STATUSES.filter((s) => s !== 'Deleted')),
  signDay: fc.option(day),
  endDay: fc.option(day),
  endReason: fc.option(text),
  drTrialId: fc.option(text),
  isSigned: fc.boolean(),
  isTest: fc.boolean(),
  version: fc.integer({ min: 1, max: 1000 }),
  // One occurrence of a visit per repeat number, as the database requires.
  visits: fc.uniqueArray(
    fc.record({
      schedule: fc.nat(),
      heldAfter: fc.integer({ min: -20, max: 90 }),
      status: fc.constantFrom(...COMPLETED_STATUSES),
      validating: fc.boolean(),
      repeatIndex: fc.integer({ min: 0, max: 3 }),
    }),
    { maxLength: 6, selector: (v) => `${v.schedule % SCHEDULES}/${v.repeatIndex}` },
  ),
});

/** What the TypeScript side writes for the subject: the stored row through the domain's rules, in the schema's order. */
async function expectedJson(
  id: string,
  seesGroup: boolean,
  schedules: { id: string; visitType: string; dayNumber: number; dayPlus: number; index: number }[],
) {
  const s = (await findSubject(db(), id))!;
  const visitRows = await db().select().from(subjectVisits).where(eq(subjectVisits.subjectId, id));
  const byId = new Map(schedules.map((v) => [v.id, v]));
  const cells = visitRows
    .filter((v) => !v.deletedAt)
    .map((v) => ({ v, schedule: byId.get(v.visitId)! }))
    .sort(
      (a, b) =>
        a.schedule.index - b.schedule.index ||
        a.v.repeatIndex - b.v.repeatIndex ||
        a.v.date.localeCompare(b.v.date) ||
        (a.v.id < b.v.id ? -1 : 1),
    )
    .map(
      ({ v, schedule }): SubjectVisitBrief => ({
        id: v.id,
        visitId: v.visitId,
        date: v.date,
        formCompletedStatus: v.formCompletedStatus as SubjectVisitBrief['formCompletedStatus'],
        repeatIndex: v.repeatIndex,
        timing: heldVisitTiming({ ...schedule, visitType: schedule.visitType as never, dayMinus: 0 }, s, v.date),
        requestedByMonitor: isRequestedByMonitor({
          startValidatingDate: v.startValidatingDate,
          formCompletedStatus: v.formCompletedStatus as SubjectVisitBrief['formCompletedStatus'],
        }),
      }),
    );
  return JSON.stringify({
    id: s.id,
    researchId: s.researchId,
    researchOrganisationId: s.researchOrganisationId,
    researchOrganisationNumber: s.centreNumber,
    fullName: s.fullName,
    gender: s.gender,
    birthDate: s.birthDate,
    screenDate: s.screenDate,
    screeningNumber: s.screeningNumber,
    randomizationNumber: s.randomizationNumber,
    identificationNumber: s.identificationNumber,
    randomizationDate: s.randomizationDate,
    ...(seesGroup ? { randomizationGroup: s.randomizationGroup } : {}),
    status: s.status,
    isRandomised: s.isRandomised,
    isSigned: s.isSigned,
    signDate: s.signDate,
    endDate: s.endDate,
    endReason: s.endReason,
    drTrialId: s.drTrialId,
    isTest: s.isTest,
    version: s.version,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    subjectVisitList: cells,
  });
}

describe('a subject written as JSON by PostgreSQL', () => {
  it('is what JSON.stringify writes of the subject and its cells, with and without the randomisation group', async () => {
    // Schedules of every visit type, some counting from day 0 with no margin, some far out with a wide one.
    const schedules: Awaited<ReturnType<typeof makeVisit>>[] = [];
    for (const [i, visitType] of [...VISIT_TYPES, ...VISIT_TYPES].entries()) {
      schedules.push(
        await makeVisit(db(), w.researchId, { visitType, title: `JSON ${i}`, dayNumber: (i * 17) % 45, dayPlus: i % 4 }),
      );
    }
    const base = '2026-03-01';
    let n = 0;
    await fc.assert(
      fc.asyncProperty(subjectShape, async (shape) => {
        n++;
        const subject = await makeSubject(db(), {
          researchId: w.researchId,
          centreId: w.site.id,
          status: shape.status,
          // Numbers unique in the research, as the database requires.
          screeningNumber: `${n}${shape.screeningNumber}`,
          screenDate: addDays(base, shape.screenDay),
        });
        await db()
          .update(subjects)
          .set({
            fullName: shape.fullName,
            randomizationNumber: shape.randomizationNumber === null ? null : `${n}${shape.randomizationNumber}`,
            randomizationGroup: shape.randomizationGroup,
            randomizationDate: shape.randomizedAfter === null ? null : addDays(base, shape.screenDay + shape.randomizedAfter),
            isRandomised: shape.randomizedAfter !== null,
            signDate: shape.signDay === null ? null : addDays(base, shape.signDay),
            endDate: shape.endDay === null ? null : addDays(base, shape.endDay),
            endReason: shape.endReason,
            drTrialId: shape.drTrialId,
            isSigned: shape.isSigned,
            isTest: shape.isTest,
            version: shape.version,
          })
          .where(eq(subjects.id, subject.id));
        for (const v of shape.visits) {
          await db()
            .insert(subjectVisits)
            .values({
              subjectId: subject.id,
              visitId: schedules[v.schedule % SCHEDULES]!.id,
              date: addDays(base, shape.screenDay + v.heldAfter),
              formCompletedStatus: v.status,
              startValidatingDate: v.validating ? new Date() : null,
              repeatIndex: v.repeatIndex,
            });
        }
        const where = subjectsWhere({ researchId: w.researchId, centreId: w.site.id }, {});
        for (const seesGroup of [false, true]) {
          const expected = await expectedJson(subject.id, seesGroup, schedules);
          expect((await findSubjectWithVisits(db(), subject.id, seesGroup))!.json).toBe(expected);
          // And as a row of the centre's list, as the matrix reads it.
          const all = await listSubjects(db(), where, {}, { page: 1, pageSize: 1000 }, undefined, seesGroup);
          expect(all).toContain(expected);
        }
      }),
      // A fixed seed, so that a run is repeatable (SUBJECT_JSON_RUNS for more cases).
      { seed: 20_261_201, numRuns: Number(process.env.SUBJECT_JSON_RUNS ?? 40) },
    );
  });

  it('is sent as it is on the matrix and parsed into the subject reply', async () => {
    const subject = await makeSubject(db(), { researchId: w.researchId, centreId: w.site.id, screeningNumber: 'J-"1"\\я' });
    const token = w.callers.sitePi.token;
    const one = await call(t.app, 'GET', `/Subjects/${subject.id}`, { token });
    expect(one.status).toBe(200);
    expect(one.body.data.screeningNumber).toBe('J-"1"\\я');
    const page = await call(t.app, 'GET', `/Subjects?PageSize=50&screeningNumber=${encodeURIComponent('J-"1"')}`, { token });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data).toEqual([one.body.data]);
  });
});
