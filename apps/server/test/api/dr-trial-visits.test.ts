import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { ERROR_MESSAGES } from '@edc/domain';
import { auditLog, researches, visits } from '../../src/platform/db/schema/index.js';
import { call, expectError } from '../support/test-app.js';
import { setupSubjectApp } from '../support/subject-factories.js';
import { startFakeDrTrial } from '../support/fake-dr-trial.js';

// DrTrial, played by a real HTTP server on an ephemeral port, started before the app that is configured with it.
const TOKEN = 'dr-trial-token-visits';
const drTrial = await startFakeDrTrial(TOKEN);
afterAll(() => drTrial.close());
const { w, db, t, as } = setupSubjectApp({ DRTRIAL_URL: drTrial.url, DRTRIAL_TOKEN: TOKEN, DRTRIAL_TIMEOUT_SECONDS: '2' });

const DR_ID = 'DRT-RES-1';
const external = () => [
  { id: 'V1', title: 'Скрининг (DrTrial)', type: 'Screening', key: 'SCR-DRT' },
  { id: 'V2', title: 'Визит 2', description: 'Неделя 2', dayNumber: 14, dayPlus: 2, dayMinus: 1, isRequired: true },
  { id: 3, title: 'Повторный', repeating: true },
];

beforeAll(async () => {
  await db().update(researches).set({ drTrialId: DR_ID }).where(eq(researches.id, w.researchId));
  drTrial.visits.set(DR_ID, external());
});

const asAdmin = (method: 'GET' | 'POST', body?: object) => {
  const url =
    method === 'GET' ? `/Visits/FromDrTrial?drTrialResearchId=${DR_ID}&researchId=${w.researchId}` : '/Visits/FromDrTrial';
  return call(t.app, method, url, { token: as('admin'), body });
};
const load = () => asAdmin('POST', { drTrialResearchId: DR_ID, researchId: w.researchId });

const linkedVisits = () =>
  db()
    .select()
    .from(visits)
    .where(and(eq(visits.researchId, w.researchId), isNull(visits.deletedAt)))
    .then((rows) => rows.filter((v) => v.drTrialId && v.drTrialId !== 'EXT-1'));

describe('GET /ExternalTrial/Settings', () => {
  it('tells a signed-in user that the link is on; anonymous callers get 401', async () => {
    expect((await call(t.app, 'GET', '/ExternalTrial/Settings', { token: as('sitePi') })).body.data).toEqual({ enabled: true });
    expect((await call(t.app, 'GET', '/ExternalTrial/Settings')).status).toBe(401);
  });
});

