import { describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../src/platform/db/client.js';
import * as schema from '../../src/platform/db/schema/index.js';
import { auditLog, auditVerifications } from '../../src/platform/db/schema/index.js';
import { auditKeyOf } from '../../src/platform/audit/audit-key.js';
import { chainOf, verifyAuditChain, writeAudit, writeAuditNow } from '../../src/platform/audit/audit.js';
import { STALE_RUN_MS } from '../../src/modules/audit/audit-verifications.service.js';
import { auditOf, setupCastApp } from '../support/cast.js';
import { call, expectError, TEST_AUDIT_KEY } from '../support/test-app.js';

// The verification of the audit trail in the background (docs/audit-trail.md "In the background"): asked for by
// an administrator, walked by the queue's worker in pages with its progress kept, its result kept for later.

const { t, as, db, callers } = setupCastApp({ JOB_WORKERS: '1' });

/** Polls a run until it is no longer open. */
async function settled(id: string) {
  for (let i = 0; i < 200; i++) {
    const res = await call(t.app, 'GET', `/Audit/Verifications/${id}`, { token: as('admin') });
    expect(res.status).toBe(200);
    if (res.body.data.status !== 'Queued' && res.body.data.status !== 'Running') return res.body.data;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`verification ${id} still open`);
}

const start = (lang?: 'ru' | 'en') => call(t.app, 'POST', '/Audit/Verifications', { token: as('admin'), lang });

describe('POST /Audit/Verifications', () => {
  it('runs in the background and keeps what it found, with who asked and an audit record of the request', async () => {
    const before = await db().select({ seq: auditLog.seq }).from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    const res = await start();
    expect(res.status).toBe(200);
    expect(['Queued', 'Running']).toContain(res.body.data.status);
    const run = await settled(res.body.data.id);
    expect(run).toMatchObject({ status: 'Done', progress: 100, error: null, requestedBy: { id: callers.admin.userId } });
    expect(run.result).toMatchObject({ ok: true, breakCount: 0, keyFingerprint: auditKeyOf(TEST_AUDIT_KEY).fingerprint });
    expect(run.processed).toBe(run.result.checked);
    // Every record committed before the request is walked, the request's own audit record too.
    expect(run.result.head.seq).toBeGreaterThan(before[0]!.seq);
    expect(run.startedAt).not.toBeNull();
    expect(run.finishedAt).not.toBeNull();
    expect(await auditOf(db(), run.id, 'audit.verification_requested')).toHaveLength(1);

    const list = await call(t.app, 'GET', '/Audit/Verifications?pageSize=5', { token: as('admin') });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: run.id, status: 'Done' });
    expect(list.body.totalCount).toBeGreaterThanOrEqual(1);
  });

  it('finds the breaks of a changed record', async () => {
    const [row] = await db().select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    await db().execute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    try {
      await db().update(auditLog).set({ reason: 'changed behind the application' }).where(eq(auditLog.id, row!.id));
      const run = await settled((await start()).body.data.id);
      expect(run.result).toMatchObject({ ok: false, breakCount: 1, brokenAt: row!.seq });
      expect(run.result.breaks[0]).toMatchObject({ id: row!.id, problems: ['hash'] });
      // The history leaves the list of breaks to the run itself.
      const list = await call(t.app, 'GET', '/Audit/Verifications?pageSize=1', { token: as('admin') });
      expect(list.body.data[0]).toMatchObject({ id: run.id, result: { ok: false, breakCount: 1, breaks: [] } });
    } finally {
      await db().update(auditLog).set({ reason: row!.reason }).where(eq(auditLog.id, row!.id));
      await db().execute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    }
  });

  it('runs one at a time: while one is open it is the answer; one that lost its worker is closed as interrupted', async () => {
    const [open] = await db()
      .insert(auditVerifications)
      .values({ status: 'Running', startedAt: new Date(), updatedAt: new Date() })
      .returning();
    const again = await start();
    expect(again.body.data).toMatchObject({ id: open!.id, status: 'Running' });
    expect(
      await db()
        .select()
        .from(auditVerifications)
        .where(sql`${auditVerifications.status} in ('Queued', 'Running')`),
    ).toHaveLength(1);

    // Its progress has not moved for longer than a worker writes it: the process running it stopped.
    await db()
      .update(auditVerifications)
      .set({ updatedAt: new Date(Date.now() - STALE_RUN_MS - 1000) })
      .where(eq(auditVerifications.id, open!.id));
    const shown = await call(t.app, 'GET', `/Audit/Verifications/${open!.id}`, { token: as('admin') });
    expect(shown.body.data).toMatchObject({
      status: 'Failed',
      error: { code: 'audit_verification_interrupted', message: expect.stringContaining('прервана') },
    });
    const next = await start('ru');
    expect(next.body.data.id).not.toBe(open!.id);
    const [closed] = await db().select().from(auditVerifications).where(eq(auditVerifications.id, open!.id));
    expect(closed).toMatchObject({ status: 'Failed', error: { code: 'audit_verification_interrupted' } });
    expect((await settled(next.body.data.id)).status).toBe('Done');
  });

  it('is for user role Admin only: 403 for everyone else, 401 without a session, 404 for an unknown run', async () => {
    for (const who of ['editor', 'manager', 'sitePi', 'qa', 'kio', 'outsider'] as const) {
      expectError(await call(t.app, 'POST', '/Audit/Verifications', { token: as(who) }), 403, 'forbidden');
      expectError(await call(t.app, 'GET', '/Audit/Verifications', { token: as(who) }), 403, 'forbidden');
      expectError(await call(t.app, 'GET', `/Audit/Verifications/${uuidv7()}`, { token: as(who) }), 403, 'forbidden');
    }
    expectError(await call(t.app, 'POST', '/Audit/Verifications'), 401, 'unauthorized');
    expectError(await call(t.app, 'GET', `/Audit/Verifications/${uuidv7()}`, { token: as('admin') }), 404, 'not_found', 'id');
    expectError(await call(t.app, 'GET', '/Audit/Verifications/not-an-id', { token: as('admin') }), 400, 'validation');
  });
});

