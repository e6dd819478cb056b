import { describe, expect, it } from 'vitest';
import { VERSION_ACTION_NAMES } from '@edc/domain';
import { matrix } from '../support/cast.js';
import { makeCentre, makeUser } from '../support/factories.js';
import { auditActions, expectError, freshResearch, lastAudit, setupDesignApp } from './design-support.js';

const { world, admin, db, as } = setupDesignApp();
/** The `updatedAt` a client last read: every update sends it. */
const stamp = async (path: string): Promise<string> => (await admin.ok('GET', path)).updatedAt;
const newResearch = async () => (await freshResearch(db())).id;

describe('POST /ResearchVersions: index rules', () => {
  it('creates 1.0 then refuses it again with the spec message', async () => {
    const researchId = await newResearch();
    const v = await admin.version(researchId, { description: 'First' });
    expect(v).toMatchObject({ index: '1.0', status: 'Designed', isLast: true, actions: ['StartQaValidating'], createdBy: null });
    const again = await admin.send('POST', '/ResearchVersions', {
      researchId,
      startedDate: '2026-02-01',
      majorIndex: 1,
      minorIndex: 0,
    });
    const err = expectError(again, 409, 'version_exists', 'majorIndex');
    expect(err.message).toBe('Версия 1.0 уже существует!');
    expect(await auditActions(db(), v.id)).toEqual(['research_version.create']);
  });

  it('offers 0.0 or 1.0 first, then only the minor or the major increment', async () => {
    const researchId = await newResearch();
    expectError(
      await admin.send('POST', '/ResearchVersions', { researchId, startedDate: '2026-01-01', majorIndex: 0, minorIndex: 3 }),
      400,
      'version_index_not_offered',
      'majorIndex',
    );
    await admin.version(researchId, { majorIndex: 0, minorIndex: 0 });
    const bad = await admin.send('POST', '/ResearchVersions', {
      researchId,
      startedDate: '2026-01-01',
      majorIndex: 2,
      minorIndex: 0,
    });
    expect(expectError(bad, 400, 'version_index_not_offered').message).toContain('0.1, 1.0');
    expect((await admin.version(researchId, { majorIndex: 0, minorIndex: 1 })).index).toBe('0.1');
    expect((await admin.version(researchId, { majorIndex: 1, minorIndex: 0 })).index).toBe('1.0');
    const list = await admin.ok('GET', `/ResearchVersions?researchId=${researchId}`);
    expect(list.map((v: any) => [v.index, v.isLast])).toEqual([
      ['0.0', false],
      ['0.1', false],
      ['1.0', true],
    ]);
  });

  it('refuses a date earlier than the current version', async () => {
    const researchId = await newResearch();
    await admin.version(researchId, { startedDate: '2026-03-10' });
    const res = await admin.send('POST', '/ResearchVersions', {
      researchId,
      startedDate: '2026-03-09',
      majorIndex: 1,
      minorIndex: 1,
    });
    expect(expectError(res, 400, 'version_date_before_current', 'startedDate').message).toBe(
      'Дата не может быть раньше даты текущей версии',
    );
  });

  it('names missing and malformed fields', async () => {
    const researchId = await newResearch();
    const res = await admin.send('POST', '/ResearchVersions', { researchId, startedDate: '10/03/2026', minorIndex: 0 });
    expect(res.status).toBe(400);
    const paths = res.body.errors.map((e: any) => e.path).sort();
    expect(paths).toEqual(['majorIndex', 'startedDate']);
  });

  it('needs a research: the query or body id, else the caller’s current one', async () => {
    expectError(
      await admin.send('POST', '/ResearchVersions', { startedDate: '2026-01-01', majorIndex: 1, minorIndex: 0 }),
      400,
      'research_required',
      'researchId',
    );
    // The manager's current research is the world's.
    const v = await as('manager').ok('POST', '/ResearchVersions', { startedDate: '2026-01-01', majorIndex: 1, minorIndex: 0 });
    expect(v.researchId).toBe(world.research.id);
    expect(v.createdBy.id).toBe(world.cast.Admin.employeeId);
  });
});

