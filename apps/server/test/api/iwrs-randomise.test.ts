import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateBlockList } from '@edc/domain';
import { randomisationEntries, subjects } from '../../src/platform/db/schema/index.js';
import { expectError } from '../support/test-app.js';
import { auditOf } from '../support/cast.js';
import { daysAgo } from '../support/subject-factories.js';
import { BLINDED, setupIwrsApp, UNBLINDED } from './iwrs-support.js';

/**
 * Randomisation from the sealed list (docs/iwrs.md): lists generated from a seed or uploaded, drawn entry
 * by entry and never twice, refused cleanly when missing or used up, seen only by unblinded sponsor staff.
 */
const { w, db, api, send, screened, randomise, generate } = setupIwrsApp();

describe('randomisation with IWRS on', () => {
  it('is refused while the subject’s stratum has no list, and nothing changes', async () => {
    const s = await screened();
    expectError(await randomise(s.id), 409, 'iwrs_list_missing');
    const [after] = await db().select().from(subjects).where(eq(subjects.id, s.id));
    expect(after!.status).toBe('Screened');
    expect(after!.version).toBe(1);
  });

  it('takes no group or number from the user (400 naming the field)', async () => {
    const s = await screened();
    for (const field of ['randomizationGroup', 'randomizationNumber']) {
      const res = await send('sitePi', 'POST', `/Subjects/${s.id}/Randomise`, {
        randomizationDate: daysAgo(10),
        version: 1,
        [field]: 'A',
      });
      expectError(res, 400, 'iwrs_from_list', field);
    }
  });

  it('gives 100 concurrent randomisations 100 distinct entries of the list, in the list’s order', async () => {
    const list = await generate({ size: 100, seed: 'concurrency' });
    expect(list.size).toBeGreaterThanOrEqual(100);
    const many = [];
    for (let i = 0; i < 100; i++) many.push(await screened());
    const answers = await Promise.all(many.map((s) => randomise(s.id)));
    const failed = answers.filter((a) => a.status !== 200);
    expect(
      failed.map((f) => JSON.stringify(f.body)),
      'every randomisation succeeds',
    ).toEqual([]);
    const entries = await db().select().from(randomisationEntries).where(eq(randomisationEntries.listId, list.id));
    const used = entries.filter((e) => e.subjectId);
    expect(used).toHaveLength(100);
    expect(new Set(used.map((e) => e.subjectId)).size).toBe(100);
    // The first hundred positions went, none skipped.
    expect(used.map((e) => e.listPosition).sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // Each subject holds its entry's number and group.
    const rows = await db().select().from(subjects);
    const bySubject = new Map(rows.map((r) => [r.id, r]));
    for (const e of used) {
      expect(bySubject.get(e.subjectId!)!.randomizationNumber).toBe(e.randomizationNumber);
      expect(bySubject.get(e.subjectId!)!.randomizationGroup).toBe(e.group);
    }
    const summary = (await api('manager').ok('GET', '/RandomisationLists')).find((l: { id: string }) => l.id === list.id);
    expect(summary.used).toBe(100);
    expect(summary.remaining).toBe(list.size - 100);
    // The draw is in the subject's audit record.
    const [record] = await auditOf(db(), many[0]!.id, 'subject.randomise');
    expect((record!.after as { randomisationEntry: { stratum: string } }).randomisationEntry.stratum).toBe('');
  }, 120_000);

  it('refuses cleanly when the stratum’s list is used up', async () => {
    const site2 = w.site2Centre;
    await generate({ stratum: site2.number, size: 2, blockSizes: [2] });
    const a = await screened(site2.id);
    const b = await screened(site2.id);
    const c = await screened(site2.id);
    expect((await randomise(a.id, 1, 'site2')).status).toBe(200);
    expect((await randomise(b.id, 1, 'site2')).status).toBe(200);
    const refused = await send(
      'site2',
      'POST',
      `/Subjects/${c.id}/Randomise`,
      { randomizationDate: daysAgo(10), version: 1 },
      'en',
    );
    const error = expectError(refused, 409, 'iwrs_list_exhausted');
    expect(error.message).toContain(site2.number);
    const [after] = await db().select().from(subjects).where(eq(subjects.id, c.id));
    expect(after!.isRandomised).toBe(false);
    expect(after!.randomizationNumber).toBeNull();
  });

  it('answers the group only to unblinded callers', async () => {
    const s = await screened();
    const blinded = await randomise(s.id, 1, 'sitePi');
    expect(blinded.status).toBe(200);
    expect(blinded.body.data).not.toHaveProperty('randomizationGroup');
    expect(blinded.body.data.randomizationNumber).toBeTruthy();
    const s2 = await screened();
    const open = await randomise(s2.id, 1, 'unblinded');
    expect(['A', 'B']).toContain(open.body.data.randomizationGroup);
  });
});

describe('randomisation lists', () => {
  it('are reproduced from their recorded seed', async () => {
    const spec = { size: 30, seed: 'seed-42', blockSizes: [4, 6], numberPrefix: 'RS-', numberWidth: 3, startNumber: 5 };
    const list = await generate(spec);
    expect(list.seed).toBe('seed-42');
    expect((await api('manager').ok('POST', `/RandomisationLists/${list.id}/Verify`)).matches).toBe(true);
    const page = await api('manager').ok('GET', `/RandomisationLists/${list.id}/Entries?PageSize=50`);
    const expected = generateBlockList({
      ...spec,
      arms: [
        { group: 'A', ratio: 1 },
        { group: 'B', ratio: 1 },
      ],
    });
    expect(page.map((e: { randomizationNumber: string; group: string }) => [e.randomizationNumber, e.group])).toEqual(
      expected.map((e) => [e.randomizationNumber, e.group]),
    );
    expect(page[0].randomizationNumber).toBe('RS-005');
    // A tampered entry no longer verifies.
    await db()
      .update(randomisationEntries)
      .set({ group: expected[0]!.group === 'A' ? 'B' : 'A' })
      .where(eq(randomisationEntries.randomizationNumber, 'RS-005'));
    expect((await api('manager').ok('POST', `/RandomisationLists/${list.id}/Verify`)).matches).toBe(false);
    // Viewing the sealed list is in the audit trail.
    expect((await auditOf(db(), list.id, 'randomisation_list.view')).length).toBeGreaterThan(0);
  });

  it('are uploaded as CSV, and a bad file is refused naming the field and the row', async () => {
    const list = await api('manager').ok('POST', '/RandomisationLists/Upload', {
      stratum: '',
      csv: 'randomizationNumber;group\nU-1;A\nU-2;B\n',
    });
    expect(list).toMatchObject({ source: 'uploaded', size: 2, used: 0, remaining: 2 });
    const bad = await send('manager', 'POST', '/RandomisationLists/Upload', { csv: 'randomizationNumber,group\nU-3,A\nU-4,Z\n' });
    const e = expectError(bad, 400, 'iwrs_row_unknown_group', 'csv');
    expect(e.message).toContain('3');
    expectError(
      await send('manager', 'POST', '/RandomisationLists/Upload', { csv: 'number,group\n1,A' }),
      400,
      'iwrs_file_no_column',
      'csv',
    );
    expectError(
      await send('manager', 'POST', '/RandomisationLists/Upload', { csv: 'randomizationNumber,group\nU-1,A' }),
      409,
      'iwrs_list_number_taken',
    );
  });

  it('refuse bad generation requests with 400 naming the field', async () => {
    const arms = [
      { group: 'A', ratio: 2 },
      { group: 'B', ratio: 1 },
    ];
    for (const [body, path] of [
      [{ arms, blockSizes: [4], size: 10 }, 'blockSizes'],
      [{ arms, blockSizes: [3] }, 'size'],
      [{ arms: [{ group: 'Z', ratio: 1 }], blockSizes: [2], size: 4 }, 'arms'],
      [{ arms, blockSizes: [3], size: 3, stratum: 'no-such-centre' }, 'stratum'],
    ] as const) {
      const res = await send('manager', 'POST', '/RandomisationLists/Generate', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors[0].path).toBe(path);
    }
  });

  it('are sealed: only unblinded sponsor staff may read or change them', async () => {
    const [list] = await api('manager').ok('GET', '/RandomisationLists');
    for (const who of [...BLINDED, ...UNBLINDED.filter((x) => x !== 'manager' && x !== 'admin')]) {
      for (const [method, url] of [
        ['GET', '/RandomisationLists'],
        ['GET', `/RandomisationLists/${list.id}/Entries`],
        ['POST', `/RandomisationLists/${list.id}/Verify`],
      ] as const) {
        const res = await send(who, method, url);
        expect(res.status, `${who} ${url}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toMatch(/"group"/);
      }
    }
  });
});
