import { eq } from 'drizzle-orm';
import type { DocumentConfidentialReply } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import { sessions } from '../../platform/db/schema/index.js';
import { encryptForSession, sessionPublicKey } from '../../platform/crypto/confidential.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { documentBytes } from './documents.repo.js';
import { visibleDocument } from './documents.service.js';

/**
 * GET /Documents/{id}/Confidential (docs/documents.md "Confidential download"): a PDF for the PDF viewer, encrypted
 * for the calling session only. Its readers are those of GET /Documents/{id}: the readers of the file and whoever
 * sees the document in a documents list — the latter preview what they may not download (design-and-admin
 * section 6). Order: 404 not seen or no file (Started, Error, Deleted) → 409 not a PDF → 409 no session key.
 */
export async function confidentialDocument(deps: Deps, id: string, caller: ActorCaller): Promise<DocumentConfidentialReply> {
  const doc = await visibleDocument(deps, id, caller);
  if (doc.status !== 'Done') throw notFound('id');
  // The viewer shows PDFs; anything else stays with the readers of its file (GET /Documents/{id}/File).
  if (doc.extension.toLowerCase() !== 'pdf' || doc.contentType !== 'application/pdf')
    throw new AppError(409, 'document_not_pdf', {}, 'id');
  const [session] = await deps.db
    .select({ publicKey: sessions.publicKey })
    .from(sessions)
    .where(eq(sessions.id, caller.actor.sessionId));
  const publicKey = sessionPublicKey(session?.publicKey);
  if (!publicKey) throw new AppError(409, 'session_key_missing', {}, 'publicKey');
  const bytes = await documentBytes(deps.db, id);
  if (!bytes) throw notFound('id');
  return { ...encryptForSession(publicKey, bytes), name: doc.name, extension: doc.extension, contentType: doc.contentType };
}