describe('PUT /ResearchVersions/{id}', () => {
  it('lets only the last version change its index or date, and not before the previous one', async () => {
    const researchId = await newResearch();
    const first = await admin.version(researchId, { startedDate: '2026-01-10' });
    const last = await admin.version(researchId, { majorIndex: 1, minorIndex: 1, startedDate: '2026-02-01' });
    expectError(
      await admin.send('PUT', `/ResearchVersions/${first.id}`, {
        updatedAt: await stamp(`/ResearchVersions/${first.id}`),
        startedDate: '2026-01-11',
      }),
      400,
      'version_not_last',
      'startedDate',
    );
    // Other fields of an older version may change.
    expect(
      (
        await admin.ok('PUT', `/ResearchVersions/${first.id}`, {
          updatedAt: await stamp(`/ResearchVersions/${first.id}`),
          description: 'Notes',
          testedSubjects: 5,
        })
      ).testedSubjects,
    ).toBe(5);
    const early = await admin.send('PUT', `/ResearchVersions/${last.id}`, {
      updatedAt: await stamp(`/ResearchVersions/${last.id}`),
      startedDate: '2026-01-09',
    });
    expect(expectError(early, 400, 'version_date_before_previous', 'startedDate').message).toBe(
      'Дата не может быть раньше даты предыдущей версии',
    );
    expectError(
      await admin.send('PUT', `/ResearchVersions/${last.id}`, {
        updatedAt: await stamp(`/ResearchVersions/${last.id}`),
        majorIndex: 1,
        minorIndex: 0,
      }),
      409,
      'version_exists',
    );
    const moved = await admin.ok('PUT', `/ResearchVersions/${last.id}`, {
      updatedAt: await stamp(`/ResearchVersions/${last.id}`),
      majorIndex: 2,
      minorIndex: 0,
      startedDate: '2026-01-10',
    });
    expect(moved).toMatchObject({ index: '2.0', startedDate: '2026-01-10' });
    const audit = await lastAudit(db(), last.id, 'research_version.update');
    expect(audit).toMatchObject({
      researchId,
      before: { majorIndex: 1, minorIndex: 1 },
      after: { majorIndex: 2, minorIndex: 0 },
    });
  });

  it('refuses a stale update with 409', async () => {
    const researchId = await newResearch();
    const v = await admin.version(researchId);
    await admin.ok('PUT', `/ResearchVersions/${v.id}`, { description: 'one', updatedAt: v.updatedAt });
    expectError(
      await admin.send('PUT', `/ResearchVersions/${v.id}`, { description: 'two', updatedAt: v.updatedAt }),
      409,
      'conflict',
      'updatedAt',
    );
  });

  it('flags characters the print font cannot render', async () => {
    const researchId = await newResearch();
    const v = await admin.version(researchId);
    const res = await admin.send('PUT', `/ResearchVersions/${v.id}`, {
      updatedAt: await stamp(`/ResearchVersions/${v.id}`),
      description: 'План 🙂',
    });
    expect(expectError(res, 400, 'unprintable_characters', 'description').message).toBe(
      'Вероятно, что следующие символы не будут отображаться при печати: 🙂',
    );
  });
});

