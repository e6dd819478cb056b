import { describe, expect, it } from 'vitest';
import {
  addDays,
  COMPLETED_STATUSES,
  ERROR_MESSAGES,
  FUTURE_DATE_MESSAGES,
  isRequestedByMonitor,
  type CompletedStatus,
  type ErrorCode,
} from '@edc/domain';
import { call, expectError } from '../support/test-app.js';
import { auditOf, matrix } from '../support/cast.js';
import { eq, inArray } from 'drizzle-orm';
import { subjects, subjectVisits } from '../../src/platform/db/schema/index.js';
import { makeCentre, makeResearch } from '../support/factories.js';
import {
  assignCentreVersion,
  daysAgo,
  future,
  makeEmployee,
  makeResearchVersion,
  makeSubject,
  makeSubjectVisit,
  makeVisit,
  setupSubjectApp,
  subjectsApi,
} from '../support/subject-factories.js';

const { t, w, db, as, site } = setupSubjectApp();
const UNKNOWN = '01900000-0000-7000-8000-000000000000';
const centre1 = () => w.world.cast.Site.centreId;

/** The same refusal for a Russian- and an English-speaking site PI, with the code's texts. */
async function expectBothLanguages(
  send: (token: string) => Promise<{ status: number; body: any }>,
  status: number,
  code: ErrorCode,
  path?: string,
) {
  const ru = expectError(await send(as('sitePi')), status, code, path);
  const en = expectError(await send(w.english.token), status, code, path);
  expect(ru.message).toBe(ERROR_MESSAGES[code].ru);
  expect(en.message).toBe(ERROR_MESSAGES[code].en);
}

const addVisit = (token: string, body: object) => call(t.app, 'POST', '/SubjectsVisit', { token, body });

