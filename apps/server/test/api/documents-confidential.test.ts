import { constants, createDecipheriv, createPrivateKey, generateKeyPairSync, privateDecrypt, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documentFiles, documents, sessions } from '../../src/platform/db/schema/index.js';
import { hashToken } from '../../src/platform/crypto/tokens.js';
import { matrix, setupCastApp, type CallerName } from '../support/cast.js';
import { PASSWORD } from '../support/factories.js';
import { call, callsAs, expectError } from '../support/test-app.js';

/**
 * GET /Documents/{id}/Confidential (docs/documents.md "Confidential download"): the reply decrypts with the calling
 * session's private key — and no other — to exactly the bytes of the file; it answers the readers of
 * GET /Documents/{id} (those who only preview a common document included); a session without a usable key, a
 * document that is not a PDF or has no file yet are refused with a 4xx naming what is wrong.
 */
const { t, callers, world, db, as } = setupCastApp();
const api = (c: CallerName) => callsAs(t.app, as(c));

/** A PDF-looking file large enough to span many AES blocks, with bytes of every value. */
const BYTES = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(70_001), Buffer.from('\n%%EOF\n')]);

let n = 0;
async function generated(author: CallerName, over: Partial<typeof documents.$inferInsert> = {}, bytes: Buffer | null = BYTES) {
  const [doc] = await db()
    .insert(documents)
    .values({
      researchId: world.research.id,
      name: `Отчёт ${++n}`,
      extension: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: bytes?.length ?? 0,
      status: 'Done',
      type: 'Tracker',
      createdBy: callers[author].userId,
      ...over,
    })
    .returning();
  if (bytes) await db().insert(documentFiles).values({ documentId: doc!.id, content: bytes });
  return doc!;
}

/** Decrypts a reply with a PKCS#8 private key as the browser does: RSA-OAEP SHA-256 for the key, AES-256-CBC for the file. */
function decrypt(reply: { file: string; iv: string; key: string }, privateKeyDer: Buffer): Buffer {
  const privateKey = createPrivateKey({ key: privateKeyDer, format: 'der', type: 'pkcs8' });
  const aesKey = privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(reply.key, 'base64'),
  );
  const decipher = createDecipheriv('aes-256-cbc', aesKey, Buffer.from(reply.iv, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(reply.file, 'base64')), decipher.final()]);
}

/** Gives the session of `token` a public key made here, and answers its private half (PKCS#8 DER). */
async function keyOfSession(token: string): Promise<Buffer> {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
  });
  await db()
    .update(sessions)
    .set({ publicKey: pair.publicKey.toString('base64') })
    .where(eq(sessions.tokenHash, hashToken(token)));
  return pair.privateKey;
}

const url = (id: string) => `/Documents/${id}/Confidential`;

