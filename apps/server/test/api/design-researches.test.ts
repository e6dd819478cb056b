import { describe, expect, it } from 'vitest';
import { matrix } from '../support/cast.js';
import { auditActions, expectError, freshResearch, lastAudit, setupDesignApp } from './design-support.js';

const { world, admin, db, as } = setupDesignApp();

const body = (over: Record<string, unknown> = {}) => ({
  grlsProtocolNumber: `P-${Math.random().toString(36).slice(2, 8)}`,
  grlsRkiNumber: 123,
  grlsProtocol: 'Открытое рандомизированное исследование',
  sponsor: 'ООО «Спонсор»',
  grlsStartDate: '2026-02-01',
  grlsPhase: 'III',
  mnn: 'Тестолол',
  protocolVersion: '1.0',
  protocolVersionDate: '2026-01-15',
  plannedSubject: 120,
  groupList: ['A', 'B'],
  ...over,
});

describe('POST /Researches', () => {
  it('creates a current research with its first protocol version, audited', async () => {
    const r = await admin.ok('POST', '/Researches', body());
    expect(r).toMatchObject({
      statusString: 'Current',
      withIwrs: false,
      totalPeriods: 1,
      grlsStartDate: '2026-02-01',
      groupList: ['A', 'B'],
    });
    const [pv] = await admin.ok('GET', `/ProtocolVersions?researchId=${r.id}`);
    expect(pv).toMatchObject({ protocolVersionNumber: '1.0', protocolVersionDate: '2026-01-15' });
    expect(await auditActions(db(), r.id)).toEqual(['research.create']);
    expect((await admin.ok('GET', `/Researches/${r.id}`)).id).toBe(r.id);
  });

  it('names missing fields and refuses invalid dates', async () => {
    const { mnn: _m, sponsor: _s, ...rest } = body();
    const res = await admin.send('POST', '/Researches', rest);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.path).sort()).toEqual(['mnn', 'sponsor']);
    expectError(
      await admin.send('POST', '/Researches', body({ grlsStartDate: '31/02/2026' })),
      400,
      'validation',
      'grlsStartDate',
    );
    expectError(
      await admin.send('POST', '/Researches', body({ protocolVersionDate: '2026-02-30' })),
      400,
      'validation',
      'protocolVersionDate',
    );
  });

  it.each(matrix({ admin: 200, editor: 200 }, 403))('%s (%s) → %i', async (_l, caller, status) => {
    expect((await as(caller).send('POST', '/Researches', body())).status).toBe(status);
  });
});

