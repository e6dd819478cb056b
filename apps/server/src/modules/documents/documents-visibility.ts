import type { ActorCaller } from '../../platform/http/caller.js';
import { canInResearch } from '../../platform/http/research-scope.js';
import type { DocumentRow } from './generated/generated-documents.js';

/**
 * Who sees a generated document in the documents lists (spec design-and-admin section 6; docs/documents.md
 * "Documents screens"): the documents administrators of its research see every one, its author their own, other
 * employees of the research the common ones (`forAll`) that are not a subject's.
 */

/** Who manages the document: an administrator of documents in its research, and whether the caller made it. */
export function rolesOf(caller: ActorCaller, doc: DocumentRow) {
  return {
    admin: canInResearch(caller.actor, 'documents_settings', doc.researchId),
    author: doc.createdBy !== null && doc.createdBy === caller.actor.userId,
  };
}

/** Whether the caller sees the document in a list at all (else 404). */
export function seesListed(caller: ActorCaller, doc: DocumentRow): boolean {
  const { admin, author } = rolesOf(caller, doc);
  return admin || author || (doc.forAll && !doc.subjectId && caller.actor.employee?.researchId === doc.researchId);
}