describe('POST /SubjectsVisit', () => {
  it('the screening visit of a Started subject makes it Screened; both changes audited', async () => {
    const s = await site().create({ screenDate: daysAgo(10) });
    const res = await addVisit(as('sitePi'), { subjectId: s.id, visitId: w.schedule.screening.id, date: daysAgo(10) });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Сохранено');
    expect(res.body.data).toMatchObject({
      subjectId: s.id,
      visitId: w.schedule.screening.id,
      date: daysAgo(10),
      formCompletedStatus: 'Empty',
      repeatIndex: 0,
      signDate: null,
      startValidatingDate: null,
      timing: 'onTime',
      window: { target: daysAgo(10), from: daysAgo(10), to: daysAgo(10) },
      visit: { id: w.schedule.screening.id, title: 'Screening', visitTypeString: 'Screening', repeating: false },
    });
    const subject = await site().ok('GET', `/Subjects/${s.id}`);
    expect(subject).toMatchObject({ status: 'Screened', version: 2 });
    const [created] = await auditOf(db(), res.body.data.id, 'subject_visit.create');
    expect(created!.researchId).toBe(w.researchId);
    expect(created!.after).toMatchObject({ subjectId: s.id, visitId: w.schedule.screening.id, date: daysAgo(10) });
    const [screened] = await auditOf(db(), s.id, 'subject.screen');
    expect(screened!.before).toMatchObject({ status: 'Started' });
    expect(screened!.after).toMatchObject({ status: 'Screened' });
  });

  it('a Started subject takes no other visit first', async () => {
    const s = await site().create();
    await expectBothLanguages(
      (token) => addVisit(token, { subjectId: s.id, visitId: w.schedule.period.id, date: daysAgo(1) }),
      409,
      'subject_not_screened',
      'visitId',
    );
  });

  it('a non-repeating visit happens once; a repeating one many times, numbered', async () => {
    const s = await site().create();
    await site().visit(s.id, w.schedule.screening.id);
    await expectBothLanguages(
      (token) => addVisit(token, { subjectId: s.id, visitId: w.schedule.screening.id, date: daysAgo(1) }),
      409,
      'visit_already_exists',
      'visitId',
    );
    const indexes = [];
    for (let i = 0; i < 3; i++) indexes.push((await site().visit(s.id, w.schedule.unscheduled.id, daysAgo(5 - i))).repeatIndex);
    expect(indexes).toEqual([0, 1, 2]);
  });

  it('a visit tied to the external system is created there, unless it repeats', async () => {
    const s = await site().create();
    await site().visit(s.id, w.schedule.screening.id);
    await expectBothLanguages(
      (token) => addVisit(token, { subjectId: s.id, visitId: w.schedule.external.id, date: daysAgo(1) }),
      409,
      'visit_linked_externally',
      'visitId',
    );
    const repeating = await makeVisit(db(), w.researchId, { drTrialId: 'EXT-R', repeating: true });
    expect((await addVisit(as('sitePi'), { subjectId: s.id, visitId: repeating.id, date: daysAgo(1) })).status).toBe(200);
  });

  it('refuses a date in the future with the spec’s message, and one before screening', async () => {
    const s = await site().create({ screenDate: daysAgo(20) });
    const send = (token: string, date: string) => addVisit(token, { subjectId: s.id, visitId: w.schedule.screening.id, date });
    const ru = expectError(await send(as('sitePi'), future()), 400, 'future_visit_date', 'date');
    expect(ru.message).toBe(FUTURE_DATE_MESSAGES.visitDate.ru);
    const en = expectError(await send(w.english.token, future()), 400, 'future_visit_date', 'date');
    expect(en.message).toBe('The date of the visit must be no later than today');
    const early = expectError(await send(as('sitePi'), daysAgo(21)), 400, 'date_too_early', 'date');
    expect(early.message).toMatch(/^Дата не может быть раньше \d{2}\.\d{2}\.\d{4}$/);
  });

  it('refuses a screen failure, a signed subject and one linked externally', async () => {
    const failed = await makeSubject(db(), { researchId: w.researchId, centreId: centre1(), status: 'Failed' });
    await expectBothLanguages(
      (token) => addVisit(token, { subjectId: failed.id, visitId: w.schedule.period.id, date: daysAgo(1) }),
      409,
      'subject_failed',
      'visitId',
    );
    const signed = await makeSubject(db(), { researchId: w.researchId, centreId: centre1(), status: 'End', isSigned: true });
    await expectBothLanguages(
      (token) => addVisit(token, { subjectId: signed.id, visitId: w.schedule.end.id, date: daysAgo(1) }),
      409,
      'subject_signed',
      'visitId',
    );
    const linked = await makeSubject(db(), { researchId: w.researchId, centreId: centre1(), status: 'Screened', drTrialId: 'X' });
    await expectBothLanguages(
      (token) => addVisit(token, { subjectId: linked.id, visitId: w.schedule.period.id, date: daysAgo(1) }),
      409,
      'subject_linked_externally',
      'visitId',
    );
  });

  it('an ended (unsigned) subject still takes its end visit', async () => {
    const s = await makeSubject(db(), { researchId: w.researchId, centreId: centre1(), status: 'End', endDate: daysAgo(2) });
    expect((await addVisit(as('sitePi'), { subjectId: s.id, visitId: w.schedule.end.id, date: daysAgo(2) })).status).toBe(200);
  });

  it('404 names an unknown subject, an unknown visit, a visit of another research or a deleted one', async () => {
    const s = await site().create();
    expectError(
      await addVisit(as('sitePi'), { subjectId: UNKNOWN, visitId: w.schedule.screening.id, date: daysAgo(1) }),
      404,
      'not_found',
      'subjectId',
    );
    expectError(
      await addVisit(as('sitePi'), { subjectId: s.id, visitId: UNKNOWN, date: daysAgo(1) }),
      404,
      'not_found',
      'visitId',
    );
    const other = await makeResearch(db());
    const foreign = await makeVisit(db(), other.id, { visitType: 'Screening' });
    expectError(
      await addVisit(as('sitePi'), { subjectId: s.id, visitId: foreign.id, date: daysAgo(1) }),
      404,
      'not_found',
      'visitId',
    );
    const deleted = await makeVisit(db(), w.researchId, { visitType: 'Screening', deletedAt: new Date() });
    expectError(
      await addVisit(as('sitePi'), { subjectId: s.id, visitId: deleted.id, date: daysAgo(1) }),
      404,
      'not_found',
      'visitId',
    );
  });

  it.each(['date', 'subjectId', 'visitId'])('requires %s', async (field) => {
    const body: Record<string, unknown> = { date: daysAgo(1), subjectId: UNKNOWN, visitId: UNKNOWN };
    delete body[field];
    expectError(await addVisit(as('sitePi'), body), 400, 'required', field);
  });

  it.each(matrix({ sitePi: 200, testSitePi: 404 }, 403))(
    'role matrix (a site subject): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const s = await site().create();
      expect((await addVisit(as(caller), { subjectId: s.id, visitId: w.schedule.screening.id, date: daysAgo(1) })).status).toBe(
        expected,
      );
    },
  );
});