describe('PUT /Researches/{id}', () => {
  it('edits research info; protocol version, its date and the start date stay required', async () => {
    const r = await freshResearch(db());
    const { updatedAt } = await admin.ok('GET', `/Researches/${r.id}`);
    const missing = await admin.send('PUT', `/Researches/${r.id}/`, {
      protocolVersion: '2.0',
      protocolVersionDate: '2026-03-01',
      grlsStartDate: '2026-03-02',
    });
    expectError(missing, 400, 'required', 'updatedAt');
    const edited = await admin.ok('PUT', `/Researches/${r.id}/`, {
      updatedAt,
      protocolVersion: '2.0',
      protocolVersionDate: '2026-03-01',
      grlsStartDate: '2026-03-02',
      mnn: 'Новое МНН',
    });
    expect(edited).toMatchObject({ protocolVersion: '2.0', mnn: 'Новое МНН' });
    const res = await admin.send('PUT', `/Researches/${r.id}`, { mnn: 'X', updatedAt: edited.updatedAt });
    expect(res.body.errors.map((e: any) => e.path).sort()).toEqual(['grlsStartDate', 'protocolVersion', 'protocolVersionDate']);
    expect(await lastAudit(db(), r.id, 'research.update')).toMatchObject({
      before: { mnn: 'Testol' },
      after: { mnn: 'Новое МНН' },
    });
  });

  const info = { protocolVersion: '1.1', protocolVersionDate: '2026-01-01', grlsStartDate: '2026-01-02' };
  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    '%s (%s) editing the world research → %i',
    async (_l, caller, status) => {
      const { updatedAt } = await admin.ok('GET', `/Researches/${world.research.id}`);
      expect((await as(caller).send('PUT', `/Researches/${world.research.id}`, { ...info, updatedAt })).status).toBe(status);
    },
  );
  it('keeps the admin-centre manager to its own research', async () => {
    const r = await freshResearch(db());
    const { updatedAt } = await admin.ok('GET', `/Researches/${r.id}`);
    expect((await as('manager').send('PUT', `/Researches/${r.id}`, { ...info, updatedAt })).status).toBe(403);
  });

  it('refuses a stale edit (409 naming updatedAt) and changes nothing; a fresh one saves', async () => {
    const r = await freshResearch(db());
    const read = await admin.ok('GET', `/Researches/${r.id}`);
    expect(read.createdAt).toEqual(expect.any(String));
    const first = await admin.ok('PUT', `/Researches/${r.id}`, { ...info, mnn: 'Первое', updatedAt: read.updatedAt });
    expect(first.updatedAt).not.toBe(read.updatedAt);
    const stale = await admin.send('PUT', `/Researches/${r.id}`, { ...info, mnn: 'Второе', updatedAt: read.updatedAt });
    expectError(stale, 409, 'conflict', 'updatedAt');
    expect((await admin.ok('GET', `/Researches/${r.id}`)).mnn).toBe('Первое');
    const fresh = await admin.ok('PUT', `/Researches/${r.id}`, { ...info, mnn: 'Второе', updatedAt: first.updatedAt });
    expect(fresh.mnn).toBe('Второе');
  });
});

describe('Lock, Archive, Delete, ToggleIwrsConnection', () => {
  it('locks only a current research, archives only a locked one', async () => {
    const r = await freshResearch(db());
    expect(expectError(await admin.send('PUT', `/Researches/${r.id}/Archive`), 409, 'research_archive_refused').message).toBe(
      'Отправить в архив можно только заблокированное исследование',
    );
    expect((await admin.ok('PUT', `/Researches/${r.id}/Lock`)).statusString).toBe('Locked');
    expect(expectError(await admin.send('PUT', `/Researches/${r.id}/Lock`), 409, 'research_lock_refused').message).toBe(
      'Заблокировать можно только текущее исследование',
    );
    // A locked research's design and info cannot change.
    expectError(
      await admin.send('POST', '/Visits', { researchId: r.id, title: 'T', visitKey: 'K', visitTypeString: 'End' }),
      409,
      'research_not_current',
    );
    const { updatedAt } = await admin.ok('GET', `/Researches/${r.id}`);
    expectError(await admin.send('PUT', `/Researches/${r.id}`, { ...info(), updatedAt }), 409, 'research_not_current');
    expect((await admin.ok('PUT', `/Researches/${r.id}/Archive`)).statusString).toBe('Archived');
    expectError(await admin.send('PUT', `/Researches/${r.id}/Lock`), 409, 'research_lock_refused');
    expectError(await admin.send('PUT', `/Researches/${r.id}/Archive`), 409, 'research_archive_refused');
    expect(await auditActions(db(), r.id)).toEqual(['research.lock', 'research.archive']);
    expect(await lastAudit(db(), r.id, 'research.archive')).toMatchObject({
      before: { statusString: 'Locked' },
      after: { statusString: 'Archived' },
    });
  });

  it('deletes unless already deleted; the research stays listed as Deleted', async () => {
    const r = await freshResearch(db());
    expect((await admin.send('DELETE', `/Researches/${r.id}`)).status).toBe(200);
    expect((await admin.ok('GET', `/Researches/${r.id}`)).statusString).toBe('Deleted');
    expectError(await admin.send('DELETE', `/Researches/${r.id}`), 409, 'research_already_deleted');
    expectError(await admin.send('PUT', `/Researches/${r.id}/Lock`), 409, 'research_lock_refused');
    expect(await auditActions(db(), r.id)).toEqual(['research.delete']);
  });

  it('toggles the IWRS connection both ways', async () => {
    const r = await freshResearch(db());
    expect((await admin.ok('PUT', `/Researches/${r.id}/ToggleIwrsConnection`)).withIwrs).toBe(true);
    expect((await admin.ok('PUT', `/Researches/${r.id}/ToggleIwrsConnection`)).withIwrs).toBe(false);
    expect(await auditActions(db(), r.id)).toEqual(['research.toggle_iwrs', 'research.toggle_iwrs']);
  });

  it('answers 404 for an unknown research', async () => {
    expectError(await admin.send('PUT', '/Researches/01900000-0000-7000-8000-000000000000/Lock'), 404, 'not_found', 'id');
  });

  it.each(matrix({ admin: 200, editor: 200 }, 403))('%s (%s) locking → %i', async (_l, caller, status) => {
    const r = await freshResearch(db());
    expect((await as(caller).send('PUT', `/Researches/${r.id}/Lock`)).status).toBe(status);
  });
  it.each(matrix({ admin: 200, editor: 200 }, 403))('%s (%s) toggling IWRS → %i', async (_l, caller, status) => {
    const r = await freshResearch(db());
    expect((await as(caller).send('PUT', `/Researches/${r.id}/ToggleIwrsConnection`)).status).toBe(status);
  });
  it.each(matrix({ admin: 200, editor: 200 }, 403))('%s (%s) deleting → %i', async (_l, caller, status) => {
    const r = await freshResearch(db());
    expect((await as(caller).send('DELETE', `/Researches/${r.id}`)).status).toBe(status);
  });
});

