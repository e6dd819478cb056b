import { and, count, desc, eq, isNotNull, isNull, lte, ne, not, type SQL } from 'drizzle-orm';
import { todayIn, type DocumentStatus, type DocumentStatusReply, type DocumentType } from '@edc/domain';
import type { Deps } from '../../../platform/deps.js';
import { documents } from '../../../platform/db/schema/index.js';
import type { ActorCaller } from '../../../platform/http/caller.js';
import { badRequest, forbidden } from '../../../platform/http/errors.js';
import { offsetOf, pageOf, searchAny, type PageQuery } from '../../../platform/http/paging.js';
import { canInResearch } from '../../../platform/http/research-scope.js';
import { documentAuthors, documentReplyOf } from './generated-documents.js';

export type DocumentsQuery = PageQuery & {
  researchId?: string;
  Status?: DocumentStatus;
  Type?: DocumentType;
  Expiring?: boolean;
  search?: string;
};

/** Due for deletion: the expiration date has come (UTC calendar) and the file is still there. */
export function expiringCondition(today = todayIn('UTC')): SQL {
  return and(isNotNull(documents.expirationDate), lte(documents.expirationDate, today), ne(documents.status, 'Deleted'))!;
}

/** The filters both lists share: research, no uploaded visit files, Status, Type, Expiring and the name search. */
function filtersOf(researchId: string, q: DocumentsQuery): SQL {
  const expiring = expiringCondition();
  return and(
    eq(documents.researchId, researchId),
    ne(documents.type, 'Uploaded'),
    q.Status ? eq(documents.status, q.Status) : undefined,
    q.Type ? eq(documents.type, q.Type) : undefined,
    q.Expiring === undefined ? undefined : q.Expiring ? expiring : not(expiring),
    // A trigram index (documents_name_trgm_idx) keeps it from reading every document of a large trial.
    searchAny(q.search, [documents.name]),
  )!;
}

/** One page of documents matching `where`, newest first, as replies in the caller's language. */
async function pageOfDocuments(deps: Deps, where: SQL, q: DocumentsQuery, caller: ActorCaller) {
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    deps.db.select({ n: count() }).from(documents).where(where),
  ]);
  // The page's authors in one statement, not one a row.
  const authors = await documentAuthors(
    deps.db,
    rows.map((r) => r.createdBy),
  );
  const data: DocumentStatusReply[] = rows.map((r) =>
    documentReplyOf(r, r.createdBy ? authors.get(r.createdBy) : undefined, caller.lang),
  );
  return pageOf(data, Number(total?.n ?? 0), q);
}

/** The research a list is about: `researchId` or the caller's current one (400 naming it when neither). */
function researchOf(q: DocumentsQuery, caller: ActorCaller): string {
  const researchId = q.researchId ?? caller.actor.employee?.researchId;
  if (!researchId) throw badRequest('research_required', 'researchId');
  return researchId;
}

/**
 * GET /Documents/Paged (docs/documents.md "Documents list"): the research's documents (the caller's current
 * research unless `researchId` names one), newest first, filtered by status, type and expiry. Holders of
 * documents_settings in the research see every one; other employees of the research see the common ones
 * (`forAll`) that are not a subject's (spec design-and-admin section 6). Uploaded visit files are not listed.
 * Deleted documents stay listed (status Deleted, no file): their record is kept.
 */
export async function listDocuments(deps: Deps, q: DocumentsQuery, caller: ActorCaller) {
  const researchId = researchOf(q, caller);
  const admin = canInResearch(caller.actor, 'documents_settings', researchId);
  if (!admin && caller.actor.employee?.researchId !== researchId) throw forbidden('no_research_access', 'researchId');
  const where = and(filtersOf(researchId, q), admin ? undefined : and(eq(documents.forAll, true), isNull(documents.subjectId)))!;
  return pageOfDocuments(deps, where, q, caller);
}

/**
 * GET /Documents/PersonalList (the profile, spec operations section 2): the documents the caller made in the
 * research (`researchId` or the current one), with the same filters; everyone sees their own.
 */
export async function personalDocuments(deps: Deps, q: DocumentsQuery, caller: ActorCaller) {
  const researchId = researchOf(q, caller);
  const where = and(filtersOf(researchId, q), eq(documents.createdBy, caller.actor.userId))!;
  return pageOfDocuments(deps, where, q, caller);
}