describe('GET /Documents/{id}/Confidential', () => {
  it("decrypts with the session's private key to exactly the file's bytes; a fresh key and IV each time", async () => {
    const doc = await generated('sitePi');
    const privateKey = await keyOfSession(as('sitePi'));
    const first = await api('sitePi').ok('GET', url(doc.id));
    expect(first).toMatchObject({ name: doc.name, extension: 'pdf', contentType: 'application/pdf' });
    expect(Buffer.from(first.iv, 'base64')).toHaveLength(16);
    expect(Buffer.from(first.key, 'base64')).toHaveLength(256);
    // Not the plain bytes.
    expect(Buffer.from(first.file, 'base64').subarray(0, 5).toString()).not.toBe('%PDF-');
    expect(decrypt(first, privateKey).equals(BYTES)).toBe(true);

    const second = await api('sitePi').ok('GET', url(doc.id));
    expect(second.iv).not.toBe(first.iv);
    expect(second.key).not.toBe(first.key);
    expect(second.file).not.toBe(first.file);
    expect(decrypt(second, privateKey).equals(BYTES)).toBe(true);
  });

  it('uses the key of the calling session: the rsaKey of its sign-in opens it, that of another session does not', async () => {
    const doc = await generated('manager');
    const signIn = async () =>
      (await call(t.app, 'POST', '/Auth/SignIn', { body: { email: world.admin.email, password: PASSWORD } })).body.data;
    const a = await signIn();
    const b = await signIn();
    const reply = (await call(t.app, 'GET', url(doc.id), { token: a.accessToken })).body.data;
    expect(decrypt(reply, Buffer.from(a.rsaKey, 'base64')).equals(BYTES)).toBe(true);
    expect(() => decrypt(reply, Buffer.from(b.rsaKey, 'base64'))).toThrow();
    // And a key made here for another session of the same user does not open it either.
    const other = await keyOfSession(b.accessToken);
    expect(() => decrypt(reply, other)).toThrow();
  });

  it('without a usable key on the session: 409 session_key_missing naming publicKey, in the caller’s language', async () => {
    const doc = await generated('sitePi');
    const session = eq(sessions.tokenHash, hashToken(as('sitePi')));
    const [before] = await db().select({ publicKey: sessions.publicKey }).from(sessions).where(session);
    try {
      for (const publicKey of ['', 'bm90IGEga2V5']) {
        await db().update(sessions).set({ publicKey }).where(session);
        const en = await call(t.app, 'GET', url(doc.id), { token: as('sitePi'), lang: 'en' });
        expect(expectError(en, 409, 'session_key_missing', 'publicKey').message).toContain('publicKey');
      }
    } finally {
      await db().update(sessions).set({ publicKey: before!.publicKey }).where(session);
    }
    expect((await api('sitePi').send('GET', url(doc.id))).status).toBe(200);
  });

  // The documents are trackers: whoever is neither in a list nor a reader of trackers (an outsider too) gets 404.
  describe('a private document: its author and the documents administrators', () => {
    const doc = { id: '' };
    it.each(matrix({ admin: 200, editor: 200, manager: 200, sitePi: 200 }, 404))('%s → %i', async (_, c, status) => {
      doc.id ||= (await generated('sitePi')).id;
      expect((await api(c).send('GET', url(doc.id))).status).toBe(status);
    });
  });

  describe('a common document: every employee of the research previews it, though its file is not theirs', () => {
    const doc = { id: '' };
    it.each(matrix({ kio: 200, qa: 200, testSitePi: 200, admin: 200, editor: 200, manager: 200, sitePi: 200 }, 404))(
      '%s → %i',
      async (_, c, status) => {
        doc.id ||= (await generated('manager', { forAll: true })).id;
        expect((await api(c).send('GET', url(doc.id))).status).toBe(status);
        // The file itself stays with the readers of its type (here: none but by a list) — preview only.
        if (c === 'qa') expect((await api(c).send('GET', `/Documents/${doc.id}/File`)).status).toBe(404);
      },
    );
  });

  it('refuses what is not a previewable PDF: no file yet, deleted, another format; a bad id names the field', async () => {
    const started = await generated('sitePi', { status: 'Started' }, null);
    expectError(await api('sitePi').send('GET', url(started.id)), 404, 'not_found', 'id');
    const failed = await generated('sitePi', { status: 'Error' }, null);
    expectError(await api('sitePi').send('GET', url(failed.id)), 404, 'not_found', 'id');
    const deleted = await generated('sitePi', { status: 'Deleted', deletedAt: new Date() }, null);
    expectError(await api('sitePi').send('GET', url(deleted.id)), 404, 'not_found', 'id');
    const sheet = await generated('sitePi', {
      extension: 'xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    expectError(await api('sitePi').send('GET', url(sheet.id)), 409, 'document_not_pdf', 'id');
    expectError(await api('sitePi').send('GET', url('not-an-id')), 400, 'validation', 'id');
    expectError(await api('sitePi').send('GET', url('01900000-0000-7000-8000-000000000000')), 404, 'not_found', 'id');
    expect((await call(t.app, 'GET', url(sheet.id))).status).toBe(401);
  });
});
