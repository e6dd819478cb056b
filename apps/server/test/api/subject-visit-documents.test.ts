import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { ERROR_MESSAGES, errorMessage, MAX_DOCUMENT_BYTES, MAX_DOCUMENT_MB } from '@edc/domain';
import { call, expectError } from '../support/test-app.js';
import { auditOf, matrix } from '../support/cast.js';
import { documentFiles, documents, subjectVisitDocuments } from '../../src/platform/db/schema/index.js';
import { makeSubject, makeSubjectVisit, setupSubjectApp } from '../support/subject-factories.js';
import { contentDisposition } from '../../src/modules/documents/documents.routes.js';

const { t, w, db, as } = setupSubjectApp();
const UNKNOWN = '01900000-0000-7000-8000-000000000000';

/** A small valid PDF; `tag` makes its bytes unique. */
const pdf = (tag = randomUUID()) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${tag}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

interface FilePart {
  field?: string;
  fileName: string;
  bytes: Buffer;
  contentType?: string;
}

/** A multipart/form-data body with text fields and files. */
function multipartBody(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----edc${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'uploadedFile'}"; filename="${f.fileName}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/pdf'}\r\n\r\n`,
        'utf8',
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function send(
  method: 'POST',
  url: string,
  token: string,
  fields: Record<string, string>,
  files: FilePart[],
  lang?: 'ru' | 'en',
) {
  const body = multipartBody(fields, files);
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': body.contentType,
      ...(lang ? { 'accept-language': lang } : {}),
    },
    payload: body.payload,
  });
  let parsed: any = null;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    parsed = res.body;
  }
  return { status: res.statusCode, body: parsed, res };
}

const upload = (token: string, subjectVisitId: string, name = 'Consent', bytes = pdf(), fileName = `${name}.pdf`) =>
  send('POST', '/SubjectVisitDocuments/UploadFile', token, { name, subjectVisitId }, [{ fileName, bytes }]);
const newVersion = (token: string, id: string, bytes = pdf(), fields: Record<string, string> = {}) =>
  send('POST', `/SubjectVisitDocuments/UploadNewVersion/${id}`, token, fields, [{ fileName: 'v.pdf', bytes }]);
const list = (token: string, subjectVisitId: string) =>
  call(t.app, 'GET', `/SubjectVisitDocuments?subjectVisitId=${subjectVisitId}`, { token });
const remove = (token: string, id: string) => call(t.app, 'DELETE', `/SubjectVisitDocuments/${id}`, { token });
const download = (token: string, documentId: string) =>
  t.app.inject({ method: 'GET', url: `/api/Documents/${documentId}/File`, headers: { authorization: `Bearer ${token}` } });

/** A subject of the first site with one visit; options sign the subject or the visit. */
async function visitOf(opts: { signedVisit?: boolean; signedSubject?: boolean; centreId?: string } = {}) {
  const subject = await makeSubject(db(), {
    researchId: w.researchId,
    centreId: opts.centreId ?? w.site.id,
    status: 'Screened',
    isSigned: opts.signedSubject,
  });
  const sv = await makeSubjectVisit(db(), {
    subjectId: subject.id,
    visitId: w.schedule.screening.id,
    signDate: opts.signedVisit ? '2024-01-10' : undefined,
  });
  return { subject, sv };
}