describe('visit windows and timing', () => {
  it('counts the period visit from randomisation: on time within dayPlus, overdue after', async () => {
    const s = await site().create({ screenDate: daysAgo(60) });
    await site().visit(s.id, w.schedule.screening.id, daysAgo(60));
    const randomisedOn = daysAgo(50);
    await site().randomise(s.id, { randomizationDate: randomisedOn });
    const held = await site().visit(s.id, w.schedule.period.id, addDays(randomisedOn, 16));
    expect(held).toMatchObject({
      timing: 'onTime',
      window: { target: addDays(randomisedOn, 14), from: addDays(randomisedOn, 12), to: addDays(randomisedOn, 16) },
    });
    const late = await site().visit(s.id, w.schedule.end.id, addDays(randomisedOn, 32));
    expect(late).toMatchObject({ timing: 'overdue', window: { to: addDays(randomisedOn, 31) } });
    const row = await site().ok('GET', `/Subjects/${s.id}`);
    expect(row.subjectVisitList.map((v: { visitId: string; timing: string }) => [v.visitId, v.timing])).toEqual([
      [w.schedule.screening.id, 'onTime'],
      [w.schedule.period.id, 'onTime'],
      [w.schedule.end.id, 'overdue'],
    ]);
  });

  it('the matrix cells agree, field by field and in order, with the subject visits read one by one', async () => {
    type Cell = { id: string; timing: string };
    // Each cell as the subject's visit list (another read, timed by the domain's visitTiming) says it should be.
    const expected = (v: any) => ({
      id: v.id,
      visitId: v.visitId,
      date: v.date,
      formCompletedStatus: v.formCompletedStatus,
      repeatIndex: v.repeatIndex,
      timing: v.timing,
      requestedByMonitor: isRequestedByMonitor(v),
    });
    const check = async (s: { id: string; screeningNumber: string }) => {
      const cells = (await site().ok('GET', `/Subjects/${s.id}`)).subjectVisitList as Cell[];
      const domain = (await site().ok('GET', `/SubjectsVisit?subjectId=${s.id}`)) as unknown[];
      expect(cells.length).toBeGreaterThan(0);
      expect(cells).toEqual(domain.map(expected));
      const page = await call(t.app, 'GET', `/Subjects?screeningNumber=${s.screeningNumber}`, { token: as('qa') });
      expect(page.body.data.find((r: { id: string }) => r.id === s.id).subjectVisitList).toEqual(cells);
      return new Set(cells.map((c) => c.timing));
    };
    const randomised = await makeSubject(db(), {
      researchId: w.researchId,
      centreId: centre1(),
      status: 'Randomised',
      screenDate: daysAgo(100),
      randomizationDate: daysAgo(90),
    });
    await makeSubjectVisit(db(), { subjectId: randomised.id, visitId: w.schedule.screening.id, date: daysAgo(100) });
    for (let d = 0; d < 6; d++) {
      await makeSubjectVisit(db(), {
        subjectId: randomised.id,
        visitId: w.schedule.unscheduled.id,
        date: daysAgo(92 - d),
        repeatIndex: d,
      });
    }
    await makeSubjectVisit(db(), { subjectId: randomised.id, visitId: w.schedule.period.id, date: daysAgo(74) }); // the last day
    await makeSubjectVisit(db(), { subjectId: randomised.id, visitId: w.schedule.end.id, date: daysAgo(58) }); // a day late
    // A visit whose validation started (the monitor's mark), one validated after it (no mark), one deleted (no cell).
    const requested = await makeSubjectVisit(db(), {
      subjectId: randomised.id,
      visitId: w.schedule.randomisation.id,
      date: daysAgo(90),
      status: 'QaValidated',
    });
    const validated = await makeSubjectVisit(db(), {
      subjectId: randomised.id,
      visitId: w.schedule.unscheduled.id,
      date: daysAgo(80),
      status: 'KioValidated',
      repeatIndex: 6,
    });
    await db()
      .update(subjectVisits)
      .set({ startValidatingDate: new Date() })
      .where(inArray(subjectVisits.id, [requested.id, validated.id]));
    const deleted = await makeSubjectVisit(db(), {
      subjectId: randomised.id,
      visitId: w.schedule.unscheduled.id,
      date: daysAgo(70),
      repeatIndex: 7,
    });
    await db().update(subjectVisits).set({ deletedAt: new Date() }).where(eq(subjectVisits.id, deleted.id));
    expect(await check(randomised)).toEqual(new Set(['onTime', 'overdue']));
    const cells = (await site().ok('GET', `/Subjects/${randomised.id}`)).subjectVisitList;
    expect(cells.filter((c: { requestedByMonitor: boolean }) => c.requestedByMonitor).map((c: { id: string }) => c.id)).toEqual([
      requested.id,
    ]);
    expect(cells.map((c: { repeatIndex: number }) => c.repeatIndex)).toEqual([0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 0]);
    const unrandomised = await makeSubject(db(), {
      researchId: w.researchId,
      centreId: centre1(),
      status: 'Screened',
      screenDate: daysAgo(50),
    });
    await makeSubjectVisit(db(), { subjectId: unrandomised.id, visitId: w.schedule.screening.id, date: daysAgo(49) });
    await makeSubjectVisit(db(), { subjectId: unrandomised.id, visitId: w.schedule.period.id, date: daysAgo(34) });
    expect(await check(unrandomised)).toEqual(new Set(['onTime', 'overdue']));
  });

  it('counts from screening while the subject is not randomised', async () => {
    const s = await site().create({ screenDate: daysAgo(30) });
    await site().visit(s.id, w.schedule.screening.id, daysAgo(30));
    const v = await site().visit(s.id, w.schedule.period.id, daysAgo(13));
    expect(v).toMatchObject({ timing: 'overdue', window: { target: daysAgo(16), to: daysAgo(14) } });
  });
});

