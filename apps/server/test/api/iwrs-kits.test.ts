import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MANUAL_MEDICATION_ACTIONS, MEDICATION_STATUSES, nextMedicationStatus } from '@edc/domain';
import { medications, medicationStatusLogs, researches, subjectDosings, subjects } from '../../src/platform/db/schema/index.js';
import { call, callsAs, expectError } from '../support/test-app.js';
import { makeCentre } from '../support/factories.js';
import { makeEmployee, makeSubject } from '../support/subject-factories.js';
import { BLINDED, setupIwrsApp, UNBLINDED, type IwrsCaller } from './iwrs-support.js';

/**
 * Kits and dispensing (docs/iwrs.md): the transition table on the server, shipments and their arrival,
 * dispensing an available unexpired kit of the subject's arm at its site — never one kit twice — and
 * blinding on every read that could carry an arm.
 */
const { t, w, db, api, send, importKits, kitsAtSite } = setupIwrsApp();

/** A randomised subject of a group at a centre (the site by default), inserted directly. */
const randomised = (group = 'A', centreId = w.site.id) =>
  makeSubject(db(), { researchId: w.researchId, centreId, status: 'Randomised', randomizationGroup: group });

describe('the kit status transition table', () => {
  it('allows exactly what the table allows, for every status × manual action, and logs each move', async () => {
    const [kit] = await importKits(1);
    const mismatches: string[] = [];
    for (const status of MEDICATION_STATUSES) {
      for (const action of MANUAL_MEDICATION_ACTIONS) {
        await db().update(medications).set({ currentStatus: status, version: 1 }).where(eq(medications.id, kit!.id));
        const logsBefore = (await db().select().from(medicationStatusLogs).where(eq(medicationStatusLogs.medicationId, kit!.id)))
          .length;
        const res = await send('manager', 'POST', `/Medication/${kit!.id}/Status`, { action, version: 1 });
        const to = nextMedicationStatus(status, action);
        const logs = await db().select().from(medicationStatusLogs).where(eq(medicationStatusLogs.medicationId, kit!.id));
        if (to) {
          if (res.status !== 200 || res.body.data.currentStatus !== to) mismatches.push(`${status} × ${action}: ${res.status}`);
          // The history gained one row, the newest first in the reply.
          if (logs.length !== logsBefore + 1 || res.body.data?.statusLogs?.[0]?.status !== to)
            mismatches.push(`${status} × ${action}: log`);
        } else {
          if (res.status !== 409 || res.body.errors[0].code !== 'iwrs_transition')
            mismatches.push(`${status} × ${action}: ${res.status}`);
          if (logs.length !== logsBefore) mismatches.push(`${status} × ${action}: logged a refused move`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('refuses actions that are not taken by hand, a stale version and bad input, naming the field', async () => {
    const [kit] = await importKits(1);
    for (const action of ['dispense', 'ship', 'accept', 'expire', 'register', 'nonsense']) {
      expectError(
        await send('manager', 'POST', `/Medication/${kit!.id}/Status`, { action, version: 1 }),
        400,
        'validation',
        'action',
      );
    }
    expectError(
      await send('manager', 'POST', `/Medication/${kit!.id}/Status`, { action: 'qaApprove', version: 7 }),
      409,
      'conflict',
      'version',
    );
    expectError(
      await send('manager', 'POST', `/Medication/${kit!.id}/Status`, { action: 'qaApprove' }),
      400,
      'required',
      'version',
    );
    expectError(
      await send('manager', 'POST', '/Medication/Import', {
        csv: 'identNumber,medicationGroup,lot,expiryDate\nK1,A,L,2026-13-45',
      }),
      400,
      'iwrs_row_bad_date',
      'csv',
    );
    expectError(await send('manager', 'POST', '/Medication/Import', {}), 400, 'required', 'csv');
    expectError(
      await send('manager', 'POST', '/Shipments', { researchOrganisationId: w.site.id, medicationIds: [] }),
      400,
      'validation',
      'medicationIds',
    );
  });

  it('is closed to everyone without the supply permission', async () => {
    const [kit] = await importKits(1);
    for (const who of ['sitePi', 'unblinded', 'kio', 'qa', 'editor', 'outsider'] as IwrsCaller[]) {
      const res = await send(who, 'POST', `/Medication/${kit!.id}/Status`, { action: 'qaApprove', version: 1 });
      expect(res.status, who).toBe(403);
    }
  });
});

describe('shipments', () => {
  it('move approved kits to a site, which confirms their arrival', async () => {
    const kits = await importKits(3);
    const ids = kits.map((k) => k.id);
    // Not yet approved: refused whole.
    expectError(
      await send('manager', 'POST', '/Shipments', { researchOrganisationId: w.site.id, medicationIds: ids }),
      409,
      'iwrs_transition',
      'medicationIds',
    );
    for (const k of kits) await api('manager').ok('POST', `/Medication/${k.id}/Status`, { action: 'qaApprove', version: 1 });
    const shipment = await api('manager').ok('POST', '/Shipments', { researchOrganisationId: w.site.id, medicationIds: ids });
    expect(shipment).toMatchObject({ status: 'Shipped', kitCount: 3 });
    // Another site, the sponsor and the monitor cannot confirm it.
    expect((await send('site2', 'POST', `/Shipments/${shipment.id}/Receive`)).status).toBe(404);
    expect((await send('manager', 'POST', `/Shipments/${shipment.id}/Receive`)).status).toBe(403);
    expect((await send('kio', 'POST', `/Shipments/${shipment.id}/Receive`)).status).toBe(403);
    const received = await api('sitePi').ok('POST', `/Shipments/${shipment.id}/Receive`);
    expect(received.status).toBe('Received');
    expectError(await send('sitePi', 'POST', `/Shipments/${shipment.id}/Receive`), 409, 'iwrs_shipment_received');
    const kit = await api('sitePi').ok('GET', `/Medication/${ids[0]}`);
    expect(kit.statusLogs.map((l: { status: string }) => l.status)).toEqual([
      'AcceptedInSite',
      'ShipToSite',
      'QaApproved',
      'Created',
    ]);
    // The site sees its own kits only, and another site none of them.
    expect((await send('site2', 'GET', `/Medication/${ids[0]}`)).status).toBe(404);
    const mine = await api('site2').send('GET', '/Medication');
    expect(mine.body.data.every((k: { researchOrganisationId: string }) => k.researchOrganisationId === w.site2Centre.id)).toBe(
      true,
    );
  });
});

describe('dispensing', () => {
  it('dispenses a kit of the subject’s arm at its site, then records the dose confirmed or missed', async () => {
    await kitsAtSite(2, 'B');
    const s = await randomised('B');
    const dosing = await api('sitePi').ok('POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 1 });
    expect(dosing).toMatchObject({ periodNumber: 1, dispenseNumber: 1 });
    expect(dosing.medications).toHaveLength(1);
    const kit = dosing.medications[0];
    expect(kit.currentStatus).toBe('Dispensed');
    expect(kit).not.toHaveProperty('medicationGroup');
    const again = await api('sitePi').ok('POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 1 });
    expect(again.dispenseNumber).toBe(2);
    const confirmed = await api('sitePi').ok('POST', `/SubjectDosing/${dosing.id}/Medication/${kit.id}/ConfirmDispense`, {
      version: kit.version,
    });
    expect(confirmed[0].currentStatus).toBe('ConfirmDispense');
    expect(confirmed[0].statusLogs[0].status).toBe('ConfirmDispense');
    expectError(
      await send('sitePi', 'POST', `/SubjectDosing/${dosing.id}/Medication/${kit.id}/MissedDispense`, {
        version: kit.version + 1,
      }),
      409,
      'iwrs_transition',
    );
    const k2 = again.medications[0];
    expectError(
      await send('sitePi', 'POST', `/SubjectDosing/${dosing.id}/Medication/${k2.id}/MissedDispense`, { version: k2.version }),
      409,
      'iwrs_kit_not_dispensed',
      'medicationId',
    );
    const missed = await api('sitePi').ok('POST', `/SubjectDosing/${again.id}/Medication/${k2.id}/MissedDispense`, {
      version: k2.version,
    });
    expect(missed[0].currentStatus).toBe('MissedDispense');
    // No B kit left: a clear refusal that names no arm, and nothing written.
    const before = (await db().select().from(subjectDosings).where(eq(subjectDosings.subjectId, s.id))).length;
    const refused = await send('sitePi', 'POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 2 }, 'en');
    const e = expectError(refused, 409, 'iwrs_no_kit', 'subjectId');
    expect(e.message).not.toMatch(/\bB\b/);
    expect((await db().select().from(subjectDosings).where(eq(subjectDosings.subjectId, s.id))).length).toBe(before);
  });

  it('lists a period’s dosings by screening number, paged, and leaves out those of deleted subjects', async () => {
    // A third period, used by no other test here, so that the grid holds this test's dosings alone.
    await db().update(researches).set({ totalPeriods: 3 }).where(eq(researches.id, w.researchId));
    try {
      await kitsAtSite(11, 'A');
      const numbers = ['G-07', 'G-03', 'G-10', 'G-01', 'G-05', 'G-09', 'G-02', 'G-08', 'G-04', 'G-06'];
      const made = new Map<string, string>();
      for (const n of numbers) {
        const s = await makeSubject(db(), {
          researchId: w.researchId,
          centreId: w.site.id,
          status: 'Randomised',
          randomizationGroup: 'A',
          screeningNumber: n,
        });
        await api('sitePi').ok('POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 3 });
        made.set(n, s.id);
      }
      await api('sitePi').ok('POST', '/SubjectDosing', { subjectId: made.get('G-01'), periodNumber: 3 });
      type Row = { subject: { screeningNumber: string }; dispenseNumber: number };
      const page = async (p: number, who: 'manager' | 'sitePi' | 'site2' = 'manager', centre = '') => {
        const r = (await send(who, 'GET', `/SubjectDosing?periodNumber=3&Page=${p}&PageSize=10${centre}`)).body;
        return { total: r.totalCount, rows: r.data.map((d: Row) => `${d.subject.screeningNumber}/${d.dispenseNumber}`) };
      };
      const sorted = [
        'G-01/1',
        'G-01/2',
        ...numbers
          .filter((n) => n !== 'G-01')
          .sort()
          .map((n) => `${n}/1`),
      ];
      expect(await page(1)).toEqual({ total: 11, rows: sorted.slice(0, 10) });
      expect(await page(2)).toEqual({ total: 11, rows: ['G-10/1'] });
      await db()
        .update(subjects)
        .set({ status: 'Deleted', deletedAt: new Date() })
        .where(eq(subjects.id, made.get('G-01')!));
      expect(await page(1)).toEqual({ total: 9, rows: sorted.slice(2) });
      // One centre's grid (the site's own, or the centre a sponsor names) walks that centre's subjects, in order.
      expect(await page(1, 'sitePi')).toEqual({ total: 9, rows: sorted.slice(2) });
      expect(await page(1, 'manager', `&researchOrganisationId=${w.site.id}`)).toEqual({ total: 9, rows: sorted.slice(2) });
      expect(await page(1, 'site2')).toEqual({ total: 0, rows: [] });
    } finally {
      await db().update(researches).set({ totalPeriods: 2 }).where(eq(researches.id, w.researchId));
    }
  });

  it('refuses a period beyond the research’s, an unrandomised subject, another site and bad input', async () => {
    const s = await randomised('A');
    expectError(
      await send('sitePi', 'POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 3 }),
      400,
      'iwrs_period',
      'periodNumber',
    );
    expectError(
      await send('sitePi', 'POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 0 }),
      400,
      'validation',
      'periodNumber',
    );
    expectError(await send('sitePi', 'POST', '/SubjectDosing', { periodNumber: 1 }), 400, 'required', 'subjectId');
    const started = await makeSubject(db(), { researchId: w.researchId, centreId: w.site.id, status: 'Screened' });
    expectError(
      await send('sitePi', 'POST', '/SubjectDosing', { subjectId: started.id, periodNumber: 1 }),
      409,
      'iwrs_subject_not_randomised',
      'subjectId',
    );
    expect((await send('site2', 'POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 1 })).status).toBe(404);
    expect((await send('kio', 'POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 1 })).status).toBe(403);
  });

  it('never dispenses an expired kit, and the expiry sweep moves it to Expired', async () => {
    const centre = w.site2Centre;
    const expired = await kitsAtSite(3, 'A', { centreId: centre.id, receiver: 'site2', expiresInDays: -1 });
    const s = await randomised('A', centre.id);
    expectError(await send('site2', 'POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 1 }), 409, 'iwrs_no_kit');
    const swept = await api('manager').ok('POST', '/Medication/Expire');
    expect(swept.expired).toBeGreaterThanOrEqual(3);
    for (const k of expired) {
      const kit = await api('manager').ok('GET', `/Medication/${k.id}`);
      expect(kit.currentStatus).toBe('Expired');
      expect(kit.statusLogs[0].status).toBe('Expired');
    }
    const stock = await api('manager').ok('GET', '/Medication/Stock');
    expect(stock.find((x: { researchOrganisationId: string }) => x.researchOrganisationId === centre.id)).toMatchObject({
      available: 0,
      low: true,
    });
  });

  it('gives 100 concurrent dispenses at a site with 60 kits 60 kits and 40 clear refusals, no kit twice', async () => {
    // A site of its own, so that no other test's kits are there.
    const centre = await makeCentre(db(), { researchId: w.researchId, type: 'Site' });
    const pi = await makeEmployee(t.app, db(), centre, 'PrincipalInvestigator');
    const kits = await importKits(60, 'A');
    await db().update(medications).set({ currentStatus: 'QaApproved' }).where(eq(medications.lot, kits[0]!.lot));
    const shipment = await api('manager').ok('POST', '/Shipments', {
      researchOrganisationId: centre.id,
      medicationIds: kits.map((k) => k.id),
    });
    await callsAs(t.app, pi.token).ok('POST', `/Shipments/${shipment.id}/Receive`);
    const many = [];
    for (let i = 0; i < 100; i++) many.push(await randomised('A', centre.id));
    const answers = await Promise.all(
      many.map((s) => call(t.app, 'POST', '/SubjectDosing', { token: pi.token, body: { subjectId: s.id, periodNumber: 1 } })),
    );
    const dispensed = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(dispensed).toHaveLength(60);
    expect(refused).toHaveLength(40);
    for (const r of refused) expectError(r, 409, 'iwrs_no_kit', 'subjectId');
    const kitIds = dispensed.map((a) => a.body.data.medications[0].id);
    expect(new Set(kitIds).size).toBe(60);
    const rows = await db().select().from(medications).where(eq(medications.researchOrganisationId, centre.id));
    expect(rows.filter((k) => k.currentStatus === 'Dispensed')).toHaveLength(60);
    expect(new Set(rows.map((k) => k.subjectDosingId)).size).toBe(60);
    const dosings = await db().select().from(subjectDosings).where(eq(subjectDosings.researchOrganisationId, centre.id));
    expect(dosings).toHaveLength(60);
  }, 180_000);
});

describe('blinding', () => {
  it('never sends an arm to a blinded caller in any reply that could carry one', async () => {
    const kits = await kitsAtSite(1, 'A');
    const s = await randomised('A');
    const dosing = await api('sitePi').ok('POST', '/SubjectDosing', { subjectId: s.id, periodNumber: 1 });
    const urls = [
      '/Medication',
      `/Medication/${kits[0]!.id}`,
      '/SubjectDosing?periodNumber=1',
      `/SubjectDosing?subjectId=${s.id}`,
      `/SubjectDosing/${dosing.id}/Medications`,
      '/Shipments',
      `/Subjects/${s.id}`,
    ];
    for (const who of BLINDED) {
      for (const url of urls) {
        const res = await send(who, 'GET', url);
        expect(res.status, `${who} ${url}`).toBeLessThan(500);
        expect(JSON.stringify(res.body), `${who} ${url}`).not.toMatch(/"(medicationGroup|randomizationGroup|group)"/);
      }
    }
    // The unblinded at the site see the arm of the kit and of the subject.
    for (const who of UNBLINDED.filter((x) => x === 'unblinded')) {
      const res = await send(who, 'GET', `/SubjectDosing/${dosing.id}/Medications`);
      expect(res.body.data[0].medicationGroup).toBe('A');
    }
    expect((await api('manager').ok('GET', `/Medication/${kits[0]!.id}`)).medicationGroup).toBe('A');
    // Dosings are read by the subject's site and by every research-wide role with the dosings permission.
    expect((await send('sitePi', 'GET', '/SubjectDosing?periodNumber=1')).body.totalCount).toBeGreaterThan(0);
    expect((await send('kio', 'GET', `/SubjectDosing/${dosing.id}/Medications`)).status).toBe(200);
    expect((await send('site2', 'GET', `/SubjectDosing/${dosing.id}/Medications`)).status).toBe(404);
    expect((await send('outsider', 'GET', '/SubjectDosing')).status).toBe(403);
  });
});
