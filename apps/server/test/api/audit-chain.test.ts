import { describe, expect, it } from 'vitest';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.js';
import { auditLog } from '../../src/platform/db/schema/index.js';
import { auditKeyOf } from '../../src/platform/audit/audit-key.js';
import {
  auditHeadsDigest,
  auditRowHash,
  chainOf,
  verifyAuditChain,
  writeAudit,
  writeAuditNow,
  AUDIT_GENESIS,
} from '../../src/platform/audit/audit.js';
import { makeResearch, PASSWORD } from '../support/factories.js';
import { setupCastApp } from '../support/cast.js';
import { call, callsAs, setupTestApp, TEST_AUDIT_KEY } from '../support/test-app.js';

// The audit chain (docs/audit-trail.md): keyed, hashed over what is stored, verified end to end with every
// break reported.

/** Changes audit rows as a database superuser would: with the append-only triggers switched off. */
async function asSuperuser(db: Db, change: (db: Db) => Promise<unknown>) {
  await db.execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
  try {
    await change(db);
  } finally {
    await db.execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
  }
}

const rows = (db: Db) => db.select().from(auditLog).orderBy(asc(auditLog.seq));

/** `n` records written straight through writeAudit, in batches of one transaction each. */
async function fill(db: Db, n: number) {
  for (let done = 0; done < n; done += 100) {
    await db.transaction(async (tx) => {
      for (let i = done; i < Math.min(n, done + 100); i++) {
        await writeAudit(tx, { email: 'filler@example.test' }, { action: 'test.fill', entityType: 'test', after: { i } });
      }
    });
  }
}

describe('after ordinary requests', () => {
  const { t, as, db } = setupCastApp();

  it('verifies clean, upper-case ids and odd values included, and names the key by its fingerprint', async () => {
    const admin = callsAs(t.app, as('admin'));
    const research = await makeResearch(db());
    const v = await admin.ok('POST', '/ResearchVersions', {
      researchId: research.id.toUpperCase(),
      startedDate: '2026-01-01',
      majorIndex: 1,
      minorIndex: 0,
    });
    await admin.ok('PUT', `/ResearchVersions/${v.id.toUpperCase()}`, {
      description: 'План «Ё» "quoted" \\ <b>',
      updatedAt: v.updatedAt,
    });
    await admin.send('PUT', `/Researches/${research.id.toUpperCase()}`, { mnn: 'Testol\u2028' });
    await call(t.app, 'POST', '/Auth/SignIn', { body: { email: 'nobody@example.test', password: PASSWORD } });
    await call(t.app, 'POST', '/Auth/SignUp', { body: { userDto: { email: 'x\u0000@e.test', firstName: 'A', lastName: 'B' } } });

    const result = await verifyAuditChain(db());
    expect(result).toMatchObject({ ok: true, breakCount: 0, breaks: [], brokenAt: null });
    expect(result.checked).toBeGreaterThan(5);
    expect(result.keyFingerprint).toBe(auditKeyOf(TEST_AUDIT_KEY).fingerprint);
    expect(result.head?.seq).toBe((await rows(db())).at(-1)!.seq);
  });

  it('hashes what is stored: an upper-case id, a lone surrogate in a reason, dates and unsorted keys', async () => {
    const id = '0198C5A0-1234-7ABC-8DEF-0123456789AB';
    await writeAuditNow(
      db(),
      { userId: id, email: 'Ünï@example.test', ip: '127.0.0.1' },
      {
        action: 'test.stored_form',
        entityType: 'test',
        entityId: id,
        researchId: id,
        reason: 'broken \uD800 text',
        before: { z: 1, a: [{ y: new Date('2026-01-02T03:04:05.678Z'), x: undefined }], n: 0.1 + 0.2 },
        after: { big: 1e21, small: 5e-324, neg: -0 },
      },
    );
    const [row] = await db().select().from(auditLog).where(eq(auditLog.action, 'test.stored_form'));
    expect(row).toMatchObject({ entityId: id.toLowerCase(), reason: 'broken \uFFFD text' });
    expect((await verifyAuditChain(db())).ok).toBe(true);
  });
});

describe('a tampered trail', () => {
  const t = setupTestApp({}, { auditTampered: true });

  it('reports every changed, removed or re-hashed record, across pages, not only the first', async () => {
    const db = t.database.db;
    await fill(db, 1_200);
    expect((await verifyAuditChain(db)).ok).toBe(true);
    const all = await rows(db);
    const at = (position: number) => all[position - 1]!;
    await asSuperuser(db, async (d) => {
      // 1. A value changed in place.
      await d
        .update(auditLog)
        .set({ after: { i: -1 } })
        .where(eq(auditLog.id, at(10).id));
      // 2. A value changed and the row's own hash recomputed with the right key: the next record no longer follows.
      const changed = { ...at(600), reason: 'rewritten' };
      await d
        .update(auditLog)
        .set({ reason: 'rewritten', hash: auditRowHash(changed) })
        .where(eq(auditLog.id, at(600).id));
      // 3. A record removed.
      await d.delete(auditLog).where(eq(auditLog.id, at(1_100).id));
    });
    const result = await verifyAuditChain(db);
    expect(result.ok).toBe(false);
    expect(result.checked).toBe(all.length - 1);
    expect(result.breaks.map((b) => [b.seq, b.problems])).toEqual([
      [at(10).seq, ['hash']],
      [at(601).seq, ['link']],
      [at(1_101).seq, ['link']],
    ]);
    expect(result.breakCount).toBe(3);
    expect(result.brokenAt).toBe(at(10).seq);
    expect(result.breaks[0]).toMatchObject({ id: at(10).id, position: 10, action: 'test.fill' });
    expect(result.breaks[2]!.position).toBe(1_100);
  });
});