async function uploaded(subjectVisitId: string, name = 'Consent', bytes = pdf()) {
  const res = await upload(as('sitePi'), subjectVisitId, name, bytes);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const documentCount = async () => {
  const [d] = await db().select({ n: count() }).from(documents);
  const [f] = await db().select({ n: count() }).from(documentFiles);
  const [s] = await db().select({ n: count() }).from(subjectVisitDocuments);
  return [Number(d!.n), Number(f!.n), Number(s!.n)];
};

describe('upload, list, download', () => {
  it('round trip: the bytes come back equal, with the name in Content-Disposition (RFC 5987)', async () => {
    const { sv } = await visitOf();
    const bytes = pdf();
    const res = await upload(as('sitePi'), sv.id, 'Информированное согласие', bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Сохранено');
    const doc = res.body.data;
    expect(doc).toMatchObject({
      subjectVisitId: sv.id,
      version: 1,
      lineageId: doc.id,
      versionList: [],
      createdBy: { id: w.callers.sitePi.userId },
      document: {
        name: 'Информированное согласие',
        extension: 'pdf',
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        status: 'Done',
        type: 'Uploaded',
        documentLink: `/api/Documents/${doc.document.id}/File`,
      },
    });
    expect(doc.createdBy.name).not.toBe('');

    const listed = await list(as('sitePi'), sv.id);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([doc]);

    const file = await download(as('sitePi'), doc.document.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="_______________ ________.pdf"; filename*=UTF-8''${encodeURIComponent('Информированное согласие.pdf')}`,
    );
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(Buffer.compare(file.rawPayload, bytes)).toBe(0);
  });

  it('lists the latest version of each document, the most recently uploaded first', async () => {
    const { sv } = await visitOf();
    const a = await uploaded(sv.id, 'A');
    const b = await uploaded(sv.id, 'B');
    expect((await list(as('sitePi'), sv.id)).body.data.map((d: any) => d.document.name)).toEqual(['B', 'A']);
    const a2 = await newVersion(as('sitePi'), a.id);
    expect(a2.status).toBe(200);
    const names = (await list(as('sitePi'), sv.id)).body.data.map((d: any) => [d.document.name, d.version]);
    expect(names).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    expect(b.version).toBe(1);
  });

  it('quotes and backslashes never reach the plain filename', () => {
    expect(contentDisposition('a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);
    expect(contentDisposition("it's (1).pdf")).toBe(`attachment; filename="it's (1).pdf"; filename*=UTF-8''it%27s%20%281%29.pdf`);
  });

  it('unknown visit and unknown document: 404 naming the field', async () => {
    expectError(await list(as('sitePi'), UNKNOWN), 404, 'not_found', 'subjectVisitId');
    expectError(await upload(as('sitePi'), UNKNOWN), 404, 'not_found', 'subjectVisitId');
    expectError(await newVersion(as('sitePi'), UNKNOWN), 404, 'not_found', 'id');
    expectError(await remove(as('sitePi'), UNKNOWN), 404, 'not_found', 'id');
    expect((await download(as('sitePi'), UNKNOWN)).statusCode).toBe(404);
  });
});

describe('versions', () => {
  it('a new version counts up, keeps the lineage and the name, lists the earlier ones', async () => {
    const { sv } = await visitOf();
    const v1Bytes = pdf();
    const v1 = await uploaded(sv.id, 'Protocol', v1Bytes);
    const v2Bytes = pdf();
    const res = await newVersion(as('sitePi'), v1.id, v2Bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const v2 = res.body.data;
    expect(v2).toMatchObject({ version: 2, lineageId: v1.id, document: { name: 'Protocol' } });
    expect(v2.id).not.toBe(v1.id);
    expect(v2.versionList.map((v: any) => [v.id, v.version])).toEqual([[v1.id, 1]]);

    // Naming an earlier version still adds to the end of the lineage; a new name is taken.
    const v3 = (await newVersion(as('sitePi'), v1.id, pdf(), { name: 'Protocol v3' })).body.data;
    expect(v3).toMatchObject({ version: 3, lineageId: v1.id, document: { name: 'Protocol v3' } });
    expect(v3.versionList.map((v: any) => v.version)).toEqual([2, 1]);
    // An empty name keeps the current one.
    const v4 = (await newVersion(as('sitePi'), v3.id, pdf(), { name: '  ' })).body.data;
    expect(v4).toMatchObject({ version: 4, document: { name: 'Protocol v3' } });

    const listed = (await list(as('sitePi'), sv.id)).body.data;
    expect(listed).toHaveLength(1);
    expect(listed[0].id).toBe(v4.id);

    // Every version stays downloadable.
    expect(Buffer.compare((await download(as('sitePi'), v1.document.id)).rawPayload, v1Bytes)).toBe(0);
    expect(Buffer.compare((await download(as('sitePi'), v2.document.id)).rawPayload, v2Bytes)).toBe(0);
  });
});

describe('delete', () => {
  it('soft deletes the whole lineage: gone from the list, its files 404, rows kept', async () => {
    const { sv } = await visitOf();
    const v1 = await uploaded(sv.id, 'Old');
    const v2 = (await newVersion(as('sitePi'), v1.id)).body.data;
    const res = await remove(as('sitePi'), v2.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Удалено');
    expect((await list(as('sitePi'), sv.id)).body.data).toEqual([]);
    expect((await download(as('sitePi'), v1.document.id)).statusCode).toBe(404);
    expect((await download(as('sitePi'), v2.document.id)).statusCode).toBe(404);
    expectError(await remove(as('sitePi'), v1.id), 404, 'not_found', 'id');
    expectError(await newVersion(as('sitePi'), v1.id), 404, 'not_found', 'id');
    const rows = await db().select().from(documents).where(eq(documents.id, v1.document.id));
    expect(rows[0]).toMatchObject({ status: 'Deleted' });
    expect(rows[0]!.deletedAt).not.toBeNull();
  });
});

describe('refused input: 400 (413) naming the field, nothing written', () => {
  it('not a PDF by extension or by content', async () => {
    const { sv } = await visitOf();
    const before = await documentCount();
    const ext = await upload(as('sitePi'), sv.id, 'Notes', pdf(), 'notes.txt');
    const e1 = expectError(ext, 400, 'file_not_pdf', 'uploadedFile');
    expect(e1.message).toBe(errorMessage('file_not_pdf', 'ru', { field: 'uploadedFile' }));
    const magic = await upload(as('sitePi'), sv.id, 'Fake', Buffer.from('<html>not a pdf</html>'), 'fake.pdf');
    expectError(magic, 400, 'file_not_pdf', 'uploadedFile');
    const en = await send('POST', '/SubjectVisitDocuments/UploadFile', w.english.token, { name: 'x', subjectVisitId: sv.id }, [
      { fileName: 'x.doc', bytes: pdf() },
    ]);
    expect(expectError(en, 400, 'file_not_pdf', 'uploadedFile').message).toBe(
      errorMessage('file_not_pdf', 'en', { field: 'uploadedFile' }),
    );
    const v1 = await uploaded(sv.id);
    const after1 = await documentCount();
    expectError(
      await send('POST', `/SubjectVisitDocuments/UploadNewVersion/${v1.id}`, as('sitePi'), {}, [
        { fileName: 'v.pdf', bytes: Buffer.from('GIF89a') },
      ]),
      400,
      'file_not_pdf',
      'uploadedFile',
    );
    expect(await documentCount()).toEqual(after1);
    expect(after1).toEqual(before.map((n) => n + 1));
  });

  // Storing exactly 20 MB works too but takes seconds on PGlite; the limit itself is the plugin's byte count.
  it('larger than 20 MB: 413', async () => {
    const { sv } = await visitOf();
    const before = await documentCount();
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20);
    pdf().copy(big);
    const res = await upload(as('sitePi'), sv.id, 'Big', big);
    const e = expectError(res, 413, 'file_too_large', 'uploadedFile');
    expect(e.message).toBe(errorMessage('file_too_large', 'ru', { field: 'uploadedFile', max: MAX_DOCUMENT_MB }));
    expect(await documentCount()).toEqual(before);
  });

  it('missing or wrong fields are named', async () => {
    const { sv } = await visitOf();
    const before = await documentCount();
    const up = (fields: Record<string, string>, files: FilePart[]) =>
      send('POST', '/SubjectVisitDocuments/UploadFile', as('sitePi'), fields, files);
    const file = [{ fileName: 'a.pdf', bytes: pdf() }];
    const noFile = expectError(await up({ name: 'a', subjectVisitId: sv.id }, []), 400, 'required', 'uploadedFile');
    expect(noFile.message).toBe('Заполните поле «uploadedFile»');
    // A browser sends an empty file part when nothing was chosen.
    expectError(
      await up({ name: 'a', subjectVisitId: sv.id }, [{ fileName: '', bytes: Buffer.alloc(0) }]),
      400,
      'required',
      'uploadedFile',
    );
    expectError(
      await up({ name: 'a', subjectVisitId: sv.id }, [{ fileName: 'e.pdf', bytes: Buffer.alloc(0) }]),
      400,
      'file_empty',
      'uploadedFile',
    );
    const noName = expectError(
      await send('POST', '/SubjectVisitDocuments/UploadFile', w.english.token, { subjectVisitId: sv.id }, file),
      400,
      'required',
      'name',
    );
    expect(noName.message).toBe('Field “name” is required');
    expectError(await up({ name: '   ', subjectVisitId: sv.id }, file), 400, 'required', 'name');
    const long = expectError(await up({ name: 'x'.repeat(201), subjectVisitId: sv.id }, file), 400, 'validation', 'name');
    expect(long.message).toMatch(/^Некорректное значение поля «name»: .*200/);
    expect(long.message).not.toMatch(/Too big/i);
    expectError(await up({ name: 'a' }, file), 400, 'required', 'subjectVisitId');
    expectError(await up({ name: 'a', subjectVisitId: 'nope' }, file), 400, 'validation', 'subjectVisitId');
    expectError(
      await up({ name: 'a', subjectVisitId: sv.id }, [...file, { field: 'other', fileName: 'b.pdf', bytes: pdf() }]),
      400,
      'file_extra',
    );
    const json = await call(t.app, 'POST', '/SubjectVisitDocuments/UploadFile', {
      token: as('sitePi'),
      body: { name: 'a', subjectVisitId: sv.id },
    });
    expect(expectError(json, 400, 'multipart_required', 'uploadedFile').message).toBe(ERROR_MESSAGES.multipart_required.ru);
    expectError(
      await send('POST', `/SubjectVisitDocuments/UploadNewVersion/not-an-id`, as('sitePi'), {}, file),
      400,
      'validation',
      'id',
    );
    expect(await documentCount()).toEqual(before);
  });
});

describe('who may read and write', () => {
  let sv: { id: string };
  let doc: any;
  beforeAll(async () => {
    sv = (await visitOf()).sv;
    doc = await uploaded(sv.id, 'Shared');
  });

  it.each(matrix({ sitePi: 200, admin: 200, editor: 200, manager: 200, qa: 200, kio: 200, testSitePi: 404 }, 403))(
    'reads: %s (%s) → %i',
    async (_label, caller, status) => {
      const res = await list(as(caller), sv.id);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      const file = await download(as(caller), doc.document.id);
      expect(file.statusCode).toBe(status);
    },
  );

  it.each(matrix({ sitePi: 200, testSitePi: 404 }, 403))(
    'uploads, versions, deletes: %s (%s) → %i',
    async (_label, caller, status) => {
      const mine = await uploaded(sv.id, `For ${caller}`);
      expect((await upload(as(caller), sv.id)).status).toBe(status);
      expect((await newVersion(as(caller), mine.id)).status).toBe(status);
      expect((await remove(as(caller), mine.id)).status).toBe(status);
    },
  );

  it('a site user of another centre gets 404 on everything', async () => {
    const other = w.site2.token;
    expectError(await list(other, sv.id), 404, 'not_found', 'subjectVisitId');
    expectError(await upload(other, sv.id), 404, 'not_found', 'subjectVisitId');
    expectError(await newVersion(other, doc.id), 404, 'not_found', 'id');
    expectError(await remove(other, doc.id), 404, 'not_found', 'id');
    expect((await download(other, doc.document.id)).statusCode).toBe(404);
  });

  it('qa and kio read but get 403 on writes', async () => {
    for (const c of ['qa', 'kio'] as const) {
      expect((await list(as(c), sv.id)).body.data.map((d: any) => d.id)).toContain(doc.id);
      expectError(await upload(as(c), sv.id), 403, 'forbidden');
      expectError(await newVersion(as(c), doc.id), 403, 'forbidden');
      expectError(await remove(as(c), doc.id), 403, 'forbidden');
    }
  });

  it('without a session: 401', async () => {
    expect((await call(t.app, 'GET', `/SubjectVisitDocuments?subjectVisitId=${sv.id}`)).status).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/api/Documents/${doc.document.id}/File` })).statusCode).toBe(401);
  });
});

