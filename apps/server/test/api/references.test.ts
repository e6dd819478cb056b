import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { REFERENCE_DEFAULTS } from '@edc/domain';
import { auditLog, fields, formTypes, referenceRanges, users } from '../../src/platform/db/schema/index.js';
import { call } from '../support/test-app.js';
import { makeCentre, makeResearch, makeUser, signIn } from '../support/factories.js';
import { auditOf, CALLERS, matrix, setupCastApp } from '../support/cast.js';

const { t, callers, world, db, as } = setupCastApp();
/** The `updatedAt` a client last read: every update sends it. */
const stamp = async (path: string): Promise<string> =>
  (await call(t.app, 'GET', path, { token: as('admin') })).body.data.updatedAt;
/** A blood-test form type with a number, a calculated and a text field; another form type with a number field. */
let blood: { id: string; hb: string; ratio: string; comment: string };
let urine: { id: string; ph: string };
/** A user-role Admin who reads the API in English (the user's own language wins over Accept-Language). */
let adminEn: string;
beforeAll(async () => {
  const en = await makeUser(db(), { userRole: 'Admin' });
  await db().update(users).set({ language: 'en' }).where(eq(users.id, en.user.id));
  adminEn = await signIn(t.app, en.user.email);
  const [bt] = await db().insert(formTypes).values({ title: 'Blood test', formTypeKey: 'BLOOD' }).returning();
  const [ut] = await db().insert(formTypes).values({ title: 'Urine test', formTypeKey: 'URINE' }).returning();
  const field = async (formTypeId: string, title: string, fieldType: string) =>
    (
      await db().insert(fields).values({ formTypeId, title, fieldKey: title.toUpperCase(), fieldType, units: 'g/L' }).returning()
    )[0]!.id;
  blood = {
    id: bt!.id,
    hb: await field(bt!.id, 'Haemoglobin', 'Number'),
    ratio: await field(bt!.id, 'Albumin ratio', 'Calculated'),
    comment: await field(bt!.id, 'Comment', 'Text'),
  };
  urine = { id: ut!.id, ph: await field(ut!.id, 'pH', 'Number') };
});

const UNKNOWN = '01900000-0000-7000-8000-000000000000';
let year = 2000;
/** A period no other test uses, so groups of one centre and form type never overlap by accident. */
const freshPeriod = () => {
  year += 1;
  return { dateFrom: `${year}-01-01`, dateTo: `${year}-12-31` };
};
const range = (over: Record<string, unknown> = {}) => ({
  fieldId: blood.hb,
  ...REFERENCE_DEFAULTS,
  minReference: 120,
  maxReference: 160,
  errorMessage: 'Out of range',
  ...over,
});

async function makeGroup(centreId = world.cast.Site.centreId, over: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/ReferenceGroups', {
    token: as('admin'),
    body: { researchOrganisationId: centreId, formTypeId: blood.id, ...freshPeriod(), ...over },
  });
  if (res.status !== 200) throw new Error(`group: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; updatedAt: string; dateFrom: string; dateTo: string | null };
}
async function makeReference(groupId: string, over: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/References', {
    token: as('admin'),
    body: { referenceGroupId: groupId, ...range(over) },
  });
  if (res.status !== 200) throw new Error(`reference: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; updatedAt: string };
}
const toggleLock = (groupId: string, token = as('admin')) =>
  call(t.app, 'PUT', `/ReferenceGroups/${groupId}/ToggleLock`, { token });
async function lockedGroup(centreId?: string) {
  const g = await makeGroup(centreId);
  const ref = await makeReference(g.id);
  await toggleLock(g.id);
  return { group: g, ref };
}

// ---------------------------------------------------------------------------------------- centre groups