describe('the walk in pages', () => {
  it('reports the same as the walk in one snapshot, page by page', async () => {
    const pages: number[] = [];
    const paged = await verifyAuditChain(db(), undefined, { pageSize: 7, onPage: async (p) => void pages.push(p.percent) });
    const whole = await verifyAuditChain(db());
    expect({ ...paged, verifiedAt: 0, durationMs: 0 }).toEqual({ ...whole, verifiedAt: 0, durationMs: 0 });
    expect(pages.length).toBeGreaterThan(whole.checked / 7);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(pages.every((p) => p >= 0 && p <= 99)).toBe(true);
  });

  /**
   * On a connection of its own, a subject's second record numbered and held uncommitted, then a later record
   * committed on the test's connection: the state in which a walk begins in the tests below.
   */
  async function withLateRecord(run: (late: { subjectId: string; commit: () => Promise<void> }) => Promise<void>) {
    const subjectId = uuidv7();
    await writeAuditNow(db(), { email: 'walk@example.test' }, { action: 'test.walk', entityType: 'test', subjectId });
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    const other = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const numbered = new Promise<void>((r) => (written = r));
    try {
      const late = other.transaction(async (tx) => {
        await writeAudit(tx, { email: 'walk@example.test' }, { action: 'test.walk.late', entityType: 'test', subjectId });
        written();
        await held;
      });
      await numbered;
      await writeAuditNow(db(), { email: 'walk@example.test' }, { action: 'test.walk.after', entityType: 'test' });
      await run({
        subjectId,
        commit: async () => {
          release();
          await late;
        },
      });
    } finally {
      release();
      await client.end();
    }
  }

  /** The head a later walk computes for the same seq: what an administrator's written-down head is compared with. */
  const headLater = async (seq: number) => (await verifyAuditChain(db(), undefined, { asOf: seq })).asOf;

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'takes no break for a record that committed after the walk passed its number, and reports the head a later walk finds',
    async () => {
      await withLateRecord(async ({ subjectId, commit }) => {
        // The first page ends at the record committed last; the walk then reads on.
        const { n } = (
          (await db().execute(sql`select count(*)::int as n from audit_log`)) as unknown as { rows: { n: number }[] }
        ).rows[0]!;
        let first = true;
        const result = await verifyAuditChain(db(), undefined, {
          pageSize: n,
          onPage: async () => {
            if (!first) return;
            first = false;
            // The walk has passed the late record's number: it commits now, and the subject's next record follows it.
            await commit();
            await writeAuditNow(
              db(),
              { email: 'walk@example.test' },
              { action: 'test.walk.next', entityType: 'test', subjectId },
            );
          },
        });
        expect(result.breaks).toEqual([]);
        const chain = await db()
          .select()
          .from(auditLog)
          .where(eq(auditLog.chain, chainOf(subjectId)));
        expect(chain.map((r) => r.action)).toEqual(['test.walk', 'test.walk.late', 'test.walk.next']);
        // The next record came after the walk began: outside its bound, and not taken for a break.
        expect(result.head!.seq).toBeLessThan(chain[2]!.seq);
        expect(result.head!.seq).toBeGreaterThan(chain[1]!.seq);
        // The late record, below the head, is in the head's digest as a later walk counts it.
        expect(await headLater(result.head!.seq)).toEqual(result.head);
        expect((await verifyAuditChain(db())).ok).toBe(true);
      });
    },
  );

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'in one snapshot too: waits for the writes open when it began, then counts the record they numbered below its head',
    async () => {
      await withLateRecord(async ({ commit }) => {
        const committing = new Promise((r) => setTimeout(r, 300)).then(commit);
        const result = await verifyAuditChain(db());
        await committing;
        expect(result.ok).toBe(true);
        expect(await headLater(result.head!.seq)).toEqual(result.head);
      });
    },
  );
});