describe('signed visits and subjects are locked', () => {
  it('a signed visit refuses uploads, versions and deletes (409); its documents stay readable', async () => {
    const { sv } = await visitOf();
    const doc = await uploaded(sv.id);
    const { subjectVisits } = await import('../../src/platform/db/schema/index.js');
    await db().update(subjectVisits).set({ signDate: '2024-01-10' }).where(eq(subjectVisits.id, sv.id));
    const e = expectError(await upload(as('sitePi'), sv.id), 409, 'visit_documents_locked');
    expect(e.message).toBe(ERROR_MESSAGES.visit_documents_locked.ru);
    expectError(await newVersion(as('sitePi'), doc.id), 409, 'visit_documents_locked');
    expectError(await remove(as('sitePi'), doc.id), 409, 'visit_documents_locked');
    expect((await list(as('sitePi'), sv.id)).body.data).toHaveLength(1);
    expect((await download(as('sitePi'), doc.document.id)).statusCode).toBe(200);
  });

  it('a signed subject refuses uploads (409 subject_signed)', async () => {
    const { sv } = await visitOf({ signedSubject: true });
    expectError(await upload(as('sitePi'), sv.id), 409, 'subject_signed');
    expect((await list(as('sitePi'), sv.id)).status).toBe(200);
  });
});