describe('POST /ReferenceGroups', () => {
  it('creates a group of a centre and audits it with the research', async () => {
    const period = freshPeriod();
    const res = await call(t.app, 'POST', '/ReferenceGroups', {
      token: as('manager'),
      body: { researchOrganisationId: world.cast.Site.centreId, formTypeId: blood.id, ...period },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      researchOrganisationId: world.cast.Site.centreId,
      formTypeId: blood.id,
      formType: { id: blood.id, title: 'Blood test' },
      ...period,
      isLocked: false,
      validated: false,
      organisationReferenceGroupId: null,
      referenceCount: 0,
      referenceList: [],
    });
    const [audit] = await auditOf(db(), res.body.data.id, 'reference_group.create');
    expect(audit).toMatchObject({ userId: callers.manager.userId, researchId: world.research.id, before: null });
    expect(audit!.after).toMatchObject({ formTypeId: blood.id, ...period, isLocked: false });
  });

  it('the end date is optional (open-ended) and may equal the start, not precede it', async () => {
    const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site' });
    const open = await makeGroup(centre.id, { dateFrom: '1990-01-01', dateTo: null });
    expect(open.dateTo).toBeNull();
    const oneDay = await makeGroup(centre.id, { dateFrom: '1980-05-05', dateTo: '1980-05-05' });
    expect(oneDay.dateTo).toBe('1980-05-05');
    const res = await call(t.app, 'POST', '/ReferenceGroups', {
      token: as('admin'),
      body: {
        researchOrganisationId: world.cast.Site.centreId,
        formTypeId: blood.id,
        dateFrom: '1970-02-02',
        dateTo: '1970-02-01',
      },
      lang: 'ru',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({
      code: 'date_to_before_date_from',
      path: 'dateTo',
      message: 'Дата окончания не может быть раньше даты начала',
    });
  });

  it('refuses a period that overlaps another group of the centre and form type (409 names dateFrom)', async () => {
    const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site' });
    await makeGroup(centre.id, { dateFrom: '2026-01-01', dateTo: '2026-06-30' });
    const overlap = await call(t.app, 'POST', '/ReferenceGroups', {
      token: as('admin'),
      body: { researchOrganisationId: centre.id, formTypeId: blood.id, dateFrom: '2026-06-30', dateTo: null },
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.errors[0]).toMatchObject({ code: 'reference_group_overlap', path: 'dateFrom' });
    expect(overlap.body.errors[0].message).toContain('2026-01-01');
    // The next day, or another form type, is fine.
    await makeGroup(centre.id, { dateFrom: '2026-07-01', dateTo: null });
    await makeGroup(centre.id, { formTypeId: urine.id, dateFrom: '2026-01-01', dateTo: null });
  });

  it.each([
    [{ formTypeId: undefined }, 'formTypeId', 'required'],
    [{ dateFrom: undefined }, 'dateFrom', 'required'],
    [{ dateFrom: '2026-13-01' }, 'dateFrom', 'validation'],
    [{ dateTo: '31.12.2026' }, 'dateTo', 'validation'],
    [{ researchOrganisationId: undefined }, 'researchOrganisationId', 'required'],
    [{ organisationReferenceGroupId: 'x' }, 'organisationReferenceGroupId', 'validation'],
  ])('400 for %o names %s', async (over, path, code) => {
    const res = await call(t.app, 'POST', '/ReferenceGroups', {
      token: as('admin'),
      body: { researchOrganisationId: world.cast.Site.centreId, formTypeId: blood.id, ...freshPeriod(), ...over },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code, path });
  });

  it('404 names an unknown centre or form type', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ researchOrganisationId: UNKNOWN }, 'researchOrganisationId'],
      [{ formTypeId: UNKNOWN }, 'formTypeId'],
    ];
    for (const [over, path] of cases) {
      const res = await call(t.app, 'POST', '/ReferenceGroups', {
        token: as('admin'),
        body: { researchOrganisationId: world.cast.Site.centreId, formTypeId: blood.id, ...freshPeriod(), ...over },
      });
      expect(res.status).toBe(404);
      expect(res.body.errors[0].path).toBe(path);
    }
  });

  it.each(matrix({ admin: 200, manager: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const res = await call(t.app, 'POST', '/ReferenceGroups', {
      token: as(caller),
      body: { researchOrganisationId: world.cast.Site.centreId, formTypeId: blood.id, ...freshPeriod() },
    });
    expect(res.status).toBe(expected);
  });
});

