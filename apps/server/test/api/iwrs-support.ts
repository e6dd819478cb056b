import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.js';
import { medications, researches } from '../../src/platform/db/schema/index.js';
import { call, callsAs, setupTestApp, type TestApp } from '../support/test-app.js';
import { makeCast } from '../support/cast.js';
import { makeCentre } from '../support/factories.js';
import { addDays, todayIn } from '@edc/domain';
import { daysAgo, makeEmployee, makeSubject, makeSubjectVisit, makeVisit } from '../support/subject-factories.js';

/**
 * The IWRS world: the role-matrix cast in a research with IWRS on (groups A and B, two periods), plus a
 * Sponsor-role manager of the sponsor's centre (blinded), an unblinded nurse at the site, a second site
 * with its PI, and a screening visit in the design.
 */
export async function makeIwrsWorld(t: TestApp) {
  const db = t.database.db;
  const cast = await makeCast(t.app, db);
  const { world, callers } = cast;
  const researchId = world.research.id;
  await db
    .update(researches)
    .set({ withIwrs: true, totalPeriods: 2, groupList: ['A', 'B'] })
    .where(eq(researches.id, researchId));
  const admin = { id: world.cast.Admin.centreId, organisationId: world.cast.Admin.organisationId };
  const site = { id: world.cast.Site.centreId, organisationId: world.cast.Site.organisationId };
  const site2Centre = await makeCentre(db, { researchId, type: 'Site', number: `S2-${randomUUID().slice(0, 6)}` });
  const tokens = {
    admin: callers.admin.token,
    editor: callers.editor.token,
    manager: callers.manager.token,
    sponsor: (await makeEmployee(t.app, db, admin, 'Manager', { userRole: 'Sponsor' })).token,
    sitePi: callers.sitePi.token,
    unblinded: (await makeEmployee(t.app, db, site, 'UnblindedNurse')).token,
    site2: (await makeEmployee(t.app, db, site2Centre, 'PrincipalInvestigator')).token,
    testSitePi: callers.testSitePi.token,
    qa: callers.qa.token,
    kio: callers.kio.token,
    outsider: callers.outsider.token,
  };
  const screening = await makeVisit(db, researchId, { visitType: 'Screening', title: 'Screening' });
  const [centre] = await db.query.researchOrganisations.findMany({ where: (c, { eq: e }) => e(c.id, site.id) });
  return { researchId, site, siteNumber: centre!.number, site2Centre, tokens, screening, managerUserId: callers.manager.userId };
}
export type IwrsWorld = Awaited<ReturnType<typeof makeIwrsWorld>>;
export type IwrsCaller = keyof IwrsWorld['tokens'];

/** Callers that may see randomisation groups, and those that may not (docs/subjects.md, "Blinding"). */
export const UNBLINDED: IwrsCaller[] = ['admin', 'manager', 'unblinded'];
export const BLINDED: IwrsCaller[] = ['editor', 'sponsor', 'sitePi', 'site2', 'testSitePi', 'qa', 'kio', 'outsider'];

export function setupIwrsApp() {
  const t = setupTestApp();
  const w = {} as IwrsWorld;
  beforeAll(async () => {
    Object.assign(w, await makeIwrsWorld(t));
  });
  const db = (): Db => t.database.db;
  const api = (who: IwrsCaller) => callsAs(t.app, w.tokens[who]);
  const send = (who: IwrsCaller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, lang?: 'ru' | 'en') =>
    call(t.app, method, url, { token: w.tokens[who], body, lang });

  /** A screened subject with its screening visit at a centre (the site by default), inserted directly. */
  const screened = async (centreId = w.site.id) => {
    const s = await makeSubject(db(), { researchId: w.researchId, centreId, status: 'Screened', screenDate: daysAgo(20) });
    await makeSubjectVisit(db(), { subjectId: s.id, visitId: w.screening.id, date: daysAgo(20) });
    return s;
  };
  const randomise = (subjectId: string, version = 1, who: IwrsCaller = 'sitePi') =>
    send(who, 'POST', `/Subjects/${subjectId}/Randomise`, { randomizationDate: daysAgo(10), version });

  /** Kits imported by the sponsor's manager: `count` of a group expiring `expiresInDays` from today. */
  const importKits = async (count: number, group = 'A', expiresInDays = 365) => {
    const tag = randomUUID().slice(0, 6);
    const expiry = addDays(todayIn('UTC'), expiresInDays);
    const lines = Array.from({ length: count }, (_, i) => `K-${tag}-${String(i).padStart(4, '0')},${group},LOT-${tag},${expiry}`);
    await api('manager').ok('POST', '/Medication/Import', {
      csv: ['identNumber,medicationGroup,lot,expiryDate', ...lines].join('\n'),
    });
    const rows = await db()
      .select()
      .from(medications)
      .where(eq(medications.lot, `LOT-${tag}`));
    return rows.sort((a, b) => a.identNumber.localeCompare(b.identNumber));
  };
  /** Kits approved at the depot, shipped to a site and received there by its PI. */
  const kitsAtSite = async (
    count: number,
    group = 'A',
    opts: { centreId?: string; receiver?: IwrsCaller; expiresInDays?: number } = {},
  ) => {
    const kits = await importKits(count, group, opts.expiresInDays);
    await db().update(medications).set({ currentStatus: 'QaApproved' }).where(eq(medications.lot, kits[0]!.lot));
    const shipment = await api('manager').ok('POST', '/Shipments', {
      researchOrganisationId: opts.centreId ?? w.site.id,
      medicationIds: kits.map((k) => k.id),
    });
    await api(opts.receiver ?? 'sitePi').ok('POST', `/Shipments/${shipment.id}/Receive`);
    return kits;
  };
  /** A list of the whole research (or a stratum) generated by the manager. */
  const generate = (over: Record<string, unknown> = {}) =>
    api('manager').ok('POST', '/RandomisationLists/Generate', {
      arms: [
        { group: 'A', ratio: 1 },
        { group: 'B', ratio: 1 },
      ],
      blockSizes: [2, 4],
      size: 10,
      numberPrefix: `R${randomUUID().slice(0, 4)}-`,
      ...over,
    });
  return { t, w, db, api, send, screened, randomise, importKits, kitsAtSite, generate };
}