describe('GET /SubjectsVisit and GET /Subjects/{id}/List', () => {
  it('lists the visits in schedule order, and in completed-status order', async () => {
    const s = await makeSubject(db(), { researchId: w.researchId, centreId: centre1(), status: 'Randomised' });
    const statuses = ['KioValidated', 'Empty', 'Completed', 'QaAndDmValidated', 'Started'] as const;
    const visitsInOrder = [
      w.schedule.screening,
      w.schedule.randomisation,
      w.schedule.period,
      w.schedule.end,
      w.schedule.unscheduled,
    ];
    for (const [i, visit] of visitsInOrder.entries()) {
      await makeSubjectVisit(db(), { subjectId: s.id, visitId: visit.id, status: statuses[i], date: daysAgo(40 - i) });
    }
    const bySchedule = await call(t.app, 'GET', `/SubjectsVisit?subjectId=${s.id}`, { token: as('qa') });
    expect(bySchedule.status).toBe(200);
    expect(bySchedule.body.data.map((v: { visit: { index: number } }) => v.visit.index)).toEqual(
      [...visitsInOrder].map((v) => v.index).sort((a, b) => a - b),
    );
    const byStatus = await call(t.app, 'GET', `/Subjects/${s.id}/List`, { token: as('kio') });
    const order: CompletedStatus[] = byStatus.body.data.map(
      (v: { formCompletedStatus: CompletedStatus }) => v.formCompletedStatus,
    );
    expect(order).toEqual(['Empty', 'Started', 'Completed', 'QaAndDmValidated', 'KioValidated']);
    expect(order).toEqual([...order].sort((a, b) => COMPLETED_STATUSES.indexOf(a) - COMPLETED_STATUSES.indexOf(b)));
  });

  it('400 without a subjectId; 404 for an unknown subject', async () => {
    expectError(await call(t.app, 'GET', '/SubjectsVisit', { token: as('qa') }), 400, 'required', 'subjectId');
    expectError(
      await call(t.app, 'GET', `/SubjectsVisit?subjectId=${UNKNOWN}`, { token: as('qa') }),
      404,
      'not_found',
      'subjectId',
    );
    expectError(await call(t.app, 'GET', `/Subjects/${UNKNOWN}/List`, { token: as('qa') }), 404, 'not_found', 'id');
  });

  it.each(matrix({ testSitePi: 404, outsider: 403 }, 200))(
    'role matrix (a site subject): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const s = await makeSubject(db(), { researchId: w.researchId, centreId: centre1() });
      expect((await call(t.app, 'GET', `/SubjectsVisit?subjectId=${s.id}`, { token: as(caller) })).status).toBe(expected);
      expect((await call(t.app, 'GET', `/Subjects/${s.id}/List`, { token: as(caller) })).status).toBe(expected);
    },
  );
});