describe('Reading centre groups', () => {
  let siteGroup: { id: string };
  let testSiteGroup: { id: string };
  beforeAll(async () => {
    siteGroup = await makeGroup(world.cast.Site.centreId);
    await makeReference(siteGroup.id);
    testSiteGroup = await makeGroup(world.cast.TestSite.centreId);
  });

  it('lists a centre’s groups paged, newest first, with their counts; one group comes with its references', async () => {
    const centre = await makeCentre(db(), { researchId: world.research.id, type: 'Site' });
    const older = await makeGroup(centre.id, { dateFrom: '2020-01-01', dateTo: '2020-12-31' });
    const newer = await makeGroup(centre.id, { dateFrom: '2021-01-01', dateTo: null });
    await makeGroup(centre.id, { formTypeId: urine.id, dateFrom: '2019-01-01', dateTo: null });
    await makeReference(newer.id);
    await makeReference(newer.id, { genderString: 'Female', minAge: 18, maxAge: 65 });
    const res = await call(t.app, 'GET', `/ReferenceGroups?researchOrganisationId=${centre.id}&pageSize=2`, { token: as('qa') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, pageSize: 2, totalCount: 3 });
    expect(res.body.data.map((g: { id: string }) => g.id)).toEqual([newer.id, older.id]);
    expect(res.body.data[0].referenceCount).toBe(2);
    const byType = await call(t.app, 'GET', `/ReferenceGroups?researchOrganisationId=${centre.id}&formTypeId=${urine.id}`, {
      token: as('qa'),
    });
    expect(byType.body.totalCount).toBe(1);
    const one = await call(t.app, 'GET', `/ReferenceGroups/${newer.id}`, { token: as('qa') });
    expect(one.body.data.referenceList).toHaveLength(2);
    expect(one.body.data.referenceList[1]).toMatchObject({
      referenceGroupId: newer.id,
      fieldId: blood.hb,
      field: { id: blood.hb, title: 'Haemoglobin', fieldKey: 'HAEMOGLOBIN', fieldType: 'Number', units: 'g/L' },
      minReference: 120,
      maxReference: 160,
      minAge: 18,
      maxAge: 65,
      genderString: 'Female',
      errorMessage: 'Out of range',
    });
  });

  it('400 names a missing researchOrganisationId; 404 an unknown centre', async () => {
    const missing = await call(t.app, 'GET', '/ReferenceGroups', { token: as('admin') });
    expect(missing.body.errors[0]).toMatchObject({ code: 'required', path: 'researchOrganisationId' });
    const unknown = await call(t.app, 'GET', `/ReferenceGroups?researchOrganisationId=${UNKNOWN}`, { token: as('admin') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].path).toBe('researchOrganisationId');
  });

  // Readers: references_edit, research_references or centers_settings; a site reads only its own centre.
  it.each(matrix({ admin: 200, editor: 200, manager: 200, sitePi: 200, qa: 200 }, 403))(
    "list of the site's groups, role matrix: %s (%s) gets %i",
    async (_l, caller, expected) => {
      const res = await call(t.app, 'GET', `/ReferenceGroups?researchOrganisationId=${world.cast.Site.centreId}`, {
        token: as(caller),
      });
      expect(res.status).toBe(expected);
    },
  );

  it.each(matrix({ admin: 200, editor: 200, manager: 200, testSitePi: 200, qa: 200 }, 403))(
    "list of the test site's groups, role matrix: %s (%s) gets %i",
    async (_l, caller, expected) => {
      const res = await call(t.app, 'GET', `/ReferenceGroups?researchOrganisationId=${world.cast.TestSite.centreId}`, {
        token: as(caller),
      });
      expect(res.status).toBe(expected);
    },
  );

  it.each(matrix({ admin: 200, editor: 200, manager: 200, sitePi: 200, qa: 200 }, 404))(
    'one site group and its fields, role matrix: %s (%s) gets %i',
    async (_l, caller, expected) => {
      expect((await call(t.app, 'GET', `/ReferenceGroups/${siteGroup.id}`, { token: as(caller) })).status).toBe(expected);
      expect((await call(t.app, 'GET', `/ReferenceGroups/${siteGroup.id}/ByFormType`, { token: as(caller) })).status).toBe(
        expected,
      );
    },
  );

  it('a site user reads its centre’s references, not another centre’s', async () => {
    const list = await call(t.app, 'GET', `/References?referenceGroupId=${siteGroup.id}`, { token: as('sitePi') });
    expect(list.status).toBe(200);
    expect(list.body.totalCount).toBe(1);
    const one = await call(t.app, 'GET', `/References/${list.body.data[0].id}`, { token: as('sitePi') });
    expect(one.status).toBe(200);
    expect((await call(t.app, 'GET', `/References/${list.body.data[0].id}`, { token: as('testSitePi') })).status).toBe(404);
    expect((await call(t.app, 'GET', `/References?referenceGroupId=${testSiteGroup.id}`, { token: as('sitePi') })).status).toBe(
      403,
    );
    expect((await call(t.app, 'GET', `/ReferenceGroups/${testSiteGroup.id}`, { token: as('sitePi') })).status).toBe(404);
  });

  it('ByFormType lists the number and calculated fields of the group’s form type only', async () => {
    const res = await call(t.app, 'GET', `/ReferenceGroups/${siteGroup.id}/ByFormType`, { token: as('admin') });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      { id: blood.ratio, title: 'Albumin ratio', fieldKey: 'ALBUMIN RATIO', fieldType: 'Calculated', units: 'g/L' },
      { id: blood.hb, title: 'Haemoglobin', fieldKey: 'HAEMOGLOBIN', fieldType: 'Number', units: 'g/L' },
    ]);
  });
});

