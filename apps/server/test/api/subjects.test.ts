import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, FUTURE_DATE_MESSAGES, type ErrorCode } from '@edc/domain';
import { call, expectError } from '../support/test-app.js';
import { auditOf, matrix } from '../support/cast.js';
import { PASSWORD } from '../support/factories.js';
import {
  daysAgo,
  future,
  makeEmployee,
  makeSubject,
  makeSubjectVisit,
  setupSubjectApp,
  subjectsApi,
  subjectVersion,
} from '../support/subject-factories.js';

const { t, w, db, as, site } = setupSubjectApp();
const UNKNOWN = '01900000-0000-7000-8000-000000000000';

/** The same failing call as a Russian- and an English-speaking site PI: both messages are the code's texts. */
async function expectBothLanguages(
  send: (token: string) => Promise<{ status: number; body: any }>,
  status: number,
  code: ErrorCode,
  path?: string,
) {
  const ru = expectError(await send(as('sitePi')), status, code, path);
  const en = expectError(await send(w.english.token), status, code, path);
  if (!ERROR_MESSAGES[code].ru.includes('{')) {
    expect(ru.message).toBe(ERROR_MESSAGES[code].ru);
    expect(en.message).toBe(ERROR_MESSAGES[code].en);
  } else {
    expect(ru.message).not.toBe(en.message);
  }
  return { ru: ru.message, en: en.message };
}

/** A subject of the site, screened through its screening visit. */
async function screened() {
  const s = await site().create();
  await site().visit(s.id, w.schedule.screening.id);
  return (await site().ok('GET', `/Subjects/${s.id}`)) as { id: string; version: number; status: string };
}
async function randomised() {
  const s = await screened();
  return (await site().randomise(s.id)) as { id: string; version: number; status: string; randomizationNumber: string };
}
async function ended(status: 'End' | 'EndAheadSchedule' = 'End') {
  const s = await randomised();
  const path = status === 'End' ? 'End' : 'EndAheadSchedule';
  return (await site().ok('POST', `/Subjects/${s.id}/${path}`, {
    version: s.version,
    endDate: daysAgo(1),
    endReason: 'Completed',
  })) as {
    id: string;
    version: number;
  };
}