describe('status machine', () => {
  const forward = [
    ['Designed', 'StartQaValidating', 'QaValidating'],
    ['QaValidating', 'StartTesting', 'Testing'],
    ['Testing', 'StartWorking', 'Working'],
    ['QaValidating', 'BackToDesigned', 'Designed'],
    ['Testing', 'BackToQaValidating', 'QaValidating'],
  ] as const;

  async function versionIn(status: string) {
    const researchId = await newResearch();
    const v = await admin.version(researchId);
    if (status !== 'Designed')
      await admin.ok('POST', `/ResearchVersions/${v.id}/ChangeStatus`, { versionStatus: status, reason: 'test' });
    return v;
  }

  it.each(forward)('%s --%s--> %s', async (from, action, to) => {
    const v = await versionIn(from);
    const moved = await as('manager').send('POST', `/ResearchVersions/${v.id}/${action}`);
    // The manager works in the world research only; the admin may act anywhere.
    expect(moved.status).toBe(403);
    const done = await admin.ok('POST', `/ResearchVersions/${v.id}/${action}`);
    expect(done.status).toBe(to);
    expect(await auditActions(db(), v.id)).toContain(`research_version.${action}`);
  });

  const refused = ['Designed', 'QaValidating', 'Testing', 'Working', 'Locked', 'Archived'].flatMap((status) =>
    VERSION_ACTION_NAMES.filter((a) => !forward.some(([f, act]) => f === status && act === a)).map((a) => [status, a] as const),
  );
  it.each(refused)('refuses %s --%s--> with 409', async (status, action) => {
    const v = await versionIn(status);
    const res = await admin.send('POST', `/ResearchVersions/${v.id}/${action}`);
    expect(expectError(res, 409, 'version_transition_refused').message).toContain(status);
  });

  it('walks the whole way with the manager in the world research', async () => {
    const v = await as('manager')
      .ok('POST', '/ResearchVersions', { startedDate: '2026-05-01', majorIndex: 1, minorIndex: 1 })
      .catch(async () =>
        as('manager').ok('POST', '/ResearchVersions', { startedDate: '2026-05-01', majorIndex: 2, minorIndex: 0 }),
      );
    for (const action of ['StartQaValidating', 'StartTesting', 'StartWorking']) {
      await as('manager').ok('POST', `/ResearchVersions/${v.id}/${action}`);
    }
    expect((await as('qa').ok('GET', `/ResearchVersions/${v.id}`)).status).toBe('Working');
  });

  it('ChangeStatus: user role admin only', async () => {
    const researchId = world.research.id;
    const list = await admin.ok('GET', `/ResearchVersions?researchId=${researchId}`);
    const v = list.at(-1) ?? (await admin.version(researchId));
    expectError(
      await as('editor').send('POST', `/ResearchVersions/${v.id}/ChangeStatus`, { versionStatus: 'Locked', reason: 'test' }),
      403,
      'version_status_admin_only',
    );
    expectError(
      await as('manager').send('POST', `/ResearchVersions/${v.id}/ChangeStatus`, { versionStatus: 'Locked', reason: 'test' }),
      403,
      'version_status_admin_only',
    );
    expect(
      (await admin.ok('POST', `/ResearchVersions/${v.id}/ChangeStatus`, { versionStatus: 'Locked', reason: 'test' })).status,
    ).toBe('Locked');
    expect(
      (await admin.send('POST', `/ResearchVersions/${v.id}/ChangeStatus`, { versionStatus: 'Finished', reason: 'test' })).status,
    ).toBe(400);
  });
});

describe('POST /ResearchVersions/SetAuthor', () => {
  it('assigns an admin-organisation employee once', async () => {
    const research = await freshResearch(db());
    const adminCentre = await makeCentre(db(), { researchId: research.id, type: 'Admin' });
    const siteCentre = await makeCentre(db(), { researchId: research.id, type: 'Site' });
    const manager = await makeUser(db(), { centre: adminCentre, employeeType: 'Manager' });
    const pi = await makeUser(db(), { centre: siteCentre });
    const v = await admin.version(research.id);
    expect(v.createdBy).toBeNull();
    expectError(
      await admin.send('POST', '/ResearchVersions/SetAuthor', { researchVersionId: v.id, authorId: pi.employeeId }),
      400,
      'author_not_admin_employee',
      'authorId',
    );
    // An admin-centre employee of another research does not qualify either.
    expectError(
      await admin.send('POST', '/ResearchVersions/SetAuthor', { researchVersionId: v.id, authorId: world.cast.Admin.employeeId }),
      400,
      'author_not_admin_employee',
    );
    const set = await admin.ok('POST', '/ResearchVersions/SetAuthor', { researchVersionId: v.id, authorId: manager.employeeId });
    expect(set.createdBy).toMatchObject({ id: manager.employeeId, employeeType: 'Manager', user: { id: manager.user.id } });
    expectError(
      await admin.send('POST', '/ResearchVersions/SetAuthor', { researchVersionId: v.id, authorId: manager.employeeId }),
      409,
      'version_author_set',
    );
  });
});