describe('a history re-hashed without the key', () => {
  const t = setupTestApp({}, { auditTampered: true });

  it('is detected: every record fails under the configured key, and passes only under the forger’s', async () => {
    const db = t.database.db;
    await fill(db, 30);
    const forged = auditKeyOf('a-database-superuser-guessing-the-key-000');
    // The superuser changes one record and re-seals the whole chain so that every link holds.
    await asSuperuser(db, async (d) => {
      let prev = AUDIT_GENESIS;
      for (const r of await rows(d)) {
        const row = { ...r, prevHash: prev, after: r.seq === 5 ? { i: 'forged' } : r.after };
        const hash = auditRowHash(row, forged);
        await d.update(auditLog).set({ prevHash: prev, after: row.after, hash }).where(eq(auditLog.id, r.id));
        prev = hash;
      }
    });
    const result = await verifyAuditChain(db);
    expect(result.ok).toBe(false);
    expect(result.breakCount).toBe(result.checked);
    expect(result.breaks.every((b) => b.problems.join() === 'hash')).toBe(true);
    const underForgedKey = await verifyAuditChain(db, forged);
    expect(underForgedKey.ok).toBe(true);
    expect(underForgedKey.keyFingerprint).not.toBe(result.keyFingerprint);
  });
});

// Chains per subject: each test on a database of its own (tampering would leak into the next).
const A = '0198c5a0-0000-7000-8000-00000000000a';
const B = '0198c5a0-0000-7000-8000-00000000000b';

/** One record about `subjectId` (or about no subject), in a transaction of its own. */
const note = (db: Db, subjectId: string | null, i: number) =>
  writeAuditNow(db, { email: 'chains@example.test' }, { action: 'test.chain', entityType: 'test', subjectId, after: { i } });

/** A, B and global records interleaved: A B A global B A B … */
async function interleave(db: Db, n: number) {
  for (let i = 0; i < n; i++) await note(db, [A, B, A, null, B][i % 5]!, i);
}

const chainRows = async (db: Db, chain: string) => (await rows(db)).filter((r) => r.chain === chain);

describe('a chain per subject', () => {
  const t = setupTestApp({}, { auditTampered: true });

  it('interleaved records of two subjects each chain from their own genesis and verify clean', async () => {
    const db = t.database.db;
    await interleave(db, 25);
    const a = await chainRows(db, chainOf(A));
    const b = await chainRows(db, chainOf(B));
    expect(a).toHaveLength(10);
    expect(b).toHaveLength(10);
    expect(a.every((r) => r.subjectId === A)).toBe(true);
    for (const chain of [a, b]) {
      expect(chain[0]!.prevHash).toBe(AUDIT_GENESIS);
      chain.slice(1).forEach((r, i) => expect(r.prevHash).toBe(chain[i]!.hash));
    }
    const result = await verifyAuditChain(db);
    expect(result).toMatchObject({ ok: true, breakCount: 0 });
    const all = await rows(db);
    expect(result.chains).toBe(new Set(all.map((r) => r.chain)).size);
    expect(result.chains).toBeGreaterThanOrEqual(3);
    // The head: the newest record and the digest of every chain's newest record.
    const heads = new Map<string, { seq: number; hash: string }>();
    for (const r of all) heads.set(r.chain, { seq: r.seq, hash: r.hash });
    expect(result.head).toEqual({
      seq: all.at(-1)!.seq,
      at: all.at(-1)!.at.toISOString(),
      hash: auditHeadsDigest(heads, all.at(-1)!.seq, auditKeyOf(TEST_AUDIT_KEY)),
      chains: result.chains,
    });
  });
});

describe('a chain per subject', () => {
  const t = setupTestApp({}, { auditTampered: true });

  it('a changed record is reported in its chain; the other chain stays clean', async () => {
    const db = t.database.db;
    await interleave(db, 25);
    const a = await chainRows(db, chainOf(A));
    await asSuperuser(db, (d) =>
      d
        .update(auditLog)
        .set({ after: { i: 'changed' } })
        .where(eq(auditLog.id, a[4]!.id)),
    );
    const result = await verifyAuditChain(db);
    expect(result.ok).toBe(false);
    expect(result.breaks).toEqual([
      expect.objectContaining({ id: a[4]!.id, chain: chainOf(A), position: 5, problems: ['hash'] }),
    ]);
    expect(result.breaks.some((b) => b.chain !== chainOf(A))).toBe(false);
  });
});

