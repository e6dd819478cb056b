import { describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { auditLog, medications, medicationStatusLogs } from '../../src/platform/db/schema/index.js';
import { QUEUE_SCHEMA } from '../../src/platform/db/client.js';
import { startJobQueue } from '../../src/platform/jobs/queue.js';
import { expireAllKits, medicationExpiryTask } from '../../src/modules/iwrs/expiry.task.js';
import { setupIwrsApp } from './iwrs-support.js';

/**
 * The daily expiry sweep (docs/iwrs.md, "Expiry"): a scheduled task of the queue moves every research's kits
 * past their date to Expired, as the system, with a status log and an audit record each.
 */
const { t, db, importKits, kitsAtSite } = setupIwrsApp();

const statusOf = async (ids: string[]) =>
  Object.fromEntries(
    (await db().select().from(medications).where(inArray(medications.id, ids))).map((k) => [k.identNumber, k.currentStatus]),
  );

describe('the expiry sweep', () => {
  it('moves kits past their date to Expired, as the system, and leaves the others', async () => {
    const past = await importKits(2, 'A', -1);
    const atSite = await kitsAtSite(1, 'B', { expiresInDays: 400 });
    const today = await importKits(1, 'A', 0);
    const ids = [...past, ...atSite, ...today].map((k) => k.id);
    expect(await expireAllKits(db())).toBeGreaterThanOrEqual(2);
    const after = await statusOf(ids);
    expect(past.map((k) => after[k.identNumber])).toEqual(['Expired', 'Expired']);
    expect(after[atSite[0]!.identNumber]).toBe('AcceptedInSite');
    // A kit is usable through its expiry date.
    expect(after[today[0]!.identNumber]).toBe('Created');
    const logs = await db().select().from(medicationStatusLogs).where(eq(medicationStatusLogs.medicationId, past[0]!.id));
    expect(logs.find((l) => l.status === 'Expired')).toMatchObject({ userId: null, userEmail: 'system:medication_expiry' });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${past[0]!.id} and ${auditLog.userEmail} = 'system:medication_expiry'`);
    expect(audit).toHaveLength(1);
    // Run again: nothing more to do.
    await expireAllKits(db());
    expect(Object.values(await statusOf(past.map((k) => k.id)))).toEqual(['Expired', 'Expired']);
  });

  it('is scheduled daily in UTC by a queue with workers, which runs it when its message comes', async () => {
    const [kit] = await importKits(1, 'A', -2);
    const queue = await startJobQueue({
      database: t.database,
      deps: t.app.deps,
      handlers: {},
      workers: 1,
      pollingSeconds: 0.5,
      retrySeconds: 1,
      log: { info: () => {}, error: () => {} },
      scheduled: [medicationExpiryTask],
    });
    try {
      const schedules = await db().execute(
        sql.raw(`select name, cron, options from ${QUEUE_SCHEMA}.schedule where name = 'medication_expiry'`),
      );
      const rows = (schedules as unknown as { rows: { name: string; cron: string; options: { tz?: string } }[] }).rows;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ cron: '5 0 * * *', options: { tz: 'UTC' } });
      await queue.runTask('medication_expiry');
      const deadline = Date.now() + 30_000;
      while ((await statusOf([kit!.id]))[kit!.identNumber] !== 'Expired' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
      }
      expect((await statusOf([kit!.id]))[kit!.identNumber]).toBe('Expired');
    } finally {
      await queue.stop();
    }
  }, 60_000);
});
