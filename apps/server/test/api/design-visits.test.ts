import { describe, expect, it } from 'vitest';
import { matrix } from '../support/cast.js';
import { auditActions, expectDense, expectError, freshResearch, lastAudit, setupDesignApp } from './design-support.js';

const { callers, world, admin, db, as } = setupDesignApp();
/** The `updatedAt` a client last read: every update sends it. */
const stamp = async (path: string): Promise<string> => (await admin.ok('GET', path)).updatedAt;
const newResearch = async () => (await freshResearch(db())).id;

describe('POST /Visits', () => {
  it('creates a visit with the spec defaults, appended last and audited', async () => {
    const researchId = await newResearch();
    const first = await admin.visit(researchId, { title: 'Скрининг', visitKey: 'SCR', visitTypeString: 'Screening' });
    expect(first).toMatchObject({
      title: 'Скрининг',
      visitKey: 'SCR',
      visitTypeString: 'Screening',
      dayNumber: 0,
      dayPlus: 0,
      dayMinus: 0,
      repeating: false,
      isRequired: false,
      complete: false,
      index: 0,
      pointList: [],
      researchVersionList: [],
    });
    const second = await admin.visit(researchId, { dayNumber: 14, dayPlus: 2, dayMinus: 1, pointList: ['T0', 'T1'] });
    expect(second).toMatchObject({ index: 1, dayNumber: 14, dayPlus: 2, dayMinus: 1, pointList: ['T0', 'T1'] });
    const audit = await lastAudit(db(), first.id, 'visit.create');
    expect(audit).toMatchObject({ researchId, entityType: 'visit', userId: callers.admin.userId });
  });

  it.each([
    ['title', { visitKey: 'K', visitTypeString: 'Period' }],
    ['visitKey', { title: 'T', visitTypeString: 'Period' }],
    ['visitTypeString', { title: 'T', visitKey: 'K' }],
  ])('requires %s', async (field, body) => {
    const researchId = await newResearch();
    const res = await admin.send('POST', '/Visits', { researchId, ...body });
    const err = expectError(res, 400, 'required', field);
    expect(err.message).toBe(`Заполните поле «${field}»`);
  });

  it('refuses an unknown visit type and an empty title', async () => {
    const researchId = await newResearch();
    expectError(
      await admin.send('POST', '/Visits', { researchId, title: 'T', visitKey: 'K', visitTypeString: 'Weekly' }),
      400,
      'validation',
      'visitTypeString',
    );
    expectError(
      await admin.send('POST', '/Visits', { researchId, title: '  ', visitKey: 'K', visitTypeString: 'End' }),
      400,
      'validation',
      'title',
    );
  });

  it('checks title and description for characters the print font cannot render', async () => {
    const researchId = await newResearch();
    const res = await admin.send('POST', '/Visits', {
      researchId,
      title: 'Визит',
      description: 'Описание ✅',
      visitKey: 'K',
      visitTypeString: 'End',
    });
    expect(expectError(res, 400, 'unprintable_characters', 'description').message).toContain('при печати: ✅');
  });

  it('takes the listed research versions, which must be the research’s own', async () => {
    const researchId = await newResearch();
    const other = await newResearch();
    const v1 = await admin.version(researchId);
    const foreign = await admin.version(other);
    expectError(
      await admin.send('POST', '/Visits', {
        researchId,
        title: 'T',
        visitKey: 'K',
        visitTypeString: 'End',
        researchVersionIdList: [foreign.id],
      }),
      400,
      'foreign_research',
      'researchVersionIdList',
    );
    const v = await admin.visit(researchId, { researchVersionIdList: [v1.id] });
    expect(v.researchVersionList).toEqual([{ id: v1.id, index: '1.0' }]);
  });
});

