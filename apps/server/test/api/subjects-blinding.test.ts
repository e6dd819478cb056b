import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@edc/domain';
import { call, expectError } from '../support/test-app.js';
import { auditOf, matrix } from '../support/cast.js';
import { daysAgo, makeEmployee, makeSubject, setupSubjectApp, subjectVersion } from '../support/subject-factories.js';

/**
 * Blinding on writes (docs/subjects.md, "Blinding"): a second randomisation and a group named in a
 * randomisation correction get the same answer whatever the stored group is; the group changes only
 * through PUT RandomisationGroup, with the randomisation-group permission and a reason.
 */
const { t, w, db, as, site } = setupSubjectApp();

async function randomisedIn(group: 'A' | 'B') {
  const s = await site().create();
  await site().visit(s.id, w.schedule.screening.id);
  return (await site().randomise(s.id, { randomizationGroup: group })) as { id: string; version: number };
}

const versionOf = async (id: string) => (await site().ok('GET', `/Subjects/${id}`)).version as number;

describe('a second randomisation', () => {
  it('is refused for everyone with the same answer whether the group would change or not', async () => {
    const a = await randomisedIn('A');
    const b = await randomisedIn('B');
    const answers: string[] = [];
    for (const token of [as('sitePi'), w.unblinded.token]) {
      for (const s of [a, b]) {
        for (const group of ['A', 'B']) {
          const post = await call(t.app, 'POST', `/Subjects/${s.id}/Randomise`, {
            token,
            body: {
              version: await subjectVersion(t.database.db, s.id),
              randomizationDate: daysAgo(20),
              randomizationGroup: group,
              randomizationNumber: 'R-AGAIN',
            },
          });
          const put = await call(t.app, 'PUT', `/Subjects/${s.id}/Randomise`, {
            token,
            body: { version: s.version, randomizationGroup: group },
          });
          expectError(post, 409, 'subject_already_randomised');
          expectError(put, 409, 'randomization_group_fixed', 'randomizationGroup');
          answers.push(JSON.stringify([post.body, put.body]));
        }
      }
    }
    expect(new Set(answers).size).toBe(1);
    // Nothing changed: versions and groups are as they were.
    expect(await versionOf(a.id)).toBe(a.version);
    expect(await versionOf(b.id)).toBe(b.version);
    const seen = await call(t.app, 'GET', `/Subjects/${b.id}`, { token: w.unblinded.token });
    expect(seen.body.data.randomizationGroup).toBe('B');
    expect(await auditOf(db(), a.id, 'subject.update_randomisation')).toHaveLength(0);
  });

  it('explains itself in both languages', async () => {
    const s = await randomisedIn('A');
    const en = await call(t.app, 'PUT', `/Subjects/${s.id}/Randomise`, {
      token: w.english.token,
      body: { version: s.version, randomizationGroup: 'A' },
    });
    expect(expectError(en, 409, 'randomization_group_fixed').message).toBe(ERROR_MESSAGES.randomization_group_fixed.en);
    const ru = await call(t.app, 'POST', `/Subjects/${s.id}/Randomise`, {
      token: as('sitePi'),
      body: {
        version: await subjectVersion(t.database.db, s.id),
        randomizationDate: daysAgo(20),
        randomizationGroup: 'A',
        randomizationNumber: 'R-RU',
      },
    });
    expect(expectError(ru, 409, 'subject_already_randomised').message).toBe(ERROR_MESSAGES.subject_already_randomised.ru);
  });
});

