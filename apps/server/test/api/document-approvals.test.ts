import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { documentApprovals, documents, employees, researchVersions } from '../../src/platform/db/schema/index.js';
import { auditOf, matrix, setupCastApp, type CallerName } from '../support/cast.js';
import { callsAs, expectError } from '../support/test-app.js';

/**
 * Document approvals (docs/documents.md "Approvals"; spec design-and-admin sections 3–7): the checks of a
 * submission, who may send, see, approve, reject, note, resend and delete, the state machine Pending →
 * Approved | Rejected, and the audit record of every change.
 */
const { t, callers, world, db, as } = setupCastApp();
const api = (c: CallerName) => callsAs(t.app, as(c));

let n = 0;
/** A made document of the research (stored directly: generation has its own tests). */
async function made(over: Partial<typeof documents.$inferInsert> = {}) {
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
      createdBy: callers.admin.userId,
      ...over,
    })
    .returning();
  return doc!;
}

let versionId = '';
async function version() {
  if (versionId) return versionId;
  const [v] = await db()
    .insert(researchVersions)
    .values({ researchId: world.research.id, majorIndex: 1, minorIndex: 0, startedDate: '2026-01-10' })
    .returning();
  return (versionId = v!.id);
}

const site = () => world.cast.Site.employeeId;
const qaEmployee = () => world.cast.Qa.employeeId;

/** Sends a new document for approval to the site PI and the QA specialist (by `who`, the manager by default). */
async function send(who: CallerName = 'manager', approverIdList = [site(), qaEmployee()]) {
  const doc = await made();
  const approval = await api(who).ok('POST', '/DocumentApprovals', {
    documentId: doc.id,
    researchVersionId: await version(),
    approverIdList,
  });
  return { doc, approval };
}