describe('audit trail', () => {
  it('upload, new version and delete each write a record in the same transaction', async () => {
    const { sv, subject } = await visitOf();
    const bytes = pdf();
    const v1 = await uploaded(sv.id, 'Audited', bytes);
    const v2 = (await newVersion(as('sitePi'), v1.id)).body.data;
    await remove(as('sitePi'), v2.id);
    const [up] = await auditOf(db(), v1.id, 'subject_visit_document.upload');
    expect(up).toMatchObject({
      entityType: 'subject_visit_document',
      researchId: subject.researchId,
      userId: w.callers.sitePi.userId,
      after: { id: v1.id, subjectVisitId: sv.id, lineageId: v1.id, version: 1, name: 'Audited', sizeBytes: bytes.length },
    });
    expect((up!.after as any).sha256).toMatch(/^[0-9a-f]{64}$/);
    const [nv] = await auditOf(db(), v2.id, 'subject_visit_document.new_version');
    expect(nv).toMatchObject({ after: { version: 2, lineageId: v1.id } });
    const [del] = await auditOf(db(), v1.id, 'subject_visit_document.delete');
    expect((del!.before as any[]).map((r) => r.version)).toEqual([2, 1]);
  });

  it('a refused upload leaves no audit record', async () => {
    const { sv } = await visitOf({ signedVisit: true });
    const before = await documentCount();
    expect((await upload(as('sitePi'), sv.id)).status).toBe(409);
    expect(await documentCount()).toEqual(before);
  });
});

describe('OpenAPI', () => {
  it('documents the calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = JSON.parse(res.body);
    for (const p of [
      '/api/SubjectVisitDocuments',
      '/api/SubjectVisitDocuments/UploadFile',
      '/api/SubjectVisitDocuments/UploadNewVersion/{id}',
      '/api/SubjectVisitDocuments/{id}',
      '/api/Documents/{id}/File',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