describe('GET /Visits', () => {
  it('lists the caller’s current research by default, in order, filtered by version', async () => {
    const manager = as('manager');
    const v1 = await manager
      .ok('GET', '/ResearchVersions')
      .then(async (list: any[]) => list.at(-1) ?? manager.version(world.research.id));
    const a = await manager.visit(world.research.id, { researchVersionIdList: [v1.id] });
    const b = await manager.visit(world.research.id, { researchVersionIdList: [] });
    const all = await manager.ok('GET', '/Visits');
    expect(all.map((v: any) => v.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expectDense(all);
    const filtered = await manager.ok('GET', `/Visits?researchVersionId=${v1.id}`);
    expect(filtered.map((v: any) => v.id)).toContain(a.id);
    expect(filtered.map((v: any) => v.id)).not.toContain(b.id);
    expectError(await admin.send('GET', '/Visits'), 400, 'research_required', 'researchId');
  });
});

describe('PUT and DELETE /Visits/{id}, ToggleComplete', () => {
  it('edits a visit, then refuses edit and delete once complete', async () => {
    const researchId = await newResearch();
    const v = await admin.visit(researchId);
    const edited = await admin.ok('PUT', `/Visits/${v.id}`, { title: 'Новое название', dayNumber: 7, updatedAt: v.updatedAt });
    expect(edited).toMatchObject({ title: 'Новое название', dayNumber: 7 });
    expectError(await admin.send('PUT', `/Visits/${v.id}`, { title: 'Stale', updatedAt: v.updatedAt }), 409, 'conflict');
    const done = await admin.ok('POST', `/Visits/${v.id}/ToggleComplete`);
    expect(done.complete).toBe(true);
    const edit = await admin.send('PUT', `/Visits/${v.id}`, { updatedAt: await stamp(`/Visits/${v.id}`), title: 'Again' });
    expect(expectError(edit, 409, 'visit_complete').message).toBe('Визит завершён: его нельзя изменить или удалить');
    expectError(await admin.send('DELETE', `/Visits/${v.id}`), 409, 'visit_complete');
    expect((await admin.ok('POST', `/Visits/${v.id}/ToggleComplete`)).complete).toBe(false);
    expect((await admin.send('DELETE', `/Visits/${v.id}`)).status).toBe(200);
    expect((await admin.send('GET', `/Visits/${v.id}`)).status).toBe(404);
    expect(await auditActions(db(), v.id)).toEqual([
      'visit.create',
      'visit.update',
      'visit.toggle_complete',
      'visit.toggle_complete',
      'visit.delete',
    ]);
  });

  it('deleting a visit takes its forms along and closes the order', async () => {
    const researchId = await newResearch();
    const [a, b, c] = [await admin.visit(researchId), await admin.visit(researchId), await admin.visit(researchId)];
    const type = await admin.formType();
    const form = await admin.form(b.id, type.id);
    await admin.ok('DELETE', `/Visits/${b.id}`);
    const list = await admin.ok('GET', `/Visits?researchId=${researchId}`);
    expect(list.map((v: any) => v.id)).toEqual([a.id, c.id]);
    expectDense(list);
    expect((await admin.send('GET', `/Forms/${form.id}`)).status).toBe(404);
  });
});

describe('POST /Visits/{id}/ChangeIndex/{endIndex}', () => {
  it('moves a visit down and up, keeping indexes dense', async () => {
    const researchId = await newResearch();
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await admin.visit(researchId)).id);
    const down = await admin.ok('POST', `/Visits/${ids[0]}/ChangeIndex/3`, { startIndex: 0 });
    expect(down.map((v: any) => v.id)).toEqual([ids[1], ids[2], ids[3], ids[0], ids[4]]);
    expectDense(down);
    const up = await admin.ok('POST', `/Visits/${ids[4]}/ChangeIndex/0`, { startIndex: 4 });
    expect(up.map((v: any) => v.id)).toEqual([ids[4], ids[1], ids[2], ids[3], ids[0]]);
    // Without a body (the spec shows none) the move is not checked for staleness.
    const same = await admin.ok('POST', `/Visits/${ids[2]}/ChangeIndex/2`);
    expect(same.map((v: any) => v.id)).toEqual(up.map((v: any) => v.id));
    const listed = await admin.ok('GET', `/Visits?researchId=${researchId}`);
    expect(listed.map((v: any) => v.id)).toEqual(up.map((v: any) => v.id));
    expectDense(listed);
    expect(await lastAudit(db(), ids[0]!, 'visit.change_index')).toMatchObject({ before: { index: 0 }, after: { index: 3 } });
  });

  it('refuses a stale start with 409 and an end outside the list with 400', async () => {
    const researchId = await newResearch();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await admin.visit(researchId)).id);
    await admin.ok('POST', `/Visits/${ids[0]}/ChangeIndex/2`, { startIndex: 0 });
    // A second client still believes the visit is first.
    const stale = await admin.send('POST', `/Visits/${ids[0]}/ChangeIndex/1`, { startIndex: 0 });
    expect(expectError(stale, 409, 'stale_order', 'startIndex').message).toBe(
      'Порядок уже изменён другим пользователем, обновите страницу',
    );
    expectError(
      await admin.send('POST', `/Visits/${ids[1]}/ChangeIndex/3`, { startIndex: 0 }),
      400,
      'index_out_of_range',
      'endIndex',
    );
    expectError(await admin.send('POST', `/Visits/${ids[1]}/ChangeIndex/-1`), 400, 'index_out_of_range', 'endIndex');
    expectError(await admin.send('POST', `/Visits/${ids[1]}/ChangeIndex/abc`), 400, 'validation', 'endIndex');
    const listed = await admin.ok('GET', `/Visits?researchId=${researchId}`);
    expect(listed.map((v: any) => v.id)).toEqual([ids[1], ids[2], ids[0]]);
  });

  it('serialises concurrent moves: every reply is dense and the final order is consistent', async () => {
    const researchId = await newResearch();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await admin.visit(researchId)).id);
    const results = await Promise.all([
      admin.send('POST', `/Visits/${ids[0]}/ChangeIndex/5`, { startIndex: 0 }),
      admin.send('POST', `/Visits/${ids[5]}/ChangeIndex/0`, { startIndex: 5 }),
      admin.send('POST', `/Visits/${ids[2]}/ChangeIndex/4`, { startIndex: 2 }),
      admin.send('POST', `/Visits/${ids[0]}/ChangeIndex/1`, { startIndex: 0 }),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.status);
    expect(results.filter((r) => r.status === 409).length).toBeGreaterThanOrEqual(1);
    const listed = await admin.ok('GET', `/Visits?researchId=${researchId}`);
    expectDense(listed);
    expect([...listed.map((v: any) => v.id)].sort()).toEqual([...ids].sort());
  });
});

describe('permission matrix', () => {
  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))('%s (%s) creating a visit → %i', async (_l, caller, status) => {
    const res = await as(caller).send('POST', '/Visits', {
      researchId: world.research.id,
      title: 'M',
      visitKey: 'M',
      visitTypeString: 'Period',
    });
    expect(res.status).toBe(status);
  });
  it.each(matrix({ outsider: 403 }, 200))('%s (%s) reading visits → %i', async (_l, caller, status) => {
    expect((await as(caller).send('GET', `/Visits?researchId=${world.research.id}`)).status).toBe(status);
  });
  it('refuses changes to a locked research', async () => {
    const research = await freshResearch(db(), { status: 'Locked' });
    expectError(
      await admin.send('POST', '/Visits', { researchId: research.id, title: 'T', visitKey: 'K', visitTypeString: 'End' }),
      409,
      'research_not_current',
    );
  });
});
