import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditLog, emergencyUnblindings } from '../../src/platform/db/schema/index.js';
import { expectError } from '../support/test-app.js';
import { PASSWORD } from '../support/factories.js';
import { makeSubject } from '../support/subject-factories.js';
import { setupIwrsApp, type IwrsCaller } from './iwrs-support.js';

/**
 * Emergency unblinding (docs/iwrs.md): the principal investigator of the subject's site discloses one
 * subject's group with a reason and the password; it is recorded and audited in one transaction, the
 * sponsor's centre is told by mail without the arm, and the list shows the arm only to those who may see it.
 */
const { t, w, db, send } = setupIwrsApp();

const randomised = (centreId = w.site.id) =>
  makeSubject(db(), {
    researchId: w.researchId,
    centreId,
    status: 'Randomised',
    randomizationGroup: 'B',
    randomizationNumber: `RN-${Math.random().toString(36).slice(2, 8)}`,
  });

const auditOf = (subjectId: string) =>
  db().select({ action: auditLog.action, after: auditLog.after }).from(auditLog).where(eq(auditLog.subjectId, subjectId));

describe('emergency unblinding', () => {
  it('gives the principal investigator the group, records it with the reason, audits it and mails the sponsor', async () => {
    const s = await randomised();
    const before = t.mailer.sent.length;
    const res = await send('sitePi', 'POST', `/Subjects/${s.id}/EmergencyUnblind`, {
      reason: 'Anaphylaxis, treatment depends on the arm',
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      subjectId: s.id,
      randomizationGroup: 'B',
      randomizationNumber: s.randomizationNumber,
      reason: 'Anaphylaxis, treatment depends on the arm',
    });
    const rows = await db().select().from(emergencyUnblindings).where(eq(emergencyUnblindings.subjectId, s.id));
    expect(rows).toHaveLength(1);
    const audit = await auditOf(s.id);
    expect(audit.map((a) => a.action)).toContain('subject.emergency_unblind');
    // The sponsor's centre is told, and no mail names the arm.
    const mails = t.mailer.sent.slice(before);
    expect(mails.length).toBeGreaterThan(0);
    for (const m of mails) {
      expect(m.text).toContain(s.screeningNumber);
      expect(m.text).not.toMatch(/\bB\b/);
    }
    // The row is append-only.
    await expect(db().execute(sql`delete from emergency_unblindings where subject_id = ${s.id}`)).rejects.toThrow();
  });

  it('refuses a wrong password (audited as a failed attempt), a missing reason, and writes nothing', async () => {
    const s = await randomised();
    expectError(
      await send('sitePi', 'POST', `/Subjects/${s.id}/EmergencyUnblind`, { reason: 'x', password: 'wrong-one' }),
      400,
      'password_incorrect',
      'password',
    );
    expectError(
      await send('sitePi', 'POST', `/Subjects/${s.id}/EmergencyUnblind`, { password: PASSWORD }),
      400,
      'required',
      'reason',
    );
    expectError(
      await send('sitePi', 'POST', `/Subjects/${s.id}/EmergencyUnblind`, { reason: '   ', password: PASSWORD }),
      400,
      'validation',
      'reason',
    );
    expect(await db().select().from(emergencyUnblindings).where(eq(emergencyUnblindings.subjectId, s.id))).toEqual([]);
    expect((await auditOf(s.id)).map((a) => a.action)).toEqual(['subject.emergency_unblind_failed']);
  });

  it('is open only to the principal investigator of the subject’s site, for a randomised subject', async () => {
    const s = await randomised();
    const body = { reason: 'Emergency', password: PASSWORD };
    const expected: Partial<Record<IwrsCaller, number>> = {
      unblinded: 403,
      manager: 403,
      sponsor: 403,
      admin: 403,
      editor: 403,
      qa: 403,
      kio: 403,
      site2: 404,
      testSitePi: 404,
      outsider: 403,
    };
    for (const [who, status] of Object.entries(expected)) {
      const res = await send(who as IwrsCaller, 'POST', `/Subjects/${s.id}/EmergencyUnblind`, body);
      expect(res.status, who).toBe(status);
    }
    const screened = await makeSubject(db(), { researchId: w.researchId, centreId: w.site.id, status: 'Screened' });
    expectError(
      await send('sitePi', 'POST', `/Subjects/${screened.id}/EmergencyUnblind`, body),
      409,
      'iwrs_unblind_not_randomised',
    );
    expect(await db().select().from(emergencyUnblindings).where(eq(emergencyUnblindings.subjectId, s.id))).toEqual([]);
  });

  it('lists the unblindings to the sponsor’s centre and the site, the arm only to those who may see it', async () => {
    const s = await randomised();
    await send('sitePi', 'POST', `/Subjects/${s.id}/EmergencyUnblind`, { reason: 'Listed', password: PASSWORD });
    const url = `/EmergencyUnblindings?subjectId=${s.id}`;
    const read = async (who: IwrsCaller) => {
      const res = await send(who, 'GET', url);
      return { status: res.status, rows: (res.body.data ?? []) as { randomizationGroup?: string }[] };
    };
    // The unblinder and unblinded callers see the arm; blinded ones see who, when and why.
    expect((await read('sitePi')).rows[0]?.randomizationGroup).toBe('B');
    expect((await read('manager')).rows[0]?.randomizationGroup).toBe('B');
    expect((await read('unblinded')).rows[0]?.randomizationGroup).toBe('B');
    const sponsor = await read('sponsor');
    expect(sponsor.rows).toHaveLength(1);
    expect(sponsor.rows[0]).not.toHaveProperty('randomizationGroup');
    expect((await read('site2')).rows).toEqual([]);
    for (const who of ['qa', 'kio', 'editor', 'outsider'] as IwrsCaller[]) expect((await read(who)).status, who).toBe(403);
  });
});
