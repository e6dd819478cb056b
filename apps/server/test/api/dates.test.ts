import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, expectError } from '../support/test-app.js';
import { PASSWORD } from '../support/factories.js';
import {
  assignCentreVersion,
  makeResearchVersion,
  makeSubject,
  makeVisit,
  setupSubjectApp,
  subjectVersion,
} from '../support/subject-factories.js';

// The date rules of docs/dates.md with the clock set just before and just after midnight in the time zones
// concerned, so that the boundary is tested on every run, whatever the hour and the server's TZ. The instants
// lie in the past, so that the sessions signed in at the real time stay fresh.

const { t, w, db, as } = setupSubjectApp();

/** 00:30 on 25 November in Vladivostok (UTC+10): still the 24th in UTC and in Moscow. */
const VLADIVOSTOK_0030 = new Date('2025-11-24T14:30:00Z');
/** 23:30 on 24 November in New York (UTC−5): already the 25th in UTC. */
const NEW_YORK_2330 = new Date('2025-11-25T04:30:00Z');
/** One second before and at midnight in Kiritimati (UTC+14), where each date begins. */
const KIRITIMATI_235959 = new Date('2025-11-24T09:59:59Z');
const KIRITIMATI_0000 = new Date('2025-11-24T10:00:00Z');

const at = (instant: Date) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
};
afterEach(() => {
  vi.useRealTimers();
});

const centre = () => w.world.cast.Site.centreId;
const newSubject = (token: string, screenDate: string, timeZone?: string) =>
  call(t.app, 'POST', '/Subjects', {
    token,
    timeZone,
    body: {
      genderString: 'Male',
      birthDate: '1990-01-02',
      screenDate,
      screeningNumber: `D-${Math.random().toString(36).slice(2, 9)}`,
    },
  });

describe('a date not in the future: refused only when it has begun nowhere on Earth', () => {
  it('a site in Vladivostok just after midnight enters its today; the day after is refused', async () => {
    at(VLADIVOSTOK_0030);
    expect((await newSubject(as('sitePi'), '2025-11-25')).status).toBe(200);
    expectError(await newSubject(as('sitePi'), '2025-11-26'), 400, 'future_screen_date', 'screenDate');
  });

  it('a user in New York at 23:30 enters the day that is still theirs', async () => {
    at(NEW_YORK_2330);
    expect((await newSubject(as('sitePi'), '2025-11-24', 'America/New_York')).status).toBe(200);
  });

  it('turns over at midnight in Kiritimati, whatever zone the caller names', async () => {
    at(KIRITIMATI_235959);
    expectError(await newSubject(as('sitePi'), '2025-11-25', 'Pacific/Kiritimati'), 400, 'future_screen_date', 'screenDate');
    at(KIRITIMATI_0000);
    expect((await newSubject(as('sitePi'), '2025-11-25', 'America/Los_Angeles')).status).toBe(200);
  });
});

describe('the default sign date is the signer’s today', () => {
  const endedSubject = () =>
    makeSubject(db(), { researchId: w.researchId, centreId: centre(), status: 'End', endDate: '2025-11-20' });
  const sign = async (id: string, timeZone?: string) =>
    call(t.app, 'POST', `/Subjects/${id}/Sign`, {
      token: as('sitePi'),
      timeZone,
      body: { version: await subjectVersion(t.database.db, id), password: PASSWORD },
    });

  it('in New York at 23:30 it is the 24th; in Vladivostok at the same instant the 25th', async () => {
    const [ny, vl, none, bogus] = [await endedSubject(), await endedSubject(), await endedSubject(), await endedSubject()];
    at(NEW_YORK_2330);
    expect((await sign(ny.id, 'America/New_York')).body.data.signDate).toBe('2025-11-24');
    expect((await sign(vl.id, 'Asia/Vladivostok')).body.data.signDate).toBe('2025-11-25');
    // No zone named, or one the runtime does not know: UTC.
    expect((await sign(none.id)).body.data.signDate).toBe('2025-11-25');
    expect((await sign(bogus.id, 'Mars/Olympus_Mons')).body.data.signDate).toBe('2025-11-25');
  });
});

describe('research versions by date', () => {
  let v1: { id: string };
  let v2: { id: string };
  beforeAll(async () => {
    v1 = await makeResearchVersion(db(), w.researchId, { majorIndex: 1, minorIndex: 0, startedDate: '2025-01-01' });
    v2 = await makeResearchVersion(db(), w.researchId, { majorIndex: 2, minorIndex: 0, startedDate: '2025-11-25' });
    await assignCentreVersion(db(), {
      researchId: w.researchId,
      centreId: centre(),
      researchVersionId: v1.id,
      startedDate: '2025-01-01',
    });
    await assignCentreVersion(db(), {
      researchId: w.researchId,
      centreId: centre(),
      researchVersionId: v2.id,
      startedDate: '2025-11-25',
    });
  });

  it('a new visit takes the version the centre works in on the visit’s date, not on the server’s', async () => {
    const inBoth = await makeVisit(db(), w.researchId, { repeating: true, versionIds: [v1.id, v2.id] });
    const onlyV2 = await makeVisit(db(), w.researchId, { repeating: true, versionIds: [v2.id] });
    at(VLADIVOSTOK_0030);
    const subject = await newSubject(as('sitePi'), '2025-11-20');
    const subjectId = subject.body.data.id as string;
    const visit = (visitId: string, date: string) =>
      call(t.app, 'POST', '/SubjectsVisit', { token: as('sitePi'), body: { subjectId, visitId, date } });
    expect((await visit(w.schedule.screening.id, '2025-11-20')).status).toBe(200);
    // The 25th has begun in Vladivostok: a visit of that day is in version 2.0, although UTC is still on the 24th.
    const today = await visit(onlyV2.id, '2025-11-25');
    expect(today.status, JSON.stringify(today.body)).toBe(200);
    expect(today.body.data.researchVersion).toMatchObject({ id: v2.id, index: '2.0' });
    const yesterday = await visit(inBoth.id, '2025-11-24');
    expect(yesterday.body.data.researchVersion).toMatchObject({ id: v1.id, index: '1.0' });
    expectError(await visit(onlyV2.id, '2025-11-24'), 409, 'visit_not_in_version', 'visitId');
  });

  it('the centre’s current version is the one of the reader’s today', async () => {
    const current = async (timeZone: string) => {
      const res = await call(t.app, 'GET', `/ResearchOrganisationVersions?researchOrganisationId=${centre()}`, {
        token: as('admin'),
        timeZone,
      });
      expect(res.status).toBe(200);
      return (res.body.data as { researchVersionId: string; isCurrent: boolean }[]).find((v) => v.isCurrent)?.researchVersionId;
    };
    at(VLADIVOSTOK_0030);
    expect(await current('Asia/Vladivostok')).toBe(v2.id);
    expect(await current('Europe/Moscow')).toBe(v1.id);
    at(NEW_YORK_2330);
    expect(await current('America/New_York')).toBe(v1.id);
    expect(await current('UTC')).toBe(v2.id);
  });
});