describe('PUT /ReferenceGroups/{id}', () => {
  it('changes the period, audits before and after, and refuses a stale copy', async () => {
    const g = await makeGroup((await makeCentre(db(), { researchId: world.research.id, type: 'Site' })).id);
    const res = await call(t.app, 'PUT', `/ReferenceGroups/${g.id}`, {
      token: as('admin'),
      body: { dateTo: null, updatedAt: g.updatedAt },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.dateTo).toBeNull();
    const [audit] = await auditOf(db(), g.id, 'reference_group.update');
    expect(audit).toMatchObject({ researchId: world.research.id });
    expect(audit!.before).toMatchObject({ dateTo: g.dateTo });
    expect(audit!.after).toMatchObject({ dateTo: null });
    const stale = await call(t.app, 'PUT', `/ReferenceGroups/${g.id}`, {
      token: as('admin'),
      body: { dateTo: g.dateTo, updatedAt: g.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({ code: 'conflict', path: 'updatedAt' });
  });

  it('the end may not precede the start; the form type changes only while the group is empty', async () => {
    const g = await makeGroup();
    const before = await call(t.app, 'PUT', `/ReferenceGroups/${g.id}`, {
      token: as('admin'),
      body: { updatedAt: await stamp(`/ReferenceGroups/${g.id}`), dateTo: '1900-01-01' },
    });
    expect(before.status).toBe(400);
    expect(before.body.errors[0].path).toBe('dateTo');
    const retype = await call(t.app, 'PUT', `/ReferenceGroups/${g.id}`, {
      token: as('admin'),
      body: { updatedAt: await stamp(`/ReferenceGroups/${g.id}`), formTypeId: urine.id },
    });
    expect(retype.status).toBe(200);
    expect(retype.body.data.formType.title).toBe('Urine test');
    await makeReference(g.id, { fieldId: urine.ph, minReference: 5, maxReference: 8 });
    const fixed = await call(t.app, 'PUT', `/ReferenceGroups/${g.id}`, {
      token: as('admin'),
      body: { updatedAt: await stamp(`/ReferenceGroups/${g.id}`), formTypeId: blood.id },
    });
    expect(fixed.status).toBe(409);
    expect(fixed.body.errors[0]).toMatchObject({ code: 'reference_group_form_type_fixed', path: 'formTypeId' });
  });

  it('a locked group does not change', async () => {
    const { group } = await lockedGroup();
    const res = await call(t.app, 'PUT', `/ReferenceGroups/${group.id}`, {
      token: as('admin'),
      body: { updatedAt: await stamp(`/ReferenceGroups/${group.id}`), dateTo: null },
    });
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ code: 'reference_group_locked', path: 'id' });
  });

  it.each(matrix({ admin: 200, manager: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const g = await makeGroup();
    expect(
      (
        await call(t.app, 'PUT', `/ReferenceGroups/${g.id}`, {
          token: as(caller),
          body: { updatedAt: await stamp(`/ReferenceGroups/${g.id}`), dateTo: g.dateFrom },
        })
      ).status,
    ).toBe(expected);
  });
});

describe('PUT /ReferenceGroups/{id}/ToggleLock', () => {
  it('locks and unlocks, each audited', async () => {
    const g = await makeGroup();
    const locked = await toggleLock(g.id);
    expect(locked.body.data).toMatchObject({ isLocked: true, validated: true });
    const unlocked = await toggleLock(g.id);
    expect(unlocked.body.data).toMatchObject({ isLocked: false, validated: false });
    expect(await auditOf(db(), g.id, 'reference_group.lock')).toHaveLength(1);
    const [unlock] = await auditOf(db(), g.id, 'reference_group.unlock');
    expect(unlock).toMatchObject({ researchId: world.research.id, before: expect.objectContaining({ isLocked: true }) });
  });

  it.each(matrix({ admin: 200, manager: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const g = await makeGroup();
    expect((await toggleLock(g.id, as(caller))).status).toBe(expected);
  });
});

describe('DELETE /ReferenceGroups/{id}', () => {
  it('deletes an unlocked group with its references, each audited; a locked one only after unlocking', async () => {
    const { group, ref } = await lockedGroup();
    const refused = await call(t.app, 'DELETE', `/ReferenceGroups/${group.id}`, { token: adminEn });
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'reference_group_locked',
      message: 'The reference group is locked (validated): neither it nor its references can be changed',
    });
    await toggleLock(group.id);
    expect((await call(t.app, 'DELETE', `/ReferenceGroups/${group.id}`, { token: as('admin') })).status).toBe(200);
    expect((await call(t.app, 'GET', `/ReferenceGroups/${group.id}`, { token: as('admin') })).status).toBe(404);
    expect((await call(t.app, 'GET', `/References/${ref.id}`, { token: as('admin') })).status).toBe(404);
    const [audit] = await auditOf(db(), group.id, 'reference_group.delete');
    expect(audit).toMatchObject({ researchId: world.research.id });
    expect(audit!.after).toMatchObject({ deletedAt: expect.any(String) });
    const [refAudit] = await auditOf(db(), ref.id, 'reference.delete');
    expect(refAudit).toMatchObject({ reason: 'reference group deleted', researchId: world.research.id });
  });

  it.each(matrix({ admin: 200, manager: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const g = await makeGroup();
    expect((await call(t.app, 'DELETE', `/ReferenceGroups/${g.id}`, { token: as(caller) })).status).toBe(expected);
  });
});

describe('PUT /ReferenceGroups/{id}/CopyTo/{researchOrganisationId}', () => {
  it('copies a locked group with its references to another centre of the research, unlocked, audited', async () => {
    const { group } = await lockedGroup(world.cast.Site.centreId);
    await toggleLock(group.id);
    await makeReference(group.id, { fieldId: blood.ratio, minReference: 0.5, maxReference: 1.5, genderString: 'Male' });
    await toggleLock(group.id);
    const target = await makeCentre(db(), { researchId: world.research.id, type: 'Site' });
    const res = await call(t.app, 'PUT', `/ReferenceGroups/${group.id}/CopyTo/${target.id}`, { token: as('admin') });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      researchOrganisationId: target.id,
      formTypeId: blood.id,
      dateFrom: group.dateFrom,
      dateTo: group.dateTo,
      isLocked: false,
      referenceCount: 2,
    });
    expect(res.body.data.id).not.toBe(group.id);
    expect(
      res.body.data.referenceList.map((r: { fieldId: string; minReference: number }) => [r.fieldId, r.minReference]),
    ).toEqual([
      [blood.hb, 120],
      [blood.ratio, 0.5],
    ]);
    const [audit] = await auditOf(db(), res.body.data.id, 'reference_group.copy');
    expect(audit).toMatchObject({ researchId: world.research.id });
    expect(audit!.after).toMatchObject({ copiedFrom: group.id, researchOrganisationId: target.id });
    const copies = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reference.create'), eq(auditLog.reason, `copied from reference group ${group.id}`)));
    expect(copies).toHaveLength(2);
    // The source is untouched and still locked.
    const source = await call(t.app, 'GET', `/ReferenceGroups/${group.id}`, { token: as('admin') });
    expect(source.body.data).toMatchObject({ isLocked: true, referenceCount: 2 });
    // Copying again to the same centre would overlap.
    const again = await call(t.app, 'PUT', `/ReferenceGroups/${group.id}/CopyTo/${target.id}`, { token: as('admin') });
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'reference_group_overlap', path: 'researchOrganisationId' });
  });

  it('refuses a centre of another research (400), an unknown one (404), the group’s own centre (409)', async () => {
    const g = await makeGroup();
    const otherResearch = await makeResearch(db());
    const foreign = await makeCentre(db(), { researchId: otherResearch.id, type: 'Site' });
    const res = await call(t.app, 'PUT', `/ReferenceGroups/${g.id}/CopyTo/${foreign.id}`, { token: as('admin') });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'foreign_research', path: 'researchOrganisationId' });
    const unknown = await call(t.app, 'PUT', `/ReferenceGroups/${g.id}/CopyTo/${UNKNOWN}`, { token: as('admin') });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].path).toBe('researchOrganisationId');
    const self = await call(t.app, 'PUT', `/ReferenceGroups/${g.id}/CopyTo/${world.cast.Site.centreId}`, { token: as('admin') });
    expect(self.status).toBe(409);
    const bad = await call(t.app, 'PUT', `/ReferenceGroups/${g.id}/CopyTo/nope`, { token: as('admin') });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].path).toBe('researchOrganisationId');
  });

  it.each(matrix({ admin: 200, manager: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const g = await makeGroup();
    const target = await makeCentre(db(), { researchId: world.research.id, type: 'Site' });
    expect((await call(t.app, 'PUT', `/ReferenceGroups/${g.id}/CopyTo/${target.id}`, { token: as(caller) })).status).toBe(
      expected,
    );
  });
});

