import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  APPROVER_ORGANISATION_ORDER,
  personFullName,
  type DocumentApprovalReply,
  type DocumentApproverReply,
  type DocumentApprovalNoteReply,
  type EmployeeType,
  type OrganisationType,
} from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import {
  documentApprovalApprovers,
  documentApprovalNotes,
  documentApprovals,
  documents,
  employees,
  organisations,
  researchOrganisations,
  researchVersions,
  users,
} from '../../platform/db/schema/index.js';

export type ApprovalRow = typeof documentApprovals.$inferSelect;

const person = (id: string | null, email: string | null, first: string | null, last: string | null, patronymic: string | null) =>
  id ? { id, email: email ?? '', fullName: personFullName({ firstName: first ?? '', lastName: last ?? '', patronymic }) } : null;

/** The organisation types in the approvers' order (spec design-and-admin section 6), as a sort key. */
const typeRank = sql<number>`array_position(array[${sql.join(
  APPROVER_ORGANISATION_ORDER.map((t) => sql`${t}`),
  sql`, `,
)}]::text[], ${researchOrganisations.organisationType})`;

const approverColumns = {
  id: employees.id,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  patronymic: users.patronymic,
  employeeType: employees.employeeType,
  organisationType: researchOrganisations.organisationType,
  organisationName: organisations.shortName,
  number: researchOrganisations.number,
};
interface ApproverRow {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  patronymic: string | null;
  employeeType: string;
  organisationType: string;
  organisationName: string;
  number: string;
}

const approverOf = (r: ApproverRow): DocumentApproverReply => ({
  id: r.id,
  userId: r.userId,
  email: r.email,
  fullName: personFullName(r),
  employeeType: r.employeeType as EmployeeType,
  organisationType: r.organisationType as OrganisationType,
  organisationName: r.organisationName,
  researchOrganisationNumber: r.number,
});

function selectApprovers(db: Db) {
  return db
    .select(approverColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .innerJoin(organisations, eq(organisations.id, researchOrganisations.organisationId));
}

const approverOrder = [typeRank, researchOrganisations.number, users.lastName, users.firstName, employees.id];

/**
 * Who may be chosen as an approver in a research: its live employees with open access in its live centres,
 * ordered by the centre's type (admin, site, testSite, qa, kio), centre number and name.
 */
export async function approverCandidates(db: Db, researchId: string, ids?: string[]): Promise<DocumentApproverReply[]> {
  const rows = await selectApprovers(db)
    .where(
      and(
        eq(researchOrganisations.researchId, researchId),
        isNull(researchOrganisations.deletedAt),
        isNull(employees.deletedAt),
        eq(employees.hasAccess, true),
        ids ? inArray(employees.id, ids) : undefined,
      ),
    )
    .orderBy(...approverOrder)
    .limit(2000);
  return rows.map(approverOf);
}

/**
 * The caller's employees listed on the approval (live, with open access): whoever has one is an approver of it.
 */
export async function listedEmployees(db: Db, approvalId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: employees.id })
    .from(documentApprovalApprovers)
    .innerJoin(employees, eq(employees.id, documentApprovalApprovers.employeeId))
    .where(
      and(
        eq(documentApprovalApprovers.documentApprovalId, approvalId),
        eq(employees.userId, userId),
        isNull(employees.deletedAt),
        eq(employees.hasAccess, true),
      ),
    );
  return rows.map((r) => r.id);
}

/** The SQL condition "the user is a listed approver (live employee with open access) of the approval row". */
export function listedCondition(userId: string): SQL {
  return sql`exists (select 1 from ${documentApprovalApprovers} a join ${employees} e on e.id = a.employee_id
    where a.document_approval_id = ${documentApprovals.id} and e.user_id = ${userId}
    and e.deleted_at is null and e.has_access)`;
}

export interface ViewerFlags {
  admin: (researchId: string) => boolean;
  userId: string;
}