describe('POST /Subjects', () => {
  it('enrols a Started subject in the caller’s centre with the next identification number, audited', async () => {
    const centre = w.world.cast.Site;
    const res = await call(t.app, 'POST', '/Subjects', {
      token: as('sitePi'),
      body: {
        genderString: 'Female',
        birthDate: '1985-03-04',
        screenDate: daysAgo(2),
        screeningNumber: 'SCR-001',
        fullName: 'И. И.',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Сохранено');
    expect(res.body.data).toMatchObject({
      status: 'Started',
      gender: 'Female',
      screeningNumber: 'SCR-001',
      fullName: 'И. И.',
      researchId: w.researchId,
      researchOrganisationId: centre.centreId,
      isRandomised: false,
      isSigned: false,
      version: 1,
      subjectVisitList: [],
    });
    const number = res.body.data.researchOrganisationNumber;
    expect(res.body.data.identificationNumber).toMatch(new RegExp(`^${number}-\\d{3}$`));
    const next = await site().create();
    const seq = (x: string) => Number(x.split('-').at(-1));
    expect(seq(next.identificationNumber)).toBe(seq(res.body.data.identificationNumber) + 1);
    const [audit] = await auditOf(db(), res.body.data.id, 'subject.create');
    expect(audit!.researchId).toBe(w.researchId);
    expect(audit!.userId).toBe(w.callers.sitePi.userId);
    expect(audit!.before).toBeNull();
    expect(audit!.after).toMatchObject({ screeningNumber: 'SCR-001', status: 'Started' });
  });

  it('takes fullName as optional', async () => {
    const s = await site().create({ fullName: undefined });
    expect(s.fullName).toBeNull();
  });

  it.each(['genderString', 'birthDate', 'screenDate', 'screeningNumber'])('requires %s (400 naming it)', async (field) => {
    const body: Record<string, unknown> = {
      genderString: 'Male',
      birthDate: '1990-01-01',
      screenDate: daysAgo(1),
      screeningNumber: 'X-1',
    };
    delete body[field];
    expectError(await call(t.app, 'POST', '/Subjects', { token: as('sitePi'), body }), 400, 'required', field);
  });

  it.each([
    ['genderString', 'Both'],
    ['birthDate', '2026-02-30'],
    ['screenDate', '01.02.2026'],
    ['screeningNumber', '   '],
  ])('refuses an invalid %s (%s) with 400 naming it', async (field, value) => {
    const body = {
      genderString: 'Male',
      birthDate: '1990-01-01',
      screenDate: daysAgo(1),
      screeningNumber: 'X-2',
      [field]: value,
    };
    expectError(await call(t.app, 'POST', '/Subjects', { token: as('sitePi'), body }), 400, 'validation', field);
  });

  it('refuses a screening date in the future with the spec’s message, in both languages', async () => {
    const body = { genderString: 'Male', birthDate: '1990-01-01', screenDate: future(), screeningNumber: 'F-1' };
    const send = (token: string) => call(t.app, 'POST', '/Subjects', { token, body });
    const ru = expectError(await send(as('sitePi')), 400, 'future_screen_date', 'screenDate');
    expect(ru.message).toBe('Дата скрининга должна быть не позднее сегодняшней');
    const en = expectError(await send(w.english.token), 400, 'future_screen_date', 'screenDate');
    expect(en.message).toBe('The screening date must be no later than today');
  });

  it('refuses a birth date in the future, and a screening date before birth', async () => {
    const future1 = await call(t.app, 'POST', '/Subjects', {
      token: w.english.token,
      body: { genderString: 'Male', birthDate: future(), screenDate: daysAgo(1), screeningNumber: 'F-2' },
    });
    expect(expectError(future1, 400, 'future_date', 'birthDate').message).toBe(FUTURE_DATE_MESSAGES.date.en);
    const before = await call(t.app, 'POST', '/Subjects', {
      token: as('sitePi'),
      body: { genderString: 'Male', birthDate: '2000-05-06', screenDate: '2000-05-05', screeningNumber: 'F-3' },
    });
    expect(expectError(before, 400, 'date_too_early', 'screenDate').message).toBe('Дата не может быть раньше 06.05.2000');
  });

  it('refuses a screening number in use in the research (any centre) with 409; a deleted subject frees it', async () => {
    const s = await site().create({ screeningNumber: 'DUP-1' });
    const other = await call(t.app, 'POST', '/Subjects', {
      token: w.site2.token,
      body: { genderString: 'Male', birthDate: '1990-01-01', screenDate: daysAgo(1), screeningNumber: 'DUP-1' },
    });
    const err = expectError(other, 409, 'screening_number_taken', 'screeningNumber');
    expect(err.message).toContain('DUP-1');
    await site().ok('DELETE', `/Subjects/${s.id}`);
    const again = await subjectsApi(t.app, w.site2.token).create({ screeningNumber: 'DUP-1' });
    expect(again.screeningNumber).toBe('DUP-1');
  });

  it.each(matrix({ sitePi: 200, testSitePi: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const res = await call(t.app, 'POST', '/Subjects', {
      token: as(caller),
      body: { genderString: 'Male', birthDate: '1990-01-01', screenDate: daysAgo(1), screeningNumber: `M-${caller}` },
    });
    expect(res.status).toBe(expected);
  });

  it('401 without a session', async () => {
    expect((await call(t.app, 'POST', '/Subjects', { body: {} })).status).toBe(401);
  });
});

describe('PUT /Subjects/{id}/', () => {
  it('changes the details, adds one to the version, audits before, after and the reason', async () => {
    const s = await site().create({ screeningNumber: 'ED-1' });
    const res = await call(t.app, 'PUT', `/Subjects/${s.id}/`, {
      token: as('sitePi'),
      body: {
        version: 1,
        fullName: 'Новое Имя',
        screeningNumber: 'ED-2',
        genderString: 'Female',
        reasonForChange: 'Ошибка ввода',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ fullName: 'Новое Имя', screeningNumber: 'ED-2', gender: 'Female', version: 2 });
    const [audit] = await auditOf(db(), s.id, 'subject.update');
    expect(audit!.reason).toBe('Ошибка ввода');
    expect(audit!.before).toMatchObject({ screeningNumber: 'ED-1', version: 1 });
    expect(audit!.after).toMatchObject({ screeningNumber: 'ED-2', version: 2 });
    // The path without the trailing slash works too.
    const plain = await call(t.app, 'PUT', `/Subjects/${s.id}`, { token: as('sitePi'), body: { version: 2, fullName: null } });
    expect(plain.body.data).toMatchObject({ fullName: null, version: 3 });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const s = await site().create();
    await site().ok('PUT', `/Subjects/${s.id}/`, { version: 1, fullName: 'First' });
    const stale = await call(t.app, 'PUT', `/Subjects/${s.id}/`, {
      token: as('sitePi'),
      body: { version: 1, fullName: 'Second' },
    });
    expect(expectError(stale, 409, 'conflict', 'version').message).toBe(ERROR_MESSAGES.conflict.ru);
    expect((await site().ok('GET', `/Subjects/${s.id}`)).fullName).toBe('First');
  });

  it('requires the version', async () => {
    const s = await site().create();
    expectError(
      await call(t.app, 'PUT', `/Subjects/${s.id}/`, { token: as('sitePi'), body: { fullName: 'X' } }),
      400,
      'required',
      'version',
    );
  });

  it('an unchanged edit keeps the version and writes no audit record', async () => {
    const s = await site().create({ fullName: 'Same' });
    const res = await site().ok('PUT', `/Subjects/${s.id}/`, { version: 1, fullName: 'Same' });
    expect(res.version).toBe(1);
    expect(await auditOf(db(), s.id, 'subject.update')).toHaveLength(0);
  });

  it('checks the dates: not in the future, screening not before birth nor after randomisation or a visit', async () => {
    const s = await screened();
    const send = (token: string, body: object) =>
      call(t.app, 'PUT', `/Subjects/${s.id}/`, { token, body: { version: s.version, ...body } });
    const f = expectError(await send(w.english.token, { screenDate: future() }), 400, 'future_screen_date', 'screenDate');
    expect(f.message).toBe(FUTURE_DATE_MESSAGES.screenDate.en);
    expectError(await send(as('sitePi'), { birthDate: future() }), 400, 'future_date', 'birthDate');
    const late = expectError(await send(as('sitePi'), { screenDate: daysAgo(1) }), 400, 'date_too_late', 'screenDate');
    expect(late.message).toMatch(/^Дата не может быть позже \d{2}\.\d{2}\.\d{4}$/);
    expectError(await send(as('sitePi'), { birthDate: daysAgo(1) }), 400, 'date_too_late', 'birthDate');
  });

  it('refuses a screening number in use with 409', async () => {
    const a = await site().create();
    const b = await site().create();
    const res = await call(t.app, 'PUT', `/Subjects/${b.id}/`, {
      token: as('sitePi'),
      body: { version: 1, screeningNumber: a.screeningNumber },
    });
    expectError(res, 409, 'screening_number_taken', 'screeningNumber');
  });

  it('refuses subjects linked to the external system and signed subjects with 409', async () => {
    const centreId = w.world.cast.Site.centreId;
    const linked = await makeSubject(db(), { researchId: w.researchId, centreId, status: 'Screened', drTrialId: 'EXT-9' });
    expectError(
      await call(t.app, 'PUT', `/Subjects/${linked.id}/`, { token: as('sitePi'), body: { version: 1, fullName: 'X' } }),
      409,
      'subject_linked_externally',
    );
    const signed = await makeSubject(db(), {
      researchId: w.researchId,
      centreId,
      status: 'End',
      isSigned: true,
      endDate: daysAgo(2),
    });
    expectError(
      await call(t.app, 'PUT', `/Subjects/${signed.id}/`, { token: as('sitePi'), body: { version: 1, fullName: 'X' } }),
      409,
      'subject_signed',
    );
  });

  it('404 for an unknown subject; 400 for a malformed id', async () => {
    expectError(
      await call(t.app, 'PUT', `/Subjects/${UNKNOWN}/`, { token: as('sitePi'), body: { version: 1 } }),
      404,
      'not_found',
      'id',
    );
    expectError(
      await call(t.app, 'PUT', '/Subjects/abc/', { token: as('sitePi'), body: { version: 1 } }),
      400,
      'validation',
      'id',
    );
  });

  it.each(matrix({ sitePi: 200, testSitePi: 404 }, 403))(
    'role matrix (a site subject): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const s = await site().create();
      const res = await call(t.app, 'PUT', `/Subjects/${s.id}/`, { token: as(caller), body: { version: 1, fullName: 'M' } });
      expect(res.status).toBe(expected);
    },
  );
});

describe('POST /Subjects/{id}/Randomise', () => {
  it('randomises a screened subject with a screening visit, audited', async () => {
    const s = await screened();
    const res = await call(t.app, 'POST', `/Subjects/${s.id}/Randomise`, {
      token: w.unblinded.token,
      body: {
        version: await subjectVersion(t.database.db, s.id),
        randomizationDate: daysAgo(5),
        randomizationGroup: 'B',
        randomizationNumber: 'R-100',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'Randomised',
      isRandomised: true,
      randomizationDate: daysAgo(5),
      randomizationGroup: 'B',
      randomizationNumber: 'R-100',
      version: s.version + 1,
    });
    const [audit] = await auditOf(db(), s.id, 'subject.randomise');
    expect(audit!.before).toMatchObject({ status: 'Screened', isRandomised: false });
    expect(audit!.after).toMatchObject({ status: 'Randomised', randomizationGroup: 'B', randomizationNumber: 'R-100' });
    expect(audit!.researchId).toBe(w.researchId);
  });

  it.each([
    ['Started', 'subject_not_screened'],
    ['Randomised', 'subject_already_randomised'],
    ['Failed', 'subject_not_screened'],
    ['End', 'subject_already_randomised'],
    ['EndAheadSchedule', 'subject_already_randomised'],
  ] as const)('refuses a %s subject with 409 %s', async (status, code) => {
    const s = await makeSubject(db(), { researchId: w.researchId, centreId: w.world.cast.Site.centreId, status });
    await makeSubjectVisit(db(), { subjectId: s.id, visitId: w.schedule.screening.id });
    const res = await call(t.app, 'POST', `/Subjects/${s.id}/Randomise`, {
      token: as('sitePi'),
      body: {
        version: await subjectVersion(t.database.db, s.id),
        randomizationDate: daysAgo(5),
        randomizationGroup: 'A',
        randomizationNumber: `R-${status}`,
      },
    });
    expectError(res, 409, code);
  });

  it('refuses a screened subject without a screening visit', async () => {
    const s = await makeSubject(db(), { researchId: w.researchId, centreId: w.world.cast.Site.centreId, status: 'Screened' });
    const send = async (token: string) =>
      call(t.app, 'POST', `/Subjects/${s.id}/Randomise`, {
        token,
        body: {
          version: await subjectVersion(t.database.db, s.id),
          randomizationDate: daysAgo(5),
          randomizationGroup: 'A',
          randomizationNumber: 'R-NSV',
        },
      });
    await expectBothLanguages(send, 409, 'subject_no_screening_visit');
  });

  it.each(['randomizationDate', 'randomizationGroup', 'randomizationNumber'])('requires %s', async (field) => {
    const s = await screened();
    // Group and number are required only without IWRS, so the service names them, after the version check.
    const body: Record<string, unknown> = {
      version: await subjectVersion(db(), s.id),
      randomizationDate: daysAgo(5),
      randomizationGroup: 'A',
      randomizationNumber: 'R-REQ',
    };
    delete body[field];
    expectError(await call(t.app, 'POST', `/Subjects/${s.id}/Randomise`, { token: as('sitePi'), body }), 400, 'required', field);
  });

  it('checks the date, the group and the number', async () => {
    const taken = await randomised();
    const s = await screened();
    const send = async (token: string, over: object) =>
      call(t.app, 'POST', `/Subjects/${s.id}/Randomise`, {
        token,
        body: {
          version: await subjectVersion(t.database.db, s.id),
          randomizationDate: daysAgo(5),
          randomizationGroup: 'A',
          randomizationNumber: 'R-CHK',
          ...over,
        },
      });
    const ru = expectError(
      await send(as('sitePi'), { randomizationDate: future() }),
      400,
      'future_randomization_date',
      'randomizationDate',
    );
    expect(ru.message).toBe(FUTURE_DATE_MESSAGES.randomizationDate.ru);
    const en = expectError(await send(w.english.token, { randomizationDate: future() }), 400, 'future_randomization_date');
    expect(en.message).toBe('The date of randomization must be no later than today');
    expectError(await send(as('sitePi'), { randomizationDate: daysAgo(400) }), 400, 'date_too_early', 'randomizationDate');
    const group = expectError(
      await send(w.english.token, { randomizationGroup: 'C' }),
      400,
      'randomization_group_unknown',
      'randomizationGroup',
    );
    expect(group.message).toBe('The research has no group “C”; choose one of: A, B');
    const number = expectError(
      await send(as('sitePi'), { randomizationNumber: taken.randomizationNumber }),
      409,
      'randomization_number_taken',
      'randomizationNumber',
    );
    expect(number.message).toContain(taken.randomizationNumber);
    expect((await site().ok('GET', `/Subjects/${s.id}`)).status).toBe('Screened');
  });

  it('refuses a stale version when one is sent', async () => {
    const s = await screened();
    const res = await call(t.app, 'POST', `/Subjects/${s.id}/Randomise`, {
      token: as('sitePi'),
      body: {
        randomizationDate: daysAgo(5),
        randomizationGroup: 'A',
        randomizationNumber: 'R-STALE',
        version: s.version - 1,
      },
    });
    expectError(res, 409, 'conflict', 'version');
  });

  it.each(matrix({ sitePi: 200, testSitePi: 404 }, 403))(
    'role matrix (a site subject): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const s = await screened();
      const res = await call(t.app, 'POST', `/Subjects/${s.id}/Randomise`, {
        token: as(caller),
        body: {
          version: await subjectVersion(t.database.db, s.id),
          randomizationDate: daysAgo(5),
          randomizationGroup: 'A',
          randomizationNumber: `RM-${caller}`,
        },
      });
      expect(res.status).toBe(expected);
    },
  );
});

describe('PUT /Subjects/{id}/Randomise', () => {
  it('corrects the randomisation of a randomised subject, audited with the reason', async () => {
    const s = await randomised();
    const res = await call(t.app, 'PUT', `/Subjects/${s.id}/Randomise`, {
      token: w.unblinded.token,
      body: { version: s.version, randomizationDate: daysAgo(29), randomizationNumber: 'R-FIX', reasonForChange: 'Ошибка ввода' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      randomizationGroup: 'A',
      randomizationDate: daysAgo(29),
      randomizationNumber: 'R-FIX',
      version: s.version + 1,
      status: 'Randomised',
    });
    const [audit] = await auditOf(db(), s.id, 'subject.update_randomisation');
    expect(audit!.reason).toBe('Ошибка ввода');
    expect(audit!.after).toMatchObject({ randomizationNumber: 'R-FIX', randomizationGroup: 'A' });
  });

  it('refuses a stale version, a subject not randomised, an ended one and a signed one', async () => {
    const s = await randomised();
    expectError(
      await call(t.app, 'PUT', `/Subjects/${s.id}/Randomise`, {
        token: as('sitePi'),
        body: { version: s.version + 5, randomizationNumber: 'R-STALE' },
      }),
      409,
      'conflict',
      'version',
    );
    const scr = await screened();
    expectError(
      await call(t.app, 'PUT', `/Subjects/${scr.id}/Randomise`, {
        token: as('sitePi'),
        body: { version: scr.version, randomizationNumber: 'R-SCR' },
      }),
      409,
      'subject_not_randomised',
    );
    const end = await ended();
    const send = (token: string) =>
      call(t.app, 'PUT', `/Subjects/${end.id}/Randomise`, {
        token,
        body: { version: end.version, randomizationNumber: 'R-END' },
      });
    await expectBothLanguages(send, 409, 'subject_ended');
    const signed = await makeSubject(db(), {
      researchId: w.researchId,
      centreId: w.world.cast.Site.centreId,
      status: 'Randomised',
      isSigned: true,
    });
    expectError(
      await call(t.app, 'PUT', `/Subjects/${signed.id}/Randomise`, {
        token: as('sitePi'),
        body: { version: 1, randomizationNumber: 'R-SIGNED' },
      }),
      409,
      'subject_signed',
    );
  });

  it('checks the new date and number like Randomise does', async () => {
    const other = await randomised();
    const s = await randomised();
    const send = (body: object) =>
      call(t.app, 'PUT', `/Subjects/${s.id}/Randomise`, { token: as('sitePi'), body: { version: s.version, ...body } });
    expectError(await send({ randomizationDate: future() }), 400, 'future_randomization_date', 'randomizationDate');
    expectError(
      await send({ randomizationNumber: other.randomizationNumber }),
      409,
      'randomization_number_taken',
      'randomizationNumber',
    );
  });
});

describe('POST /Subjects/{id}/Failure (screenfailer)', () => {
  it('fails a screened subject with only the screening visit; final', async () => {
    const s = await screened();
    const res = await call(t.app, 'POST', `/Subjects/${s.id}/Failure`, {
      token: as('sitePi'),
      body: { version: await subjectVersion(t.database.db, s.id), endDate: daysAgo(1), endReason: 'Критерий исключения №3' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'Failed',
      endDate: daysAgo(1),
      endReason: 'Критерий исключения №3',
      isRandomised: false,
    });
    const [audit] = await auditOf(db(), s.id, 'subject.fail');
    expect(audit!.before).toMatchObject({ status: 'Screened' });
    expect(audit!.after).toMatchObject({ status: 'Failed' });
    // Nothing leads out of Failed.
    expectError(
      await call(t.app, 'POST', `/Subjects/${s.id}/Failure`, {
        token: as('sitePi'),
        body: { version: await subjectVersion(t.database.db, s.id), endDate: daysAgo(1), endReason: 'x' },
      }),
      409,
      'subject_not_screened',
    );
    expectError(
      await call(t.app, 'POST', `/Subjects/${s.id}/Randomise`, {
        token: as('sitePi'),
        body: {
          version: await subjectVersion(t.database.db, s.id),
          randomizationDate: daysAgo(1),
          randomizationGroup: 'A',
          randomizationNumber: 'R-F',
        },
      }),
      409,
      'subject_not_screened',
    );
    expectError(
      await call(t.app, 'POST', `/Subjects/${s.id}/End`, {
        token: as('sitePi'),
        body: { version: await subjectVersion(t.database.db, s.id), endDate: daysAgo(1) },
      }),
      409,
      'subject_not_randomised',
    );
  });

  it('fails a screened subject with no visits at all', async () => {
    const s = await makeSubject(db(), { researchId: w.researchId, centreId: w.world.cast.Site.centreId, status: 'Screened' });
    const res = await call(t.app, 'POST', `/Subjects/${s.id}/Failure`, {
      token: as('sitePi'),
      body: { version: await subjectVersion(t.database.db, s.id), endDate: daysAgo(1), endReason: 'x' },
    });
    expect(res.body.data.status).toBe('Failed');
  });

  it('refuses a subject with visits beyond screening, a started one and a randomised one', async () => {
    const s = await screened();
    await site().visit(s.id, w.schedule.unscheduled.id, daysAgo(10));
    const send = async (token: string) =>
      call(t.app, 'POST', `/Subjects/${s.id}/Failure`, {
        token,
        body: { version: await subjectVersion(t.database.db, s.id), endDate: daysAgo(1), endReason: 'x' },
      });
    await expectBothLanguages(send, 409, 'subject_has_visits');
    const started = await site().create();
    expectError(
      await call(t.app, 'POST', `/Subjects/${started.id}/Failure`, {
        token: as('sitePi'),
        body: { version: await subjectVersion(t.database.db, started.id), endDate: daysAgo(1), endReason: 'x' },
      }),
      409,
      'subject_not_screened',
    );
    const r = await randomised();
    await expectBothLanguages(
      async (token) =>
        call(t.app, 'POST', `/Subjects/${r.id}/Failure`, {
          token,
          body: { version: await subjectVersion(t.database.db, r.id), endDate: daysAgo(1), endReason: 'x' },
        }),
      409,
      'subject_not_screened',
    );
  });

  it('requires the end date and the reason; the date not in the future nor before screening', async () => {
    const s = await screened();
    const send = (body: object, token = as('sitePi')) =>
      call(t.app, 'POST', `/Subjects/${s.id}/Failure`, { token, body: { version: s.version, ...body } });
    expectError(await send({ endReason: 'x' }), 400, 'required', 'endDate');
    expectError(await send({ endDate: daysAgo(1) }), 400, 'required', 'endReason');
    expectError(await send({ endDate: daysAgo(1), endReason: '  ' }), 400, 'validation', 'endReason');
    const ru = expectError(await send({ endDate: future(), endReason: 'x' }), 400, 'future_date', 'endDate');
    expect(ru.message).toBe('Дата должна быть не позднее сегодняшней');
    const en = expectError(await send({ endDate: future(), endReason: 'x' }, w.english.token), 400, 'future_date', 'endDate');
    expect(en.message).toBe('The date must be no later than today');
    expectError(await send({ endDate: daysAgo(300), endReason: 'x' }), 400, 'date_too_early', 'endDate');
  });

  it.each(matrix({ sitePi: 200, testSitePi: 404 }, 403))(
    'role matrix (a site subject): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const s = await screened();
      const res = await call(t.app, 'POST', `/Subjects/${s.id}/Failure`, {
        token: as(caller),
        body: { version: await subjectVersion(t.database.db, s.id), endDate: daysAgo(1), endReason: 'x' },
      });
      expect(res.status).toBe(expected);
    },
  );
});

describe('POST /Subjects/{id}/End and /EndAheadSchedule', () => {
  it('ends a randomised subject by protocol, the reason an optional comment', async () => {
    const s = await randomised();
    const res = await call(t.app, 'POST', `/Subjects/${s.id}/End`, {
      token: as('sitePi'),
      body: { version: await subjectVersion(t.database.db, s.id), endDate: daysAgo(1) },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'End', endDate: daysAgo(1), endReason: null, isSigned: false });
    expect((await auditOf(db(), s.id, 'subject.end'))[0]!.after).toMatchObject({ status: 'End' });
  });

  it('ends a randomised subject ahead of schedule with a required reason', async () => {
    const s = await randomised();
    expectError(
      await call(t.app, 'POST', `/Subjects/${s.id}/EndAheadSchedule`, {
        token: as('sitePi'),
        body: { version: await subjectVersion(t.database.db, s.id), endDate: daysAgo(1) },
      }),
      400,
      'required',
      'endReason',
    );
    const res = await call(t.app, 'POST', `/Subjects/${s.id}/EndAheadSchedule`, {
      token: as('sitePi'),
      body: { version: await subjectVersion(t.database.db, s.id), endDate: daysAgo(1), endReason: 'Отзыв согласия' },
    });
    expect(res.body.data).toMatchObject({ status: 'EndAheadSchedule', endReason: 'Отзыв согласия' });
    expect(await auditOf(db(), s.id, 'subject.end_ahead_schedule')).toHaveLength(1);
  });

  it.each(['End', 'EndAheadSchedule'])(
    '%s refuses a subject not randomised or already ended, and a date before randomisation',
    async (path) => {
      const body = { endDate: daysAgo(1), endReason: 'x' };
      const s = await screened();
      await expectBothLanguages(
        (token) => call(t.app, 'POST', `/Subjects/${s.id}/${path}`, { token, body: { ...body, version: s.version } }),
        409,
        'subject_not_randomised',
      );
      const e = await ended();
      expectError(
        await call(t.app, 'POST', `/Subjects/${e.id}/${path}`, { token: as('sitePi'), body: { ...body, version: e.version } }),
        409,
        'subject_not_randomised',
      );
      const r = await randomised();
      expectError(
        await call(t.app, 'POST', `/Subjects/${r.id}/${path}`, {
          token: as('sitePi'),
          body: { ...body, version: r.version, endDate: daysAgo(35) },
        }),
        400,
        'date_too_early',
        'endDate',
      );
      expectError(
        await call(t.app, 'POST', `/Subjects/${r.id}/${path}`, {
          token: as('sitePi'),
          body: { ...body, version: r.version, endDate: future() },
        }),
        400,
        'future_date',
        'endDate',
      );
    },
  );

  it.each(matrix({ sitePi: 200, testSitePi: 404 }, 403))(
    'role matrix (End of a site subject): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const s = await randomised();
      const res = await call(t.app, 'POST', `/Subjects/${s.id}/End`, {
        token: as(caller),
        body: { version: await subjectVersion(t.database.db, s.id), endDate: daysAgo(1) },
      });
      expect(res.status).toBe(expected);
    },
  );
});

describe('POST /Subjects/{id}/Sign', () => {
  const centre = () => w.world.cast.Site.centreId;
  async function endedWithVisits(statuses: ('QaAndDmValidated' | 'KioValidated' | 'Completed')[], over: object = {}) {
    const s = await makeSubject(db(), {
      researchId: w.researchId,
      centreId: centre(),
      status: 'End',
      endDate: daysAgo(2),
      ...over,
    });
    for (const [i, status] of statuses.entries()) {
      await makeSubjectVisit(db(), { subjectId: s.id, visitId: w.schedule.unscheduled.id, repeatIndex: i, status });
    }
    return s;
  }

  it('signs an ended subject whose visits are all validated; then it is locked', async () => {
    const s = await endedWithVisits(['QaAndDmValidated', 'KioValidated']);
    const res = await call(t.app, 'POST', `/Subjects/${s.id}/Sign`, {
      token: as('sitePi'),
      body: { version: await subjectVersion(t.database.db, s.id), password: PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isSigned: true, status: 'End', version: 2 });
    expect(res.body.data.signDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await auditOf(db(), s.id, 'subject.sign'))[0]!.after).toMatchObject({ isSigned: true });
    await expectBothLanguages(
      async (token) =>
        call(t.app, 'POST', `/Subjects/${s.id}/Sign`, {
          token,
          body: { version: await subjectVersion(t.database.db, s.id), password: PASSWORD },
        }),
      409,
      'subject_not_ended',
    );
    await expectBothLanguages(
      (token) => call(t.app, 'PUT', `/Subjects/${s.id}/`, { token, body: { version: 2, fullName: 'x' } }),
      409,
      'subject_signed',
    );
    expectError(await call(t.app, 'DELETE', `/Subjects/${s.id}`, { token: as('sitePi') }), 409, 'subject_signed');
  });

  it('takes a sign date: not in the future, not before the end', async () => {
    const s = await endedWithVisits([]);
    expectError(
      await call(t.app, 'POST', `/Subjects/${s.id}/Sign`, {
        token: as('sitePi'),
        body: { version: await subjectVersion(t.database.db, s.id), password: PASSWORD, signDate: future() },
      }),
      400,
      'future_date',
      'signDate',
    );
    expectError(
      await call(t.app, 'POST', `/Subjects/${s.id}/Sign`, {
        token: as('sitePi'),
        body: { version: await subjectVersion(t.database.db, s.id), password: PASSWORD, signDate: daysAgo(3) },
      }),
      400,
      'date_too_early',
      'signDate',
    );
    const res = await call(t.app, 'POST', `/Subjects/${s.id}/Sign`, {
      token: as('sitePi'),
      body: { version: await subjectVersion(t.database.db, s.id), password: PASSWORD, signDate: daysAgo(1) },
    });
    expect(res.body.data.signDate).toBe(daysAgo(1));
  });

  it('refuses a subject with a visit not validated by QA and DM or KIO', async () => {
    const s = await endedWithVisits(['KioValidated', 'Completed']);
    await expectBothLanguages(
      async (token) =>
        call(t.app, 'POST', `/Subjects/${s.id}/Sign`, {
          token,
          body: { version: await subjectVersion(t.database.db, s.id), password: PASSWORD },
        }),
      409,
      'subject_visits_not_validated',
    );
  });

  it('refuses a subject that has not ended', async () => {
    const s = await randomised();
    expectError(
      await call(t.app, 'POST', `/Subjects/${s.id}/Sign`, {
        token: as('sitePi'),
        body: { version: await subjectVersion(t.database.db, s.id), password: PASSWORD },
      }),
      409,
      'subject_not_ended',
    );
  });

  it('a subject linked to the external system is signed only by a principal investigator', async () => {
    const s = await endedWithVisits(['KioValidated'], { drTrialId: 'EXT-5' });
    const co = await makeEmployee(t.app, db(), w.site, 'CoResearcher');
    expectError(
      await call(t.app, 'POST', `/Subjects/${s.id}/Sign`, {
        token: co.token,
        body: { version: await subjectVersion(t.database.db, s.id), password: PASSWORD },
      }),
      403,
      'forbidden',
    );
    expect(
      (
        await call(t.app, 'POST', `/Subjects/${s.id}/Sign`, {
          token: as('sitePi'),
          body: { version: await subjectVersion(t.database.db, s.id), password: PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it.each(matrix({ sitePi: 200, testSitePi: 404 }, 403))(
    'role matrix (a site subject): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const s = await endedWithVisits(['QaAndDmValidated']);
      expect(
        (
          await call(t.app, 'POST', `/Subjects/${s.id}/Sign`, {
            token: as(caller),
            body: { version: await subjectVersion(t.database.db, s.id), password: PASSWORD },
          })
        ).status,
      ).toBe(expected);
    },
  );
});

describe('DELETE /Subjects/{id}', () => {
  it('soft deletes: gone from reads, lists and counts, kept in the audit trail', async () => {
    const s = await site().create({ screeningNumber: 'DEL-1' });
    const before = (await site().ok('GET', '/Subjects/StatusCounts')).counts.Started as number;
    const res = await call(t.app, 'DELETE', `/Subjects/${s.id}`, { token: as('sitePi') });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Удалено');
    expectError(await call(t.app, 'GET', `/Subjects/${s.id}`, { token: as('sitePi') }), 404, 'not_found', 'id');
    const list = await call(t.app, 'GET', '/Subjects?screeningNumber=DEL-1', { token: as('qa') });
    expect(list.body.totalCount).toBe(0);
    expect((await site().ok('GET', '/Subjects/StatusCounts')).counts.Started).toBe(before - 1);
    const [audit] = await auditOf(db(), s.id, 'subject.delete');
    expect(audit!.before).toMatchObject({ screeningNumber: 'DEL-1', status: 'Started', deletedAt: null });
    expect(audit!.after).toMatchObject({ status: 'Deleted' });
    expect((audit!.after as { deletedAt: string | null }).deletedAt).not.toBeNull();
    expectError(await call(t.app, 'DELETE', `/Subjects/${s.id}`, { token: as('sitePi') }), 404, 'not_found', 'id');
  });

  it('refuses a subject linked to the external system', async () => {
    const s = await makeSubject(db(), { researchId: w.researchId, centreId: w.world.cast.Site.centreId, drTrialId: 'EXT-2' });
    await expectBothLanguages((token) => call(t.app, 'DELETE', `/Subjects/${s.id}`, { token }), 409, 'subject_linked_externally');
  });

  it.each(matrix({ sitePi: 200, testSitePi: 404 }, 403))(
    'role matrix (a site subject): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const s = await site().create();
      expect((await call(t.app, 'DELETE', `/Subjects/${s.id}`, { token: as(caller) })).status).toBe(expected);
    },
  );
});

describe('GET /Subjects/{id}', () => {
  it('returns the subject with its visits', async () => {
    const s = await screened();
    const res = await call(t.app, 'GET', `/Subjects/${s.id}`, { token: as('qa') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: s.id, status: 'Screened' });
    expect(res.body.data.subjectVisitList).toEqual([
      expect.objectContaining({ visitId: w.schedule.screening.id, formCompletedStatus: 'Empty', timing: expect.any(String) }),
    ]);
  });

  it.each(matrix({ testSitePi: 404, outsider: 403 }, 200))(
    'role matrix (a site subject): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const s = await site().create();
      expect((await call(t.app, 'GET', `/Subjects/${s.id}`, { token: as(caller) })).status).toBe(expected);
    },
  );
});

describe('OpenAPI', () => {
  it('documents the subject calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of [
      '/api/Subjects',
      '/api/Subjects/StatusCounts',
      '/api/Subjects/{id}',
      '/api/Subjects/{id}/',
      '/api/Subjects/{id}/List',
      '/api/Subjects/{id}/Randomise',
      '/api/Subjects/{id}/Failure',
      '/api/Subjects/{id}/End',
      '/api/Subjects/{id}/EndAheadSchedule',
      '/api/Subjects/{id}/Sign',
      '/api/SubjectsVisit',
      '/api/SubjectsVisit/{id}/ChangeDate',
      '/api/Statistic/SubjectVisitsStatistic/{researchId}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/Subjects'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['Page', 'PageSize', 'statusList', 'sortByScrNumber', 'researchOrganisationId']),
    );
  });
});