describe('a chain per subject', () => {
  const t = setupTestApp({}, { auditTampered: true });

  it('a record moved to another chain, or sealed with another key, is reported', async () => {
    const db = t.database.db;
    await interleave(db, 25);
    const a = await chainRows(db, chainOf(A));
    const b = await chainRows(db, chainOf(B));
    // The newest record of A becomes B's, re-linked after B's head: its seal no longer matches.
    await asSuperuser(db, (d) =>
      d
        .update(auditLog)
        .set({ chain: chainOf(B), subjectId: B, prevHash: b.at(-1)!.hash })
        .where(eq(auditLog.id, a.at(-1)!.id)),
    );
    let result = await verifyAuditChain(db);
    // Its seal fails; the records of B after it no longer follow their predecessor either.
    expect(result.breaks.find((x) => x.id === a.at(-1)!.id)).toMatchObject({ chain: chainOf(B) });
    expect(result.breaks.find((x) => x.id === a.at(-1)!.id)!.problems).toContain('hash');
    // The same move within the global chain's shape: a record's subject id alone changed.
    await asSuperuser(db, (d) => d.update(auditLog).set({ subjectId: B }).where(eq(auditLog.id, a[0]!.id)));
    result = await verifyAuditChain(db);
    expect(result.breaks.find((x) => x.id === a[0]!.id)?.problems).toEqual(['hash']);

    // A record inserted at B's head, sealed under a key guessed by whoever inserts it.
    const forger = auditKeyOf('a-database-superuser-guessing-the-key-000');
    const forged = {
      ...b[0]!,
      id: '0198c5a0-0000-7000-8000-0000000000ff',
      at: new Date(),
      after: { i: 'forged' },
      prevHash: (await chainRows(db, chainOf(B))).at(-1)!.hash,
    };
    const { seq: _seq, ...values } = { ...forged, hash: auditRowHash(forged, forger) };
    await db.insert(auditLog).values(values);
    result = await verifyAuditChain(db);
    expect(result.breaks.find((x) => x.id === forged.id)).toMatchObject({ chain: chainOf(B), problems: ['hash'] });
  });
});

describe('a chain per subject', () => {
  const t = setupTestApp({}, { auditTampered: true });

  it('the heads digest as of a written-down seq changes when the tail of one chain is removed', async () => {
    const db = t.database.db;
    await interleave(db, 9);
    const checkpoint = (await verifyAuditChain(db)).head!;
    await interleave(db, 5);
    const later = await verifyAuditChain(db, undefined, { asOf: checkpoint.seq });
    expect(later.asOf).toEqual(checkpoint);
    expect(later.head!.hash).not.toBe(checkpoint.hash);
    // The tail of B from its newest record up to the checkpoint (not the newest record overall) is removed:
    // every chain still links, but the digest as of the checkpoint no longer matches.
    const lastB = (await chainRows(db, chainOf(B))).filter((r) => r.seq <= checkpoint.seq).at(-1)!;
    expect(lastB.seq).toBeLessThan(checkpoint.seq);
    await asSuperuser(db, (d) => d.delete(auditLog).where(and(eq(auditLog.chain, chainOf(B)), gte(auditLog.seq, lastB.seq))));
    const after = await verifyAuditChain(db, undefined, { asOf: checkpoint.seq });
    expect(after.ok).toBe(true);
    expect(after.asOf!.seq).toBe(checkpoint.seq);
    expect(after.asOf!.hash).not.toBe(checkpoint.hash);
  });
});

describe('a chain per subject', () => {
  const t = setupTestApp({}, { auditTampered: true });

  it('concurrent saves on different subjects and on one subject: every chain verifies and never forks', async () => {
    const db = t.database.db;
    const subjects = Array.from({ length: 8 }, (_, i) => `0198c5a0-0000-7000-8000-0000000001${String(i).padStart(2, '0')}`);
    const save = (subjectId: string | null, i: number) =>
      db.transaction(async (tx) => {
        await writeAudit(
          tx,
          { email: 'burst@example.test' },
          { action: 'test.burst', entityType: 'test', subjectId, after: { i } },
        );
        // Work after the append keeps the chain's lock held while the others queue behind it.
        await tx.execute(sql`select pg_sleep(0.002)`);
      });
    await Promise.all([
      ...subjects.flatMap((s) => Array.from({ length: 10 }, (_, i) => save(s, i))),
      ...Array.from({ length: 40 }, (_, i) => save(A, i)),
      ...Array.from({ length: 10 }, (_, i) => save(null, i)),
    ]);
    const result = await verifyAuditChain(db);
    expect(result).toMatchObject({ ok: true, breakCount: 0 });
    const burst = (await rows(db)).filter((r) => r.action === 'test.burst');
    expect(burst).toHaveLength(130);
    const forks = await db.execute(sql`select chain, prev_hash from audit_log group by chain, prev_hash having count(*) > 1`);
    expect((forks as unknown as { rows: unknown[] }).rows).toEqual([]);
    expect(burst.filter((r) => r.chain === chainOf(A))).toHaveLength(40);
  });
});
