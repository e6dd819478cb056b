import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { addCalendarMonths, deletionDateOf, todayIn } from '@edc/domain';
import { auditLog, documentFiles, documents } from '../../src/platform/db/schema/index.js';
import { removeExpiredDocuments } from '../../src/modules/documents/documents-manage.service.js';
import { documentExpiryTask } from '../../src/modules/documents/expiry.task.js';
import { setupCastApp, type CallerName } from '../support/cast.js';
import { callsAs, expectError } from '../support/test-app.js';

/**
 * The documents screens' calls (docs/documents.md "Visibility, deletion and expiry"): the personal list, the
 * Expiring filter, ToggleVisible (only the author makes a common document private), DELETE (documents
 * administrators; the record and the trail stay) and the scheduled removal of expired files.
 */
const { t, callers, world, db, as } = setupCastApp();
const api = (c: CallerName) => callsAs(t.app, as(c));

let n = 0;
/** A generated document with its bytes, made by `author` (stored directly: generation has its own tests). */
async function generated(author: CallerName, over: Partial<typeof documents.$inferInsert> = {}) {
  const [doc] = await db()
    .insert(documents)
    .values({
      researchId: world.research.id,
      name: `Отчёт ${++n}`,
      extension: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: 9,
      status: 'Done',
      type: 'Tracker',
      createdBy: callers[author].userId,
      ...over,
    })
    .returning();
  await db()
    .insert(documentFiles)
    .values({ documentId: doc!.id, content: Buffer.from('%PDF-1.4\n') });
  return doc!;
}

const auditOf = (id: string, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, id), eq(auditLog.action, action)));