describe('PUT /Subjects/{id}/RandomisationGroup', () => {
  const change = (id: string, token: string, body: object) =>
    call(t.app, 'PUT', `/Subjects/${id}/RandomisationGroup`, { token, body });

  it('changes the group of a randomised subject for an unblinded site user, audited with the reason', async () => {
    const s = await randomisedIn('B');
    const res = await change(s.id, w.unblinded.token, {
      version: s.version,
      randomizationGroup: 'A',
      reason: 'Ошибка при рандомизации',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ randomizationGroup: 'A', version: s.version + 1, status: 'Randomised' });
    const [audit] = await auditOf(db(), s.id, 'subject.change_randomisation_group');
    expect(audit!.reason).toBe('Ошибка при рандомизации');
    expect(audit!.before).toMatchObject({ randomizationGroup: 'B' });
    expect(audit!.after).toMatchObject({ randomizationGroup: 'A' });
  });

  it('an admin-centre manager changes it too; the same group changes nothing', async () => {
    const s = await randomisedIn('A');
    const same = await change(s.id, as('manager'), { version: s.version, randomizationGroup: 'A', reason: 'Проверка' });
    expect(same.status).toBe(200);
    expect(same.body.data.version).toBe(s.version);
    const res = await change(s.id, as('manager'), { version: s.version, randomizationGroup: 'B', reason: 'Исправление' });
    expect(res.status).toBe(200);
    expect(res.body.data.randomizationGroup).toBe('B');
  });

  it('requires the reason, the group and the version', async () => {
    const s = await randomisedIn('A');
    const full = { version: s.version, randomizationGroup: 'B', reason: 'x' };
    for (const field of ['version', 'randomizationGroup', 'reason'] as const) {
      const body: Record<string, unknown> = { ...full };
      delete body[field];
      expectError(await change(s.id, w.unblinded.token, body), 400, 'required', field);
    }
    const blank = await change(s.id, w.unblinded.token, { ...full, reason: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0].path).toBe('reason');
  });

  it('refuses blinded callers with the same 403 whatever the group, before looking at it', async () => {
    const a = await randomisedIn('A');
    const b = await randomisedIn('B');
    const answers = new Set<string>();
    for (const s of [a, b]) {
      for (const group of ['A', 'B', 'Z']) {
        const res = await change(s.id, as('sitePi'), { version: s.version, randomizationGroup: group, reason: 'x' });
        expect(res.status).toBe(403);
        answers.add(JSON.stringify(res.body));
      }
    }
    expect(answers.size).toBe(1);
    expect(await versionOf(a.id)).toBe(a.version);
    expect(await versionOf(b.id)).toBe(b.version);
  });

  it('refuses a stale version, an unknown group and subjects whose state forbids it', async () => {
    const s = await randomisedIn('A');
    const send = (id: string, body: object) => change(id, w.unblinded.token, { randomizationGroup: 'B', reason: 'x', ...body });
    expectError(await send(s.id, { version: s.version + 1 }), 409, 'conflict', 'version');
    expectError(await send(s.id, { version: s.version, randomizationGroup: 'Z' }), 400, 'randomization_group_unknown');
    const centre = { researchId: w.researchId, centreId: w.world.cast.Site.centreId };
    const screened = await makeSubject(db(), { ...centre, status: 'Screened' });
    expectError(await send(screened.id, { version: 1 }), 409, 'subject_not_randomised');
    const ended = await makeSubject(db(), { ...centre, status: 'End', randomizationGroup: 'A' });
    expectError(await send(ended.id, { version: 1 }), 409, 'subject_ended');
    const signed = await makeSubject(db(), { ...centre, status: 'Randomised', randomizationGroup: 'A', isSigned: true });
    expectError(await send(signed.id, { version: 1 }), 409, 'subject_signed');
  });

  it('a sponsor-role employee of the admin centre, blinded, may not', async () => {
    const sponsor = await makeEmployee(
      t.app,
      db(),
      { id: w.world.cast.Admin.centreId, organisationId: w.world.cast.Admin.organisationId },
      'Manager',
      { userRole: 'Sponsor' },
    );
    const s = await randomisedIn('A');
    expect((await change(s.id, sponsor.token, { version: s.version, randomizationGroup: 'B', reason: 'x' })).status).toBe(403);
  });

  it.each(matrix({ manager: 200, testSitePi: 404 }, 403))(
    'role matrix (a site subject): %s (%s) gets %i',
    async (_l, caller, expected) => {
      const s = await randomisedIn('A');
      const res = await change(s.id, as(caller), { version: s.version, randomizationGroup: 'B', reason: 'x' });
      expect(res.status).toBe(expected);
    },
  );

  it('an unblinded user of another site gets 404', async () => {
    const other = await makeEmployee(t.app, db(), w.site2Centre, 'UnblindedCoResearcher');
    const s = await randomisedIn('A');
    expect((await change(s.id, other.token, { version: s.version, randomizationGroup: 'B', reason: 'x' })).status).toBe(404);
  });
});