/** The replies of approval rows, in their order, with what the caller may do with each. */
export async function approvalReplies(db: Db, rows: ApprovalRow[], viewer: ViewerFlags): Promise<DocumentApprovalReply[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [docs, versions, approvers, notes, resent, creators] = await Promise.all([
    db
      .select({
        id: documents.id,
        name: documents.name,
        type: documents.type,
        status: documents.status,
        extension: documents.extension,
      })
      .from(documents)
      .where(
        inArray(
          documents.id,
          rows.map((r) => r.documentId),
        ),
      ),
    db
      .select({ id: researchVersions.id, major: researchVersions.majorIndex, minor: researchVersions.minorIndex })
      .from(researchVersions)
      .where(
        inArray(
          researchVersions.id,
          rows.map((r) => r.researchVersionId),
        ),
      ),
    db
      .select({ ...approverColumns, approvalId: documentApprovalApprovers.documentApprovalId })
      .from(documentApprovalApprovers)
      .innerJoin(employees, eq(employees.id, documentApprovalApprovers.employeeId))
      .innerJoin(users, eq(users.id, employees.userId))
      .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
      .innerJoin(organisations, eq(organisations.id, researchOrganisations.organisationId))
      .where(inArray(documentApprovalApprovers.documentApprovalId, ids))
      .orderBy(...approverOrder),
    db
      .select({ id: documentApprovalNotes.documentApprovalId, n: count() })
      .from(documentApprovalNotes)
      .where(inArray(documentApprovalNotes.documentApprovalId, ids))
      .groupBy(documentApprovalNotes.documentApprovalId),
    db
      .select({ id: documentApprovals.lastDocumentApprovalId })
      .from(documentApprovals)
      .where(and(inArray(documentApprovals.lastDocumentApprovalId, ids), isNull(documentApprovals.deletedAt))),
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        patronymic: users.patronymic,
      })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.createdBy).filter((x): x is string => x !== null),
        ),
      ),
  ]);
  const approverById = new Map<string, ApproverRow>(approvers.map((a) => [a.id, a]));
  const liveOfMine = new Set(
    (
      await db
        .select({ id: employees.id })
        .from(employees)
        .where(
          and(
            inArray(
              employees.id,
              approvers.map((a) => a.id),
            ),
            eq(employees.userId, viewer.userId),
            isNull(employees.deletedAt),
            eq(employees.hasAccess, true),
          ),
        )
    ).map((e) => e.id),
  );
  const docById = new Map(docs.map((d) => [d.id, d]));
  const versionById = new Map(versions.map((v) => [v.id, v]));
  const notesById = new Map(notes.map((n) => [n.id, Number(n.n)]));
  const resentIds = new Set(resent.map((r) => r.id));
  const creatorById = new Map(creators.map((c) => [c.id, c]));
  const resultIds = rows.map((r) => r.resultApproverId).filter((x): x is string => x !== null && !approverById.has(x));
  if (resultIds.length)
    for (const a of await selectApprovers(db).where(inArray(employees.id, resultIds))) approverById.set(a.id, a);

  return rows.map((r) => {
    const doc = docById.get(r.documentId)!;
    const version = versionById.get(r.researchVersionId)!;
    const mine = approvers.filter((a) => a.approvalId === r.id);
    const list = mine.map(approverOf);
    const listed = mine.some((a) => liveOfMine.has(a.id));
    const admin = viewer.admin(r.researchId);
    const pending = r.status === 'Pending';
    const wasResent = resentIds.has(r.id);
    const actions: DocumentApprovalReply['actions'] = [];
    if (listed && pending) actions.push('Approve', 'Reject', 'AddNote');
    if (admin && r.status === 'Rejected' && !wasResent) actions.push('Resend');
    if (admin) actions.push('Delete');
    const creator = r.createdBy ? creatorById.get(r.createdBy) : undefined;
    const result = r.resultApproverId ? approverById.get(r.resultApproverId) : undefined;
    return {
      id: r.id,
      researchId: r.researchId,
      document: {
        id: doc.id,
        name: doc.name,
        type: doc.type as DocumentApprovalReply['document']['type'],
        status: doc.status as DocumentApprovalReply['document']['status'],
        extension: doc.extension,
      },
      researchVersion: { id: version.id, index: `${version.major}.${version.minor}` },
      approverList: list,
      approvalStatus: r.status as DocumentApprovalReply['approvalStatus'],
      resultApproverId: r.resultApproverId,
      resultApprover: result ? approverOf(result) : null,
      resultDate: r.resultAt?.toISOString() ?? null,
      lastDocumentApprovalId: r.lastDocumentApprovalId,
      createdDate: r.createdAt.toISOString(),
      createdBy: creator ? person(creator.id, creator.email, creator.firstName, creator.lastName, creator.patronymic) : null,
      notesCount: notesById.get(r.id) ?? 0,
      resent: wasResent,
      actions,
    };
  });
}

/** The notes of an approval, oldest first. */
export async function approvalNotes(db: Db, approvalId: string): Promise<DocumentApprovalNoteReply[]> {
  const rows = await db
    .select({
      id: documentApprovalNotes.id,
      message: documentApprovalNotes.message,
      createdAt: documentApprovalNotes.createdAt,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      patronymic: users.patronymic,
    })
    .from(documentApprovalNotes)
    .leftJoin(users, eq(users.id, documentApprovalNotes.createdBy))
    .where(eq(documentApprovalNotes.documentApprovalId, approvalId))
    .orderBy(asc(documentApprovalNotes.createdAt), asc(documentApprovalNotes.id))
    .limit(1000);
  return rows.map((n) => ({
    id: n.id,
    documentApprovalId: approvalId,
    message: n.message,
    createdDate: n.createdAt.toISOString(),
    createdBy: person(n.userId, n.email, n.firstName, n.lastName, n.patronymic),
  }));
}