// ---------------------------------------------------------------------------------------- centre ranges

describe('POST /References', () => {
  it('creates a reference for a number or calculated field and audits it with the research', async () => {
    const g = await makeGroup();
    const res = await call(t.app, 'POST', '/References', { token: as('admin'), body: { referenceGroupId: g.id, ...range() } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      referenceGroupId: g.id,
      fieldId: blood.hb,
      minReference: 120,
      maxReference: 160,
      minAge: 0,
      maxAge: 100,
      genderString: 'Both',
    });
    const [audit] = await auditOf(db(), res.body.data.id, 'reference.create');
    expect(audit).toMatchObject({ researchId: world.research.id, before: null });
    expect(audit!.after).toMatchObject({ referenceGroupId: g.id, fieldId: blood.hb, minReference: 120, gender: 'Both' });
    const calc = await call(t.app, 'POST', '/References', {
      token: as('admin'),
      body: { referenceGroupId: g.id, ...range({ fieldId: blood.ratio, minReference: -0.25, maxReference: 1.75 }) },
    });
    expect(calc.body.data).toMatchObject({ minReference: -0.25, maxReference: 1.75 });
    // The defaults themselves (min 0, max 0) are a valid range.
    const defaults = await call(t.app, 'POST', '/References', {
      token: as('admin'),
      body: { referenceGroupId: g.id, fieldId: blood.hb, ...REFERENCE_DEFAULTS, errorMessage: 'x' },
    });
    expect(defaults.status).toBe(200);
  });

  it('the field must be a number or calculated field (400 names fieldId) of the group’s form type', async () => {
    const g = await makeGroup();
    const text = await call(t.app, 'POST', '/References', {
      token: adminEn,
      body: { referenceGroupId: g.id, ...range({ fieldId: blood.comment }) },
    });
    expect(text.status).toBe(400);
    expect(text.body.errors[0]).toMatchObject({
      code: 'reference_field_type',
      path: 'fieldId',
      message: 'A reference applies only to a number or calculated field',
    });
    const otherType = await call(t.app, 'POST', '/References', {
      token: as('admin'),
      body: { referenceGroupId: g.id, ...range({ fieldId: urine.ph }) },
    });
    expect(otherType.status).toBe(400);
    expect(otherType.body.errors[0]).toMatchObject({ code: 'reference_field_form_type', path: 'fieldId' });
    const unknown = await call(t.app, 'POST', '/References', {
      token: as('admin'),
      body: { referenceGroupId: g.id, ...range({ fieldId: UNKNOWN }) },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].path).toBe('fieldId');
    const noGroup = await call(t.app, 'POST', '/References', {
      token: as('admin'),
      body: { referenceGroupId: UNKNOWN, ...range() },
    });
    expect(noGroup.status).toBe(404);
    expect(noGroup.body.errors[0].path).toBe('referenceGroupId');
  });

  it.each([
    [{ minReference: 5, maxReference: 4 }, 'maxReference'],
    [{ minAge: 18, maxAge: 17 }, 'maxAge'],
  ])('min above max (%o) is refused naming %s', async (over, path) => {
    const g = await makeGroup();
    const res = await call(t.app, 'POST', '/References', {
      token: as('admin'),
      body: { referenceGroupId: g.id, ...range(over) },
      lang: 'ru',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'range_inverted', path });
    expect(res.body.errors[0].message).toContain(path);
  });

  it.each(['fieldId', 'minReference', 'maxReference', 'minAge', 'maxAge', 'genderString', 'errorMessage', 'referenceGroupId'])(
    'every field is required: 400 names a missing %s',
    async (missing) => {
      const body: Record<string, unknown> = { referenceGroupId: UNKNOWN, ...range() };
      delete body[missing];
      const res = await call(t.app, 'POST', '/References', { token: as('admin'), body });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'required', path: missing });
    },
  );

  it.each([
    [{ genderString: 'male' }, 'genderString'],
    [{ minAge: -1 }, 'minAge'],
    [{ maxAge: 1.5 }, 'maxAge'],
    [{ maxAge: 151 }, 'maxAge'],
    [{ minReference: '1,5' }, 'minReference'],
    [{ errorMessage: '   ' }, 'errorMessage'],
  ])('400 for %o names %s', async (over, path) => {
    const res = await call(t.app, 'POST', '/References', {
      token: as('admin'),
      body: { referenceGroupId: UNKNOWN, ...range(over) },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe(path);
  });

  it.each(matrix({ admin: 200, manager: 200 }, 403))('role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const g = await makeGroup();
    expect(
      (await call(t.app, 'POST', '/References', { token: as(caller), body: { referenceGroupId: g.id, ...range() } })).status,
    ).toBe(expected);
  });
});