describe('DELETE /ResearchVersions/{id}', () => {
  it('deletes only the last version while Designed', async () => {
    const researchId = await newResearch();
    const first = await admin.version(researchId);
    const second = await admin.version(researchId, { majorIndex: 1, minorIndex: 1 });
    expectError(await admin.send('DELETE', `/ResearchVersions/${first.id}`), 409, 'version_delete_refused');
    await admin.ok('POST', `/ResearchVersions/${second.id}/StartQaValidating`);
    expectError(await admin.send('DELETE', `/ResearchVersions/${second.id}`), 409, 'version_delete_refused');
    await admin.ok('POST', `/ResearchVersions/${second.id}/BackToDesigned`);
    expect((await admin.send('DELETE', `/ResearchVersions/${second.id}`)).status).toBe(200);
    expect((await admin.send('GET', `/ResearchVersions/${second.id}`)).status).toBe(404);
    expect((await admin.ok('GET', `/ResearchVersions?researchId=${researchId}`)).map((v: any) => v.index)).toEqual(['1.0']);
    expect(await auditActions(db(), second.id)).toContain('research_version.delete');
  });
});

describe('design carried over to a new version', () => {
  it('links the visits and forms of the previous version to the new one', async () => {
    const researchId = await newResearch();
    const v1 = await admin.version(researchId);
    const visit = await admin.visit(researchId);
    const formType = await admin.formType();
    const form = await admin.form(visit.id, formType.id);
    expect(form.researchVersionList).toEqual([{ id: v1.id, index: '1.0' }]);
    const v2 = await admin.version(researchId, { majorIndex: 2, minorIndex: 0 });
    expect((await admin.ok('GET', `/Visits/${visit.id}`)).researchVersionList.map((v: any) => v.index)).toEqual(['1.0', '2.0']);
    expect((await admin.ok('GET', `/Forms/${form.id}`)).researchVersionList.map((v: any) => v.id)).toEqual([v1.id, v2.id]);
    // A new visit joins only the last version.
    expect((await admin.visit(researchId)).researchVersionList).toEqual([{ id: v2.id, index: '2.0' }]);
  });
});

describe('permission matrix', () => {
  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    '%s (%s) creating a version of the world research → %i',
    async (_l, caller, status) => {
      const res = await as(caller).send('POST', '/ResearchVersions', {
        researchId: world.research.id,
        startedDate: '2027-01-01',
        majorIndex: 99,
        minorIndex: 0,
      });
      // Allowed callers pass the permission check and meet the index rules instead.
      expect(res.status).toBe(status === 200 ? 400 : status);
    },
  );

  it.each(matrix({ outsider: 403 }, 200))('%s (%s) reading the world research versions → %i', async (_l, caller, status) => {
    expect((await as(caller).send('GET', `/ResearchVersions?researchId=${world.research.id}`)).status).toBe(status);
  });

  it('keeps the manager out of other researches', async () => {
    const researchId = await newResearch();
    expectError(
      await as('manager').send('POST', '/ResearchVersions', {
        researchId,
        startedDate: '2026-01-01',
        majorIndex: 1,
        minorIndex: 0,
      }),
      403,
      'forbidden',
    );
    expect((await as('manager').send('GET', `/ResearchVersions?researchId=${researchId}`)).status).toBe(403);
  });
});
