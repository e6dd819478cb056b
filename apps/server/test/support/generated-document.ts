import { eq } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.js';
import { jobs } from '../../src/platform/db/schema/index.js';
import type { callsAs } from './test-app.js';

/**
 * Polls GET /Documents/{id} as the caller (the web app does so every 2 s; faster here) until the generated
 * document is no longer Started, and gives its last state.
 */
export async function settledDocument(caller: Pick<ReturnType<typeof callsAs>, 'ok'>, id: string) {
  for (let i = 0; i < 300; i++) {
    const doc = await caller.ok('GET', `/Documents/${id}`);
    if (doc.status !== 'Started') return doc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${id} still Started`);
}

/**
 * The job that made a document, once it has ended: the worker writes the document's final state inside the
 * job and marks the job Done or Failed just after, so a test that has seen the document settle polls here.
 */
export async function finishedJob(db: Db, documentId: string) {
  for (let i = 0; i < 300; i++) {
    const [job] = await db.select().from(jobs).where(eq(jobs.documentId, documentId));
    if (job && (job.status === 'Done' || job.status === 'Failed')) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`the job of document ${documentId} has not ended`);
}