describe('documents: visibility, deletion, personal and expiring lists', () => {
  it('gives every generated document an expiration date three months on; uploads none', async () => {
    const doc = await generated('sitePi');
    const today = todayIn('UTC');
    expect(doc.expirationDate).toBe(addCalendarMonths(today, 3));
    const reply = await api('admin').ok('GET', `/Documents/Paged?researchId=${world.research.id}&Type=Tracker&pageSize=50`);
    const listed = reply.find((d: { id: string }) => d.id === doc.id);
    expect(listed).toMatchObject({
      expirationDate: doc.expirationDate,
      deletionDate: deletionDateOf(doc.expirationDate!),
      expired: false,
    });
    expect(listed.startTime).toBe(doc.createdAt.toISOString());
    expect(deletionDateOf('2026-01-31')).toBe('2026-02-28');
  });

  it('PersonalList: the caller’s own documents with the Status, Type and Expiring filters; 400 naming a bad filter', async () => {
    const own = await generated('qa', { type: 'Dataset' });
    const old = await generated('qa', { type: 'Dataset', expirationDate: '2020-01-01' });
    await generated('kio', { type: 'Dataset' });
    const list = (q: string) => api('qa').send('GET', `/Documents/PersonalList?${q}`);
    const all = await list('Type=Dataset');
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual([old.id, own.id]);
    expect((await list('Type=Dataset&Expiring=true')).body.data.map((d: { id: string }) => d.id)).toEqual([old.id]);
    expect((await list('Type=Dataset&Expiring=false')).body.data.map((d: { id: string }) => d.id)).toEqual([own.id]);
    expect((await list('Type=Dataset&Expiring=true')).body.data[0]).toMatchObject({ expired: true, deletionDate: '2020-02-01' });
    expect((await list('Status=Error')).body.totalCount).toBe(0);
    expectError(await list('Expiring=maybe'), 400, 'validation', 'Expiring');
    expectError(await list('Status=Gone'), 400, 'validation', 'Status');
    expectError(await list('Type=Letter'), 400, 'validation', 'Type');
    expectError(await list('page=0'), 400, 'validation', 'page');
    // The outsider has no current research.
    expectError(await api('outsider').send('GET', '/Documents/PersonalList'), 400, 'research_required', 'researchId');
  });

  it('Paged and PersonalList search by name, any case, with % and _ taken as typed', async () => {
    const tag = `${Date.now().toString(36)}`;
    const wanted = await generated('sitePi', { name: `Сводка ${tag} 50%_A` });
    await generated('sitePi', { name: `Сводка ${tag} 50xxA` });
    const ids = (list: { id: string }[]) => list.map((d) => d.id);
    const search = (term: string) => encodeURIComponent(term);
    expect(
      ids(
        await api('admin').ok('GET', `/Documents/Paged?researchId=${world.research.id}&search=${search(`сводКА ${tag} 50%_`)}`),
      ),
    ).toEqual([wanted.id]);
    expect(ids(await api('sitePi').ok('GET', `/Documents/PersonalList?search=${search(`${tag} 50%_a`)}`))).toEqual([wanted.id]);
    expect(
      await api('admin').ok('GET', `/Documents/Paged?researchId=${world.research.id}&search=${search(`${tag}-none`)}`),
    ).toEqual([]);
    expectError(await api('admin').send('GET', `/Documents/Paged?search=${'x'.repeat(201)}`), 400, 'validation', 'search');
    // A page names each document's author (read for the whole page at once).
    const other = await generated('manager', { name: `Сводка ${tag} третья` });
    const page = await api('admin').ok('GET', `/Documents/Paged?researchId=${world.research.id}&search=${search(tag)}`);
    const authorOf = (id: string) => page.find((d: { id: string }) => d.id === id)?.createdBy?.id;
    expect(page).toHaveLength(3);
    expect(authorOf(wanted.id)).toBe(callers.sitePi.userId);
    expect(authorOf(other.id)).toBe(callers.manager.userId);
  });

  it('ToggleVisible: the author or an administrator makes it common; only the author makes it private again', async () => {
    const doc = await generated('sitePi');
    const paged = (c: CallerName) => api(c).ok('GET', `/Documents/Paged?Type=Tracker&pageSize=50`);
    const seenBy = async (c: CallerName) => (await paged(c)).some((d: { id: string }) => d.id === doc.id);
    expect(await seenBy('kio')).toBe(false);
    // Another employee does not see the private document at all.
    expectError(await api('kio').send('POST', `/Documents/${doc.id}/ToggleVisible`), 404, 'not_found', 'id');

    expectError(await api('kio').send('GET', `/Documents/${doc.id}`), 404, 'not_found', 'id');
    const shared = await api('manager').ok('PUT', `/Documents/${doc.id}/ToggleVisible`);
    expect(shared.forAll).toBe(true);
    expect(await seenBy('kio')).toBe(true);
    // Whoever lists it reads its progress (the list refreshes Started documents by GET /Documents/{id}).
    expect(await api('kio').ok('GET', `/Documents/${doc.id}`)).toMatchObject({ id: doc.id, forAll: true });
    // Now the monitor sees it but may not change it; the administrator may not make it private again.
    expectError(await api('kio').send('POST', `/Documents/${doc.id}/ToggleVisible`), 403, 'document_not_manager', 'id');
    expectError(
      await api('manager').send('POST', `/Documents/${doc.id}/ToggleVisible`),
      403,
      'document_visibility_creator',
      'id',
    );
    expect((await api('sitePi').ok('POST', `/Documents/${doc.id}/ToggleVisible`)).forAll).toBe(false);
    expect(await seenBy('kio')).toBe(false);

    const trail = await auditOf(doc.id, 'document.visibility');
    expect(trail.map((r) => [r.before, r.after])).toEqual([
      [{ forAll: false }, { forAll: true }],
      [{ forAll: true }, { forAll: false }],
    ]);
    expect(trail[1]!.userId).toBe(callers.sitePi.userId);
    expectError(await api('sitePi').send('POST', '/Documents/not-an-id/ToggleVisible'), 400, 'validation', 'id');
  });

  it('DELETE: administrators only; status Deleted, the file gone, the record and its audit kept', async () => {
    const doc = await generated('sitePi', { forAll: true });
    expectError(await api('sitePi').send('DELETE', `/Documents/${doc.id}`), 403, 'document_not_admin', 'id');
    // Someone of no research sees no document at all (403, as for every document call).
    expectError(await api('outsider').send('DELETE', `/Documents/${doc.id}`), 403, 'forbidden');
    expectError(await api('kio').send('DELETE', `/Documents/${doc.id}`), 403, 'document_not_admin', 'id');
    expect((await api('manager').send('DELETE', `/Documents/${doc.id}`)).status).toBe(200);
    const [row] = await db().select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ status: 'Deleted', name: doc.name });
    expect(row!.deletedAt).not.toBeNull();
    expect(await db().select().from(documentFiles).where(eq(documentFiles.documentId, doc.id))).toEqual([]);
    const [audit] = await auditOf(doc.id, 'document.delete');
    expect(audit!.before).toMatchObject({ id: doc.id, status: 'Done', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(audit!.after).toMatchObject({ status: 'Deleted' });
    // Kept and listed as Deleted, without a link; no second deletion, no toggle, no download.
    const listed = await api('manager').ok('GET', `/Documents/Paged?Status=Deleted&pageSize=50`);
    expect(listed.find((d: { id: string }) => d.id === doc.id)).toMatchObject({ status: 'Deleted', documentLink: null });
    expectError(await api('manager').send('DELETE', `/Documents/${doc.id}`), 409, 'document_deleted', 'id');
    expectError(await api('sitePi').send('POST', `/Documents/${doc.id}/ToggleVisible`), 409, 'document_deleted', 'id');
    // An uploaded visit file is not deleted here (it goes with its visit).
    const upload = await generated('sitePi', { type: 'Uploaded', expirationDate: null });
    expectError(await api('manager').send('DELETE', `/Documents/${upload.id}`), 404, 'not_found', 'id');
  });

  it('the scheduled task removes the files past their deletion date only, keeping record and audit', async () => {
    const today = todayIn('UTC');
    // Expired yesterday a month ago: past its deletion date. Expired today: due, but kept for a month.
    const past = await generated('admin', { expirationDate: addCalendarMonths(today, -1) });
    const due = await generated('admin', { expirationDate: today });
    const upload = await generated('admin', { type: 'Uploaded', expirationDate: null });
    const expiring = await api('admin').ok('GET', `/Documents/Paged?researchId=${world.research.id}&Expiring=true&pageSize=50`);
    const ids = expiring.map((d: { id: string }) => d.id);
    expect(ids).toEqual(expect.arrayContaining([past.id, due.id]));
    expect(ids).not.toContain(upload.id);

    expect(await documentExpiryTask.run(t.app.deps)).toMatchObject({ removed: expect.any(Number) });
    const status = async (id: string) => (await db().select().from(documents).where(eq(documents.id, id)))[0]!.status;
    expect(await status(past.id)).toBe('Deleted');
    expect(await status(due.id)).toBe('Done');
    expect(await status(upload.id)).toBe('Done');
    expect(await db().select().from(documentFiles).where(eq(documentFiles.documentId, past.id))).toEqual([]);
    expect(await db().select().from(documentFiles).where(eq(documentFiles.documentId, due.id))).toHaveLength(1);
    const [audit] = await auditOf(past.id, 'document.expire');
    expect(audit).toMatchObject({ userEmail: 'system:document_expiry', before: expect.objectContaining({ status: 'Done' }) });
    // Nothing left to do: a second run removes nothing.
    expect(await removeExpiredDocuments(db())).toBe(0);
    const after = await api('admin').ok('GET', `/Documents/Paged?researchId=${world.research.id}&Expiring=true&pageSize=50`);
    expect(after.map((d: { id: string }) => d.id)).not.toContain(past.id);
  });
});