describe('document approvals: submission', () => {
  it('sends a document and a version to approvers, Pending, with the approver list in the spec order and an audit record', async () => {
    const { doc, approval } = await send('manager', [qaEmployee(), site()]);
    expect(approval).toMatchObject({
      document: { id: doc.id, name: doc.name, status: 'Done' },
      researchVersion: { id: versionId, index: '1.0' },
      approvalStatus: 'Pending',
      resultApproverId: null,
      lastDocumentApprovalId: null,
      notesCount: 0,
      actions: ['Delete'],
    });
    // Ordered by the centre's type: admin, site, testSite, qa, kio.
    expect(approval.approverList.map((a: { id: string }) => a.id)).toEqual([site(), qaEmployee()]);
    expect(approval.approverList[0]).toMatchObject({ organisationType: 'Site', employeeType: 'PrincipalInvestigator' });
    const [audit] = await auditOf(db(), approval.id, 'document_approval.send');
    expect(audit).toMatchObject({
      entityType: 'document_approval',
      researchId: world.research.id,
      userId: callers.manager.userId,
    });
    expect(audit!.after).toMatchObject({
      documentId: doc.id,
      researchVersionId: versionId,
      approverIdList: [site(), qaEmployee()],
      status: 'Pending',
    });
  });

  it('checks the submission: 400 naming the field, 404 for ids not of the research, 409 for states', async () => {
    const doc = await made();
    const v = await version();
    const post = (body: unknown, who: CallerName = 'manager') => api(who).send('POST', '/DocumentApprovals', body);
    expectError(await post({ researchVersionId: v, approverIdList: [site()] }), 400, 'required', 'documentId');
    expectError(await post({ documentId: doc.id, approverIdList: [site()] }), 400, 'required', 'researchVersionId');
    expectError(
      await post({ documentId: doc.id, researchVersionId: v, approverIdList: [] }),
      400,
      'validation',
      'approverIdList',
    );
    expectError(await post({ documentId: doc.id, researchVersionId: v }), 400, 'required', 'approverIdList');
    expectError(
      await post({ documentId: 'nope', researchVersionId: v, approverIdList: [site()] }),
      400,
      'validation',
      'documentId',
    );
    expectError(
      await post({ documentId: world.research.id, researchVersionId: v, approverIdList: [site()] }),
      404,
      'not_found',
      'documentId',
    );
    expectError(
      await post({ documentId: doc.id, researchVersionId: world.research.id, approverIdList: [site()] }),
      404,
      'not_found',
      'researchVersionId',
    );
    // An approver who is not an employee of the research, or whose access is closed.
    expectError(
      await post({ documentId: doc.id, researchVersionId: v, approverIdList: [callers.admin.userId] }),
      400,
      'approval_unknown_approvers',
      'approverIdList',
    );
    await db().update(employees).set({ hasAccess: false }).where(eq(employees.id, world.cast.Kio.employeeId));
    expectError(
      await post({ documentId: doc.id, researchVersionId: v, approverIdList: [world.cast.Kio.employeeId] }),
      400,
      'approval_unknown_approvers',
      'approverIdList',
    );
    await db().update(employees).set({ hasAccess: true }).where(eq(employees.id, world.cast.Kio.employeeId));
    // A document not made yet, or deleted.
    const started = await made({ status: 'Started' });
    expectError(
      await post({ documentId: started.id, researchVersionId: v, approverIdList: [site()] }),
      409,
      'approval_document_not_ready',
      'documentId',
    );
    const deleted = await made({ status: 'Deleted' });
    expectError(
      await post({ documentId: deleted.id, researchVersionId: v, approverIdList: [site()] }),
      409,
      'document_deleted',
      'documentId',
    );
    // An uploaded visit file is not a document of this page.
    const uploaded = await made({ type: 'Uploaded', expirationDate: null });
    expectError(
      await post({ documentId: uploaded.id, researchVersionId: v, approverIdList: [site()] }),
      404,
      'not_found',
      'documentId',
    );
    // One Pending approval per document; duplicates in the list count once.
    const ok = await api('manager').ok('POST', '/DocumentApprovals', {
      documentId: doc.id,
      researchVersionId: v,
      approverIdList: [site(), site()],
    });
    expect(ok.approverList).toHaveLength(1);
    const again = expectError(
      await post({ documentId: doc.id, researchVersionId: v, approverIdList: [site()] }),
      409,
      'approval_pending_exists',
      'documentId',
    );
    expect(again.message).toBe('Документ уже находится на согласовании');
    // Nothing written by the refusals.
    expect(await db().select().from(documentApprovals).where(eq(documentApprovals.documentId, started.id))).toEqual([]);
  });

  it.each(matrix({ admin: 200, editor: 200, manager: 200, sitePi: 403, testSitePi: 403, qa: 403, kio: 403, outsider: 403 }, 403))(
    'send: %s (%s) → %i',
    async (_label, who, status) => {
      const doc = await made({ forAll: true });
      const res = await api(who).send('POST', '/DocumentApprovals', {
        documentId: doc.id,
        researchVersionId: await version(),
        approverIdList: [site()],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (status === 403) expect(res.body.errors[0].code).toBe('approval_not_admin');
    },
  );

  it('lists the approvers of the research for administrators, ordered by centre type', async () => {
    const list = await api('manager').ok('GET', `/DocumentApprovals/Approvers?researchId=${world.research.id}`);
    expect(list.map((a: { organisationType: string }) => a.organisationType)).toEqual(['Admin', 'Site', 'TestSite', 'Qa', 'Kio']);
    expectError(await api('sitePi').send('GET', '/DocumentApprovals/Approvers'), 403, 'approval_not_admin', 'researchId');
    expectError(await api('outsider').send('GET', '/DocumentApprovals/Approvers'), 400, 'research_required', 'researchId');
  });
});

describe('document approvals: who sees them', () => {
  it('administrators see every one, approvers theirs, others none (404 by id)', async () => {
    const { approval } = await send();
    const ids = async (c: CallerName) =>
      (await api(c).ok('GET', `/DocumentApprovals?researchId=${world.research.id}&pageSize=100`)).map(
        (a: { id: string }) => a.id,
      );
    expect(await ids('admin')).toContain(approval.id);
    expect(await ids('manager')).toContain(approval.id);
    expect(await ids('sitePi')).toContain(approval.id);
    expect(await ids('kio')).not.toContain(approval.id);
    expect((await api('sitePi').ok('GET', `/DocumentApprovals/${approval.id}`)).actions).toEqual([
      'Approve',
      'Reject',
      'AddNote',
    ]);
    expect((await api('admin').ok('GET', `/DocumentApprovals/${approval.id}`)).actions).toEqual(['Delete']);
    expectError(await api('kio').send('GET', `/DocumentApprovals/${approval.id}`), 404, 'not_found', 'id');
    expectError(await api('outsider').send('GET', `/DocumentApprovals/${approval.id}`), 404, 'not_found', 'id');
    expectError(
      await api('outsider').send('GET', `/DocumentApprovals?researchId=${world.research.id}`),
      403,
      'no_research_access',
      'researchId',
    );
    expectError(
      await api('kio').send('GET', `/DocumentApprovalNotes?documentApprovalId=${approval.id}`),
      404,
      'not_found',
      'documentApprovalId',
    );
    expectError(await api('admin').send('GET', '/DocumentApprovals?approvalStatus=Maybe'), 400, 'validation', 'approvalStatus');
    // Personal: the Pending ones waiting for the caller.
    const personal = await api('qa').send('GET', '/DocumentApprovals/Personal');
    expect(personal.status).toBe(200);
    expect(personal.body.data.map((a: { id: string }) => a.id)).toContain(approval.id);
    expect((await api('kio').ok('GET', '/DocumentApprovals/Personal')).map((a: { id: string }) => a.id)).not.toContain(
      approval.id,
    );
  });
});

describe('document approvals: the state machine', () => {
  it('approve: a listed approver, once, while Pending; the audit records it', async () => {
    const { approval } = await send();
    const url = `/DocumentApprovals/${approval.id}/Approve`;
    expectError(await api('kio').send('PUT', url), 404, 'not_found', 'id');
    expectError(await api('manager').send('PUT', url), 403, 'approval_not_approver', 'id');
    const approved = await api('sitePi').ok('PUT', url);
    expect(approved).toMatchObject({ approvalStatus: 'Approved', resultApproverId: site(), actions: [] });
    expect(approved.resultApprover).toMatchObject({ id: site(), organisationType: 'Site' });
    expect(approved.resultDate).toEqual(expect.any(String));
    const twice = expectError(await api('qa').send('PUT', url), 409, 'approval_not_pending', 'id');
    expect(twice.message).toBe('Согласование уже завершено: документ согласован');
    expectError(
      await api('qa').send('PUT', `/DocumentApprovals/${approval.id}/Reject`, { message: 'нет' }),
      409,
      'approval_not_pending',
      'id',
    );
    expectError(
      await api('qa').send('POST', '/DocumentApprovalNotes', { documentApprovalId: approval.id, message: 'поздно' }),
      409,
      'approval_not_pending',
      'documentApprovalId',
    );
    const trail = await auditOf(db(), approval.id, 'document_approval.approve');
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ userId: callers.sitePi.userId, before: { status: 'Pending' } });
    expect(trail[0]!.after).toMatchObject({ status: 'Approved', resultApproverId: site() });
    // No longer waiting in the profile.
    expect(
      (await api('sitePi').ok('GET', '/DocumentApprovals/Personal?pageSize=100')).map((a: { id: string }) => a.id),
    ).not.toContain(approval.id);
  });

  it('a blocked approver is no longer an approver', async () => {
    const { approval } = await send('manager', [world.cast.TestSite.employeeId]);
    await db().update(employees).set({ hasAccess: false }).where(eq(employees.id, world.cast.TestSite.employeeId));
    try {
      expectError(await api('testSitePi').send('PUT', `/DocumentApprovals/${approval.id}/Approve`), 404, 'not_found', 'id');
    } finally {
      await db().update(employees).set({ hasAccess: true }).where(eq(employees.id, world.cast.TestSite.employeeId));
    }
  });

  it('reject: with a note (required), kept in the notes; notes only by approvers while Pending', async () => {
    const { approval } = await send();
    const reject = `/DocumentApprovals/${approval.id}/Reject`;
    expectError(await api('qa').send('PUT', reject, {}), 400, 'required', 'message');
    expect((await api('qa').send('PUT', reject, { message: '   ' })).body.errors[0]).toMatchObject({ path: 'message' });
    // Notes while Pending: approvers only.
    const notes = '/DocumentApprovalNotes';
    expectError(
      await api('manager').send('POST', notes, { documentApprovalId: approval.id, message: 'x' }),
      403,
      'approval_not_approver',
      'documentApprovalId',
    );
    expectError(
      await api('kio').send('POST', notes, { documentApprovalId: approval.id, message: 'x' }),
      404,
      'not_found',
      'documentApprovalId',
    );
    expectError(await api('qa').send('POST', notes, { documentApprovalId: approval.id }), 400, 'required', 'message');
    const note = await api('qa').ok('POST', notes, { documentApprovalId: approval.id, message: 'Проверьте раздел 2' });
    expect(note).toMatchObject({
      documentApprovalId: approval.id,
      message: 'Проверьте раздел 2',
      createdBy: { id: callers.qa.userId },
    });
    const [noteAudit] = await auditOf(db(), note.id, 'document_approval_note.add');
    expect(noteAudit!.after).toMatchObject({ documentApprovalId: approval.id, message: 'Проверьте раздел 2' });

    const rejected = await api('qa').ok('PUT', reject, { message: 'Неверная версия' });
    expect(rejected).toMatchObject({ approvalStatus: 'Rejected', resultApproverId: qaEmployee(), notesCount: 2, actions: [] });
    const list = await api('manager').ok('GET', `${notes}?documentApprovalId=${approval.id}`);
    expect(list.map((x: { message: string }) => x.message)).toEqual(['Проверьте раздел 2', 'Неверная версия']);
    expectError(
      await api('sitePi').send('POST', notes, { documentApprovalId: approval.id, message: 'x' }),
      409,
      'approval_not_pending',
      'documentApprovalId',
    );
    const [audit] = await auditOf(db(), approval.id, 'document_approval.reject');
    expect(audit!.after).toMatchObject({ status: 'Rejected', message: 'Неверная версия', resultApproverId: qaEmployee() });
    expect((await api('admin').ok('GET', `/DocumentApprovals/${approval.id}`)).actions).toEqual(['Resend', 'Delete']);
  });

  it('resend: administrators only, only a Rejected approval of the same document, once', async () => {
    const { doc, approval } = await send();
    const v = await version();
    const resend = (who: CallerName, body: object = {}) =>
      api(who).send('POST', '/DocumentApprovals', {
        documentId: doc.id,
        researchVersionId: v,
        approverIdList: [site()],
        lastDocumentApprovalId: approval.id,
        ...body,
      });
    expectError(await resend('manager'), 409, 'approval_resend_not_rejected', 'lastDocumentApprovalId');
    await api('sitePi').ok('PUT', `/DocumentApprovals/${approval.id}/Reject`, { message: 'Нет подписи' });
    expectError(await resend('sitePi'), 403, 'approval_not_admin', 'documentId');
    expectError(await resend('manager', { lastDocumentApprovalId: doc.id }), 404, 'not_found', 'lastDocumentApprovalId');
    const other = await made();
    expectError(await resend('manager', { documentId: other.id }), 400, 'approval_resend_other_document', 'documentId');
    const res = await resend('admin');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ approvalStatus: 'Pending', lastDocumentApprovalId: approval.id });
    expect((await api('admin').ok('GET', `/DocumentApprovals/${approval.id}`)).resent).toBe(true);
    expect((await api('admin').ok('GET', `/DocumentApprovals/${approval.id}`)).actions).toEqual(['Delete']);
    expectError(await resend('admin'), 409, 'approval_already_resent', 'lastDocumentApprovalId');
    const [audit] = await auditOf(db(), res.body.data.id, 'document_approval.resend');
    expect(audit!.after).toMatchObject({ lastDocumentApprovalId: approval.id, documentId: doc.id });
    // The resent approval runs its course.
    expect((await api('sitePi').ok('PUT', `/DocumentApprovals/${res.body.data.id}/Approve`)).approvalStatus).toBe('Approved');
  });

  it('delete: administrators only; the row stays with deleted_at and the audit record', async () => {
    const { doc, approval } = await send();
    expectError(await api('sitePi').send('DELETE', `/DocumentApprovals/${approval.id}`), 403, 'approval_not_admin', 'id');
    expectError(await api('kio').send('DELETE', `/DocumentApprovals/${approval.id}`), 404, 'not_found', 'id');
    const res = await api('manager').send('DELETE', `/DocumentApprovals/${approval.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Удалено');
    expectError(await api('manager').send('GET', `/DocumentApprovals/${approval.id}`), 404, 'not_found', 'id');
    expectError(await api('sitePi').send('PUT', `/DocumentApprovals/${approval.id}/Approve`), 404, 'not_found', 'id');
    const [row] = await db()
      .select()
      .from(documentApprovals)
      .where(and(eq(documentApprovals.id, approval.id)));
    expect(row!.deletedAt).not.toBeNull();
    const [audit] = await auditOf(db(), approval.id, 'document_approval.delete');
    expect(audit!.before).toMatchObject({
      documentId: doc.id,
      status: 'Pending',
      approverIdList: expect.arrayContaining([site(), qaEmployee()]),
    });
    // The document may be sent again once its Pending approval is gone.
    await api('manager').ok('POST', '/DocumentApprovals', {
      documentId: doc.id,
      researchVersionId: await version(),
      approverIdList: [site()],
    });
  });
});