describe('PUT and DELETE /References/{id}', () => {
  it('updates the fields given, checks the merged range, audits before and after', async () => {
    const g = await makeGroup();
    const ref = await makeReference(g.id);
    const res = await call(t.app, 'PUT', `/References/${ref.id}`, {
      token: as('manager'),
      body: { maxReference: 170.5, genderString: 'Male', updatedAt: ref.updatedAt },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ minReference: 120, maxReference: 170.5, genderString: 'Male' });
    const [audit] = await auditOf(db(), ref.id, 'reference.update');
    expect(audit).toMatchObject({ researchId: world.research.id, userId: callers.manager.userId });
    expect(audit!.before).toMatchObject({ maxReference: 160, gender: 'Both' });
    expect(audit!.after).toMatchObject({ maxReference: 170.5, gender: 'Male' });
    const inverted = await call(t.app, 'PUT', `/References/${ref.id}`, {
      token: as('admin'),
      body: { updatedAt: await stamp(`/References/${ref.id}`), minReference: 200 },
    });
    expect(inverted.status).toBe(400);
    expect(inverted.body.errors[0]).toMatchObject({ code: 'range_inverted', path: 'maxReference' });
    const text = await call(t.app, 'PUT', `/References/${ref.id}`, {
      token: as('admin'),
      body: { updatedAt: await stamp(`/References/${ref.id}`), fieldId: blood.comment },
    });
    expect(text.body.errors[0]).toMatchObject({ code: 'reference_field_type', path: 'fieldId' });
    const stale = await call(t.app, 'PUT', `/References/${ref.id}`, {
      token: as('admin'),
      body: { maxReference: 1000, updatedAt: ref.updatedAt },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0].path).toBe('updatedAt');
    const unknown = await call(t.app, 'PUT', `/References/${UNKNOWN}`, {
      token: as('admin'),
      body: { updatedAt: '2026-01-01T00:00:00.000Z' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].path).toBe('id');
  });

  it('deletes softly and audits', async () => {
    const g = await makeGroup();
    const ref = await makeReference(g.id);
    expect((await call(t.app, 'DELETE', `/References/${ref.id}`, { token: as('admin') })).status).toBe(200);
    const list = await call(t.app, 'GET', `/References?referenceGroupId=${g.id}`, { token: as('admin') });
    expect(list.body.totalCount).toBe(0);
    const [row] = await db().select().from(referenceRanges).where(eq(referenceRanges.id, ref.id));
    expect(row!.deletedAt).not.toBeNull();
    const [audit] = await auditOf(db(), ref.id, 'reference.delete');
    expect(audit!.before).toMatchObject({ deletedAt: null });
    expect((await call(t.app, 'DELETE', `/References/${ref.id}`, { token: as('admin') })).status).toBe(404);
  });

  it.each(matrix({ admin: 200, manager: 200 }, 403))('PUT role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const g = await makeGroup();
    const ref = await makeReference(g.id);
    expect(
      (
        await call(t.app, 'PUT', `/References/${ref.id}`, {
          token: as(caller),
          body: { updatedAt: await stamp(`/References/${ref.id}`), maxReference: 161 },
        })
      ).status,
    ).toBe(expected);
  });

  it.each(matrix({ admin: 200, manager: 200 }, 403))('DELETE role matrix: %s (%s) gets %i', async (_l, caller, expected) => {
    const g = await makeGroup();
    const ref = await makeReference(g.id);
    expect((await call(t.app, 'DELETE', `/References/${ref.id}`, { token: as(caller) })).status).toBe(expected);
  });
});

describe('a locked group: nobody changes its references', () => {
  let locked: Awaited<ReturnType<typeof lockedGroup>>;
  beforeAll(async () => {
    locked = await lockedGroup();
  });
  // Those who may edit get the lock's 409; the others their 403.
  const rows = matrix({ admin: 409, manager: 409 }, 403);

  it.each(rows)('create: %s (%s) gets %i', async (_l, caller, expected) => {
    const res = await call(t.app, 'POST', '/References', {
      token: as(caller),
      body: { referenceGroupId: locked.group.id, ...range() },
    });
    expect(res.status).toBe(expected);
    if (expected === 409) expect(res.body.errors[0]).toMatchObject({ code: 'reference_group_locked', path: 'referenceGroupId' });
  });

  it.each(rows)('update: %s (%s) gets %i', async (_l, caller, expected) => {
    const res = await call(t.app, 'PUT', `/References/${locked.ref.id}`, {
      token: as(caller),
      body: { updatedAt: await stamp(`/References/${locked.ref.id}`), maxReference: 999 },
    });
    expect(res.status).toBe(expected);
    if (expected === 409) expect(res.body.errors[0].code).toBe('reference_group_locked');
  });

  it.each(rows)('delete: %s (%s) gets %i', async (_l, caller, expected) => {
    expect((await call(t.app, 'DELETE', `/References/${locked.ref.id}`, { token: as(caller) })).status).toBe(expected);
  });

  it('says so in both languages; the reference is unchanged', async () => {
    const ru = await call(t.app, 'DELETE', `/References/${locked.ref.id}`, { token: as('admin'), lang: 'ru' });
    expect(ru.body.errors[0].message).toBe('Группа референсов утверждена (заблокирована): её и её референсы изменять нельзя');
    const one = await call(t.app, 'GET', `/References/${locked.ref.id}`, { token: as('admin') });
    expect(one.body.data).toMatchObject({ maxReference: 160 });
  });
});