function info() {
  return { protocolVersion: '1.1', protocolVersionDate: '2026-01-01', grlsStartDate: '2026-01-02' };
}

describe('ProtocolVersions', () => {
  it('number and date required; lists by date; edits', async () => {
    const r = await freshResearch(db());
    expectError(
      await admin.send('POST', '/ProtocolVersions', { researchId: r.id, protocolVersionDate: '2026-01-01' }),
      400,
      'required',
      'protocolVersionNumber',
    );
    expectError(
      await admin.send('POST', '/ProtocolVersions', {
        researchId: r.id,
        protocolVersionNumber: '2',
        protocolVersionDate: '01.01.2026',
      }),
      400,
      'validation',
      'protocolVersionDate',
    );
    const b = await admin.ok('POST', '/ProtocolVersions', {
      researchId: r.id,
      protocolVersionNumber: '2',
      protocolVersionDate: '2026-02-01',
    });
    const a = await admin.ok('POST', '/ProtocolVersions', {
      researchId: r.id,
      protocolVersionNumber: '1',
      protocolVersionDate: '2026-01-01',
    });
    expect((await admin.ok('GET', `/ProtocolVersions?researchId=${r.id}`)).map((p: any) => p.id)).toEqual([a.id, b.id]);
    const bUpdate = { protocolVersionNumber: '2.1', updatedAt: b.updatedAt };
    expect((await admin.ok('PUT', `/ProtocolVersions/${b.id}`, bUpdate)).protocolVersionNumber).toBe('2.1');
    expect(await admin.ok('GET', `/ProtocolVersions/${b.id}`)).toMatchObject({
      protocolVersionNumber: '2.1',
      protocolVersionDate: '2026-02-01',
    });
    expect(await auditActions(db(), b.id)).toEqual(['protocol_version.create', 'protocol_version.update']);
  });
  it.each(matrix({ admin: 200, editor: 200, manager: 200 }, 403))(
    '%s (%s) adding a protocol version → %i',
    async (_l, caller, status) => {
      const res = await as(caller).send('POST', '/ProtocolVersions', {
        researchId: world.research.id,
        protocolVersionNumber: 'M',
        protocolVersionDate: '2026-01-01',
      });
      expect(res.status).toBe(status);
    },
  );
  it.each(matrix({ outsider: 403 }, 200))('%s (%s) reading protocol versions → %i', async (_l, caller, status) => {
    expect((await as(caller).send('GET', `/ProtocolVersions?researchId=${world.research.id}`)).status).toBe(status);
  });
});