describe('POST /SubjectsVisit/{id}/ChangeDate', () => {
  async function visitOf(date = daysAgo(20)) {
    const s = await site().create({ screenDate: daysAgo(30) });
    return (await site().visit(s.id, w.schedule.screening.id, date)) as { id: string; subjectId: string };
  }

  it('moves the date, audited with before and after', async () => {
    const v = await visitOf();
    const res = await call(t.app, 'POST', `/SubjectsVisit/${v.id}/ChangeDate?date=${daysAgo(25)}`, { token: as('sitePi') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: v.id, date: daysAgo(25) });
    const [audit] = await auditOf(db(), v.id, 'subject_visit.change_date');
    expect(audit!.before).toMatchObject({ date: daysAgo(20) });
    expect(audit!.after).toMatchObject({ date: daysAgo(25) });
    // The same date again changes nothing.
    await call(t.app, 'POST', `/SubjectsVisit/${v.id}/ChangeDate?date=${daysAgo(25)}`, { token: as('sitePi') });
    expect(await auditOf(db(), v.id, 'subject_visit.change_date')).toHaveLength(1);
  });

  it('refuses a future date, a date before screening, a malformed or missing one', async () => {
    const v = await visitOf();
    const send = (token: string, q: string) => call(t.app, 'POST', `/SubjectsVisit/${v.id}/ChangeDate${q}`, { token });
    expect(expectError(await send(as('sitePi'), `?date=${future()}`), 400, 'future_visit_date', 'date').message).toBe(
      FUTURE_DATE_MESSAGES.visitDate.ru,
    );
    expect(expectError(await send(w.english.token, `?date=${future()}`), 400, 'future_visit_date', 'date').message).toBe(
      FUTURE_DATE_MESSAGES.visitDate.en,
    );
    expectError(await send(as('sitePi'), `?date=${daysAgo(31)}`), 400, 'date_too_early', 'date');
    expectError(await send(as('sitePi'), '?date=31.12.2026'), 400, 'validation', 'date');
    expectError(await send(as('sitePi'), ''), 400, 'required', 'date');
  });

  it('refuses a signed visit and a subject that cannot be edited', async () => {
    const s = await makeSubject(db(), { researchId: w.researchId, centreId: centre1(), status: 'Screened' });
    const signedVisit = await makeSubjectVisit(db(), { subjectId: s.id, visitId: w.schedule.screening.id, signDate: daysAgo(1) });
    await expectBothLanguages(
      (token) => call(t.app, 'POST', `/SubjectsVisit/${signedVisit.id}/ChangeDate?date=${daysAgo(2)}`, { token }),
      409,
      'subject_visit_signed',
    );
    const linked = await makeSubject(db(), { researchId: w.researchId, centreId: centre1(), status: 'Screened', drTrialId: 'E' });
    const v = await makeSubjectVisit(db(), { subjectId: linked.id, visitId: w.schedule.screening.id });
    expectError(
      await call(t.app, 'POST', `/SubjectsVisit/${v.id}/ChangeDate?date=${daysAgo(2)}`, { token: as('sitePi') }),
      409,
      'subject_linked_externally',
    );
  });

  it('404 for an unknown visit', async () => {
    expectError(
      await call(t.app, 'POST', `/SubjectsVisit/${UNKNOWN}/ChangeDate?date=${daysAgo(2)}`, { token: as('sitePi') }),
      404,
      'not_found',
      'id',
    );
  });

  it.each(matrix({ sitePi: 200, testSitePi: 404 }, 403))(
    'role matrix (a site visit): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const v = await visitOf();
      expect(
        (await call(t.app, 'POST', `/SubjectsVisit/${v.id}/ChangeDate?date=${daysAgo(21)}`, { token: as(caller) })).status,
      ).toBe(expected);
    },
  );
});