// ---------------------------------------------------------------------------------- organisation ranges

describe('Organisation reference groups and references', () => {
  const siteOrg = () => world.cast.Site.organisationId;
  const adminOrg = () => world.cast.Admin.organisationId;
  async function makeOrgGroup(organisationId = siteOrg(), token = as('admin')) {
    const res = await call(t.app, 'POST', '/OrganisationReferenceGroups', {
      token,
      body: { organisationId, formTypeId: blood.id, ...freshPeriod() },
    });
    return res;
  }

  it('creates, reads, changes, locks and deletes an organisation group and its references, all audited', async () => {
    const created = await makeOrgGroup();
    expect(created.status).toBe(200);
    const g = created.body.data;
    expect(g).toMatchObject({ organisationId: siteOrg(), formType: { title: 'Blood test' }, isLocked: false, referenceList: [] });
    expect((await auditOf(db(), g.id, 'organisation_reference_group.create'))[0]).toMatchObject({ researchId: null });
    const ref = await call(t.app, 'POST', '/OrganisationReferences', {
      token: as('admin'),
      body: { organisationReferenceGroupId: g.id, ...range() },
    });
    expect(ref.status).toBe(200);
    expect(ref.body.data).toMatchObject({ organisationReferenceGroupId: g.id, fieldId: blood.hb, minReference: 120 });
    expect(await auditOf(db(), ref.body.data.id, 'organisation_reference.create')).toHaveLength(1);
    const changed = await call(t.app, 'PUT', `/OrganisationReferences/${ref.body.data.id}`, {
      token: as('admin'),
      body: { minAge: 18, updatedAt: ref.body.data.updatedAt },
    });
    expect(changed.body.data.minAge).toBe(18);
    expect((await auditOf(db(), ref.body.data.id, 'organisation_reference.update'))[0]!.after).toMatchObject({ minAge: 18 });
    const read = await call(t.app, 'GET', `/OrganisationReferenceGroups/${g.id}`, { token: as('sitePi') });
    expect(read.body.data.referenceList).toHaveLength(1);
    const fieldsRes = await call(t.app, 'GET', `/OrganisationReferenceGroups/${g.id}/ByFormType`, { token: as('sitePi') });
    expect(fieldsRes.body.data.map((f: { id: string }) => f.id).sort()).toEqual([blood.hb, blood.ratio].sort());
    const list = await call(t.app, 'GET', `/OrganisationReferenceGroups?organisationId=${siteOrg()}`, { token: as('editor') });
    expect(list.body.data).toContainEqual(expect.objectContaining({ id: g.id, referenceCount: 1 }));

    const lock = await call(t.app, 'PUT', `/OrganisationReferenceGroups/${g.id}/ToggleLock`, { token: as('admin') });
    expect(lock.body.data.isLocked).toBe(true);
    for (const res of [
      await call(t.app, 'POST', '/OrganisationReferences', {
        token: as('admin'),
        body: { organisationReferenceGroupId: g.id, ...range() },
      }),
      await call(t.app, 'PUT', `/OrganisationReferences/${ref.body.data.id}`, {
        token: as('admin'),
        body: { minAge: 1, updatedAt: changed.body.data.updatedAt },
      }),
      await call(t.app, 'DELETE', `/OrganisationReferences/${ref.body.data.id}`, { token: as('admin') }),
      await call(t.app, 'PUT', `/OrganisationReferenceGroups/${g.id}`, {
        token: as('admin'),
        body: { updatedAt: await stamp(`/OrganisationReferenceGroups/${g.id}`), dateTo: null },
      }),
      await call(t.app, 'DELETE', `/OrganisationReferenceGroups/${g.id}`, { token: as('admin') }),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.errors[0].code).toBe('reference_group_locked');
    }
    await call(t.app, 'PUT', `/OrganisationReferenceGroups/${g.id}/ToggleLock`, { token: as('admin') });
    expect((await call(t.app, 'DELETE', `/OrganisationReferences/${ref.body.data.id}`, { token: as('admin') })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/OrganisationReferenceGroups/${g.id}`, { token: as('admin') })).status).toBe(200);
    expect(await auditOf(db(), g.id, 'organisation_reference_group.delete')).toHaveLength(1);
    expect((await call(t.app, 'GET', `/OrganisationReferenceGroups/${g.id}`, { token: as('admin') })).status).toBe(404);
  });

  it('keeps the same rules: field type, form type, bounds, period, overlap', async () => {
    const g = (await makeOrgGroup()).body.data;
    const post = (over: Record<string, unknown>) =>
      call(t.app, 'POST', '/OrganisationReferences', {
        token: as('admin'),
        body: { organisationReferenceGroupId: g.id, ...range(over) },
      });
    expect((await post({ fieldId: blood.comment })).body.errors[0]).toMatchObject({
      code: 'reference_field_type',
      path: 'fieldId',
    });
    expect((await post({ fieldId: urine.ph })).body.errors[0]).toMatchObject({
      code: 'reference_field_form_type',
      path: 'fieldId',
    });
    expect((await post({ minAge: 50, maxAge: 40 })).body.errors[0]).toMatchObject({ code: 'range_inverted', path: 'maxAge' });
    const missing = await call(t.app, 'POST', '/OrganisationReferences', { token: as('admin'), body: { fieldId: blood.hb } });
    expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['organisationReferenceGroupId', 'minReference', 'errorMessage']),
    );
    const overlap = await call(t.app, 'POST', '/OrganisationReferenceGroups', {
      token: as('admin'),
      body: { organisationId: siteOrg(), formTypeId: blood.id, dateFrom: g.dateFrom, dateTo: null },
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body.errors[0]).toMatchObject({ code: 'reference_group_overlap', path: 'dateFrom' });
    const badPeriod = await call(t.app, 'PUT', `/OrganisationReferenceGroups/${g.id}`, {
      token: as('admin'),
      body: { dateTo: '1000-01-01', updatedAt: await stamp(`/OrganisationReferenceGroups/${g.id}`) },
    });
    expect(badPeriod.body.errors[0]).toMatchObject({ code: 'date_to_before_date_from', path: 'dateTo' });
    const noOrg = await call(t.app, 'POST', '/OrganisationReferenceGroups', {
      token: as('admin'),
      body: { organisationId: UNKNOWN, formTypeId: blood.id, ...freshPeriod() },
    });
    expect(noOrg.status).toBe(404);
    expect(noOrg.body.errors[0].path).toBe('organisationId');
  });

  it('a centre group may start from its organisation’s group: the ranges are copied', async () => {
    const og = (await makeOrgGroup(siteOrg())).body.data;
    await call(t.app, 'POST', '/OrganisationReferences', {
      token: as('admin'),
      body: { organisationReferenceGroupId: og.id, ...range() },
    });
    await call(t.app, 'POST', '/OrganisationReferences', {
      token: as('admin'),
      body: { organisationReferenceGroupId: og.id, ...range({ fieldId: blood.ratio, minReference: 1, maxReference: 2 }) },
    });
    const res = await call(t.app, 'POST', '/ReferenceGroups', {
      token: as('admin'),
      body: {
        researchOrganisationId: world.cast.Site.centreId,
        formTypeId: blood.id,
        ...freshPeriod(),
        organisationReferenceGroupId: og.id,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ organisationReferenceGroupId: og.id, referenceCount: 2 });
    expect(res.body.data.referenceList.map((r: { fieldId: string }) => r.fieldId)).toEqual([blood.hb, blood.ratio]);
    // Another organisation's group, or a group of another form type, is refused.
    const foreign = await call(t.app, 'POST', '/ReferenceGroups', {
      token: as('admin'),
      body: {
        researchOrganisationId: world.cast.TestSite.centreId,
        formTypeId: blood.id,
        ...freshPeriod(),
        organisationReferenceGroupId: og.id,
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors[0]).toMatchObject({ code: 'foreign_organisation', path: 'organisationReferenceGroupId' });
    const otherType = await call(t.app, 'POST', '/ReferenceGroups', {
      token: as('admin'),
      body: {
        researchOrganisationId: world.cast.Site.centreId,
        formTypeId: urine.id,
        ...freshPeriod(),
        organisationReferenceGroupId: og.id,
      },
    });
    expect(otherType.status).toBe(400);
    expect(otherType.body.errors[0]).toMatchObject({ code: 'form_type_mismatch', path: 'formTypeId' });
  });

  // Readers: organizations_settings, the organisation's verified members, those who may edit.
  it.each(matrix({ admin: 200, editor: 200, sitePi: 200 }, 403))(
    "reading the site organisation's groups: %s (%s) gets %i",
    async (_l, caller, expected) => {
      const res = await call(t.app, 'GET', `/OrganisationReferenceGroups?organisationId=${siteOrg()}`, { token: as(caller) });
      expect(res.status).toBe(expected);
    },
  );

  // Editors: references_edit of the user role, or of an admin-centre employee for its own organisation.
  it.each(matrix({ admin: 200, manager: 200 }, 403))(
    'creating a group of the admin (sponsor) organisation: %s (%s) gets %i',
    async (_l, caller, expected) => {
      expect((await makeOrgGroup(adminOrg(), as(caller))).status).toBe(expected);
    },
  );

  it.each(matrix({ admin: 200 }, 403))(
    'creating a group of the site organisation: %s (%s) gets %i',
    async (_l, caller, expected) => {
      expect((await makeOrgGroup(siteOrg(), as(caller))).status).toBe(expected);
    },
  );

  it.each(CALLERS)('%s: a reference of a site organisation group — only admin may add it', async (caller) => {
    const g = (await makeOrgGroup()).body.data;
    const res = await call(t.app, 'POST', '/OrganisationReferences', {
      token: as(caller),
      body: { organisationReferenceGroupId: g.id, ...range() },
    });
    expect(res.status).toBe(caller === 'admin' ? 200 : 403);
  });
});

describe('OpenAPI', () => {
  it('documents the centre, lookup and reference endpoints', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of [
      '/api/ResearchOrganisationVersions',
      '/api/Organisations/Lookup',
      '/api/OrganisationReferenceGroups/{id}/ByFormType',
      '/api/OrganisationReferences/{id}',
      '/api/ReferenceGroups/{id}/ByFormType',
      '/api/ReferenceGroups/{id}/CopyTo/{researchOrganisationId}',
      '/api/ReferenceGroups/{id}/ToggleLock',
      '/api/References/{id}',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    expect(doc.paths['/api/ResearchOrganisations'].post).toBeDefined();
  });
});