describe('loading visits from DrTrial', () => {
  it('previews without writing: every DrTrial visit would be created, with its values mapped', async () => {
    const res = await asAdmin('GET');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 3, updated: 0, unchanged: 0, skipped: 0 });
    expect(res.body.data.items[0]).toMatchObject({
      drTrialId: 'V1',
      visitKey: 'SCR-DRT',
      visitTypeString: 'Screening',
      action: 'create',
      visitId: null,
    });
    expect(res.body.data.items[1]).toMatchObject({
      visitKey: 'DRT-V2',
      visitTypeString: 'Period',
      dayNumber: 14,
      isRequired: true,
    });
    expect(res.body.data.items[2]).toMatchObject({ drTrialId: '3', repeating: true });
    expect(await linkedVisits()).toHaveLength(0);
  });

  it('loaded twice gives one set: the second load changes nothing, a changed DrTrial visit is updated', async () => {
    const first = await load();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    expect(first.body.message).toBe('Сохранено');
    const made = await linkedVisits();
    expect(made.map((v) => v.drTrialId).sort()).toEqual(['3', 'V1', 'V2']);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, made[0]!.id));
    expect(audit.map((a) => a.action)).toEqual(['visit.create']);
    expect(audit[0]!.after).toMatchObject({ source: 'DrTrial', drTrialId: made[0]!.drTrialId });

    const second = await load();
    expect(second.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
    expect(await linkedVisits()).toHaveLength(3);

    drTrial.visits.set(DR_ID, [...external().slice(0, 2), { id: 3, title: 'Повторный визит', repeating: true, dayNumber: 3 }]);
    const third = await load();
    expect(third.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 2 });
    const after = await linkedVisits();
    expect(after).toHaveLength(3);
    const v3 = after.find((v) => v.drTrialId === '3')!;
    expect(v3).toMatchObject({ title: 'Повторный визит', dayNumber: 3 });
    const [upd] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, v3.id), eq(auditLog.action, 'visit.update')));
    expect(upd!.before).toMatchObject({ title: 'Повторный' });
    expect(upd!.after).toMatchObject({ title: 'Повторный визит', source: 'DrTrial' });
  });

  it('leaves a complete visit as it is (skipped)', async () => {
    const [v1] = (await linkedVisits()).filter((v) => v.drTrialId === 'V1');
    await db().update(visits).set({ complete: true }).where(eq(visits.id, v1!.id));
    drTrial.visits.set(DR_ID, [{ ...external()[0]!, title: 'Другое название' }]);
    const res = await load();
    expect(res.body.data).toMatchObject({ skipped: 1, updated: 0 });
    const [after] = await db().select().from(visits).where(eq(visits.id, v1!.id));
    expect(after!.title).toBe('Скрининг (DrTrial)');
    await db().update(visits).set({ complete: false }).where(eq(visits.id, v1!.id));
    drTrial.visits.set(DR_ID, external());
  });

  it('DrTrial down, failing or answering nonsense: 502 with the spec text, nothing written', async () => {
    drTrial.visits.set(DR_ID, [...external(), { id: 'V9', title: 'Новый' }]);
    const before = await linkedVisits();
    for (const failure of [{ status: 503 }, { status: 500 }, 'reset', 'garbage'] as const) {
      drTrial.fail(failure);
      const err = expectError(await load(), 502, 'dr_trial_visits_failed');
      expect(err.message).toBe('Произошла ошибка при загрузке визитов из DrTrial');
    }
    // The spec's English text, for callers reading English.
    expect(ERROR_MESSAGES.dr_trial_visits_failed.en).toBe('An error occurred while loading the visits from DrTrial');
    drTrial.fail({ status: 503 });
    expect(expectError(await asAdmin('GET'), 502, 'dr_trial_visits_failed').message).toBe(
      'Произошла ошибка при загрузке визитов из DrTrial',
    );
    expect(await linkedVisits()).toEqual(before);
    // A research DrTrial does not know, and a visit listed twice, are failures of the same kind.
    await db().update(researches).set({ drTrialId: 'UNKNOWN' }).where(eq(researches.id, w.researchId));
    expectError(await asAdmin('POST', { drTrialResearchId: 'UNKNOWN', researchId: w.researchId }), 502, 'dr_trial_visits_failed');
    await db().update(researches).set({ drTrialId: DR_ID }).where(eq(researches.id, w.researchId));
    drTrial.visits.set(DR_ID, [...external(), { id: 'V1', title: 'Дубль' }]);
    expectError(await load(), 502, 'dr_trial_visits_failed');
    expect(await linkedVisits()).toEqual(before);
    drTrial.visits.set(DR_ID, external());
  });

  it('names the field: drTrialResearchId missing or not the research’s own; a research not linked is 409', async () => {
    expectError(await asAdmin('POST', { researchId: w.researchId }), 400, 'required', 'drTrialResearchId');
    const other = await asAdmin('POST', { drTrialResearchId: 'OTHER', researchId: w.researchId });
    expect(expectError(other, 400, 'dr_trial_research_mismatch', 'drTrialResearchId').message).toBe(
      `Исследование связано с исследованием DrTrial «${DR_ID}», а не «OTHER»`,
    );
    await db().update(researches).set({ drTrialId: null }).where(eq(researches.id, w.researchId));
    expectError(await load(), 409, 'dr_trial_research_unlinked', 'drTrialResearchId');
    await db().update(researches).set({ drTrialId: DR_ID }).where(eq(researches.id, w.researchId));
  });

  it.each(['sitePi', 'qa', 'kio', 'testSitePi', 'outsider'] as const)('refuses %s (not a designer) with 403', async (who) => {
    const res = await call(t.app, 'POST', '/Visits/FromDrTrial', {
      token: as(who),
      body: { drTrialResearchId: DR_ID, researchId: w.researchId },
    });
    expect(res.status).toBe(403);
    const preview = await call(t.app, 'GET', `/Visits/FromDrTrial?drTrialResearchId=${DR_ID}&researchId=${w.researchId}`, {
      token: as(who),
    });
    expect(preview.status).toBe(403);
  });

  it('a wrong token is refused by DrTrial, and the load fails with the same text', async () => {
    const { createTestApp } = await import('../support/test-app.js');
    const other = await createTestApp({ DRTRIAL_URL: drTrial.url, DRTRIAL_TOKEN: 'wrong-token' });
    try {
      const { makeCast } = await import('../support/cast.js');
      const cast = await makeCast(other.app, other.database.db);
      await other.database.db.update(researches).set({ drTrialId: DR_ID }).where(eq(researches.id, cast.world.research.id));
      drTrial.reset();
      const res = await call(
        other.app,
        'GET',
        `/Visits/FromDrTrial?drTrialResearchId=${DR_ID}&researchId=${cast.world.research.id}`,
        {
          token: cast.callers.admin.token,
        },
      );
      expectError(res, 502, 'dr_trial_visits_failed');
      expect(drTrial.log).toHaveLength(1);
    } finally {
      await other.close();
    }
  }, 120_000);
});