describe('research versions of a new visit', () => {
  it('takes the version the centre works in on the visit date and refuses visits outside it', async () => {
    const v1 = await makeResearchVersion(db(), w.researchId, { majorIndex: 1, minorIndex: 0, startedDate: daysAgo(300) });
    const v2 = await makeResearchVersion(db(), w.researchId, { majorIndex: 2, minorIndex: 0, startedDate: daysAgo(10) });
    const assigned = await assignCentreVersion(db(), {
      researchId: w.researchId,
      centreId: centre1(),
      researchVersionId: v1.id,
      startedDate: daysAgo(200),
    });
    // Assigned for later: not current yet.
    await assignCentreVersion(db(), {
      researchId: w.researchId,
      centreId: centre1(),
      researchVersionId: v2.id,
      startedDate: future(),
    });
    const onlyV2 = await makeVisit(db(), w.researchId, { repeating: true, versionIds: [v2.id] });
    const inV1 = await makeVisit(db(), w.researchId, { repeating: true, versionIds: [v1.id, v2.id] });
    const s = await site().create();
    await site().visit(s.id, w.schedule.screening.id);
    const refused = await addVisit(w.english.token, { subjectId: s.id, visitId: onlyV2.id, date: daysAgo(1) });
    expect(expectError(refused, 409, 'visit_not_in_version', 'visitId').message).toBe(
      'The visit is not part of the research version the centre works in on the visit date (1.0)',
    );
    const made = await site().visit(s.id, inV1.id, daysAgo(1));
    expect(made.researchVersion).toMatchObject({ id: v1.id, index: '1.0' });
    expect(made.researchOrganisationVersion).toMatchObject({
      id: assigned.id,
      startedDate: daysAgo(200),
      researchVersion: { id: v1.id, index: '1.0' },
      protocolVersion: { id: assigned.protocol.id, protocolVersionNumber: assigned.protocol.protocolVersionNumber },
    });
    // A centre with no version of its own works in the research's latest one.
    const site2 = subjectsApi(t.app, w.site2.token);
    const s2 = await site2.create();
    await site2.visit(s2.id, w.schedule.screening.id);
    const made2 = await site2.visit(s2.id, onlyV2.id);
    expect(made2).toMatchObject({ researchVersion: { id: v2.id, index: '2.0' }, researchOrganisationVersion: null });
  });
});

describe('GET /Statistic/SubjectVisitsStatistic/{researchId}', () => {
  /** A research of its own, so that the counts are exact. */
  async function statisticWorld() {
    const research = await makeResearch(db());
    const a = await makeCentre(db(), { researchId: research.id, type: 'Site', number: 'A' });
    const b = await makeCentre(db(), { researchId: research.id, type: 'Site', number: 'B' });
    const qaCentre = await makeCentre(db(), { researchId: research.id, type: 'Qa', number: 'Q' });
    const siteA = await makeEmployee(t.app, db(), a, 'PrincipalInvestigator');
    const qa = await makeEmployee(t.app, db(), qaCentre, 'SpecialistQa');
    const screening = await makeVisit(db(), research.id, { visitType: 'Screening' });
    const day14 = await makeVisit(db(), research.id, { visitType: 'Period', dayNumber: 14, dayPlus: 2 });
    const randomisedOn = daysAgo(100);
    const subject = async (centreId: string) =>
      makeSubject(db(), {
        researchId: research.id,
        centreId,
        status: 'Randomised',
        screenDate: daysAgo(110),
        randomizationDate: randomisedOn,
      });
    const sa = await subject(a.id);
    const sb = await subject(b.id);
    await makeSubjectVisit(db(), { subjectId: sa.id, visitId: screening.id, date: daysAgo(110), status: 'KioValidated' }); // on time
    await makeSubjectVisit(db(), { subjectId: sa.id, visitId: day14.id, date: addDays(randomisedOn, 16), status: 'Completed' }); // on time
    await makeSubjectVisit(db(), { subjectId: sb.id, visitId: screening.id, date: daysAgo(109), status: 'Completed' }); // overdue
    await makeSubjectVisit(db(), { subjectId: sb.id, visitId: day14.id, date: addDays(randomisedOn, 17), status: 'Completed' }); // overdue
    const deleted = await subject(a.id);
    await makeSubjectVisit(db(), { subjectId: deleted.id, visitId: day14.id, date: addDays(randomisedOn, 30), status: 'Empty' });
    await db().update(subjects).set({ deletedAt: new Date(), status: 'Deleted' }).where(eq(subjects.id, deleted.id));
    return { research, a, b, siteA, qa, sa, sb };
  }

  it('counts on-time and overdue visits per completed status, scoped like the matrix', async () => {
    const sw = await statisticWorld();
    const qa = await call(t.app, 'GET', `/Statistic/SubjectVisitsStatistic/${sw.research.id}`, { token: sw.qa.token });
    expect(qa.status).toBe(200);
    const statusOf = (body: any, status: string) => body.data.statuses.find((s: { status: string }) => s.status === status);
    expect(qa.body.data.statuses.map((s: { status: string }) => s.status)).toEqual([...COMPLETED_STATUSES]);
    expect(statusOf(qa.body, 'Completed')).toEqual({ status: 'Completed', onTime: 1, overdue: 2 });
    expect(statusOf(qa.body, 'KioValidated')).toEqual({ status: 'KioValidated', onTime: 1, overdue: 0 });
    expect(statusOf(qa.body, 'Empty')).toEqual({ status: 'Empty', onTime: 0, overdue: 0 });
    expect(qa.body.data).toMatchObject({ researchId: sw.research.id, onTime: 2, overdue: 2 });
    const filtered = await call(
      t.app,
      'GET',
      `/Statistic/SubjectVisitsStatistic/${sw.research.id}?researchOrganisationId=${sw.b.id}`,
      {
        token: sw.qa.token,
      },
    );
    expect(filtered.body.data).toMatchObject({ onTime: 0, overdue: 2 });
    const siteA = await call(t.app, 'GET', `/Statistic/SubjectVisitsStatistic/${sw.research.id}`, { token: sw.siteA.token });
    expect(siteA.body.data).toMatchObject({ onTime: 2, overdue: 0 });
    const admin = await call(t.app, 'GET', `/Statistic/SubjectVisitsStatistic/${sw.research.id}`, { token: as('admin') });
    expect(admin.body.data).toMatchObject({ onTime: 2, overdue: 2 });
  });

  it('agrees with the timing of each matrix cell', async () => {
    const sw = await statisticWorld();
    const list = await call(t.app, 'GET', `/Subjects?researchId=${sw.research.id}&PageSize=50`, { token: as('admin') });
    const cells = list.body.data.flatMap(
      (s: { subjectVisitList: { timing: string; formCompletedStatus: string }[] }) => s.subjectVisitList,
    );
    const stat = await call(t.app, 'GET', `/Statistic/SubjectVisitsStatistic/${sw.research.id}`, { token: as('admin') });
    for (const row of stat.body.data.statuses) {
      const mine = cells.filter((c: { formCompletedStatus: string }) => c.formCompletedStatus === row.status);
      expect(mine.filter((c: { timing: string }) => c.timing === 'onTime').length, row.status).toBe(row.onTime);
      expect(mine.filter((c: { timing: string }) => c.timing === 'overdue').length, row.status).toBe(row.overdue);
    }
  });

  it('refuses another research to its employees (403), an unknown one (404), and callers with no subject view (403)', async () => {
    const sw = await statisticWorld();
    expectError(
      await call(t.app, 'GET', `/Statistic/SubjectVisitsStatistic/${sw.research.id}`, { token: as('qa') }),
      403,
      'no_research_access',
      'researchId',
    );
    expectError(
      await call(t.app, 'GET', `/Statistic/SubjectVisitsStatistic/${UNKNOWN}`, { token: as('admin') }),
      404,
      'not_found',
      'researchId',
    );
    expectError(
      await call(t.app, 'GET', `/Statistic/SubjectVisitsStatistic/${w.researchId}`, { token: as('outsider') }),
      403,
      'forbidden',
    );
  });

  it.each(matrix({ outsider: 403 }, 200))('role matrix (the world’s research): %s (%s) gets %i', async (_l, caller, expected) => {
    expect((await call(t.app, 'GET', `/Statistic/SubjectVisitsStatistic/${w.researchId}`, { token: as(caller) })).status).toBe(
      expected,
    );
  });
});
