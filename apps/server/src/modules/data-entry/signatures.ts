import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { DEFAULT_SIGNATURE_MEANING, personFullName, type SignatureReply } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import { itemData, signatures, subjectFormFields, subjectForms, users } from '../../platform/db/schema/index.js';
import { writeAuditNow } from '../../platform/audit/audit.js';
import { canonicalJson } from '../../platform/audit/canonical-json.js';
import { verifyPassword } from '../../platform/crypto/passwords.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { badRequest } from '../../platform/http/errors.js';

/**
 * Electronic signatures (21 CFR Part 11; docs/data-entry.md, "Signatures"): the signer re-enters the
 * password (11.200), the record names the signer, the date and time and the meaning (11.50), and it
 * carries the SHA-256 of the signed content, so that a later change of the data shows (11.70).
 */

/** What a signature covers: a subject visit's current values, or every value of a subject. */
export type SignedContent = { subjectVisitId: string } | { subjectId: string };

/**
 * The SHA-256 (hex) of the canonical JSON of the current value of every field of the covered subject forms:
 * subject form field, form field, data, comment, clinical significance and file, sorted by field. A field
 * cleared counts with null values; a value saved again unchanged does not change the hash.
 */
export async function contentHash(db: Db, what: SignedContent): Promise<string> {
  const where: SQL =
    'subjectVisitId' in what ? eq(subjectForms.subjectVisitId, what.subjectVisitId) : eq(subjectForms.subjectId, what.subjectId);
  const rows = await db
    .selectDistinctOn([itemData.subjectFormFieldId], {
      field: itemData.subjectFormFieldId,
      formField: subjectFormFields.formFieldId,
      subjectForm: subjectFormFields.subjectFormId,
      data: itemData.data,
      comment: itemData.comment,
      clinicalSignificance: itemData.clinicalSignificance,
      documentId: itemData.documentId,
    })
    .from(itemData)
    .innerJoin(subjectFormFields, eq(subjectFormFields.id, itemData.subjectFormFieldId))
    .innerJoin(subjectForms, eq(subjectForms.id, subjectFormFields.subjectFormId))
    .where(and(where, isNull(subjectForms.deletedAt)))
    .orderBy(itemData.subjectFormFieldId, desc(itemData.seq));
  const content = {
    ...what,
    values: rows.map((r) => [r.field, r.formField, r.subjectForm, r.data, r.comment, r.clinicalSignificance, r.documentId]),
  };
  return createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');
}

/** Thrown by checkSignerPassword after the failure is audited. */
export class PasswordRefused extends Error {}

/**
 * Re-verifies the signer's password (the auth module's argon2id hashes). A wrong one is audited as a failed
 * signature in a transaction of its own and answers 400 `password_incorrect`: the session stays.
 */
export async function checkSignerPassword(
  db: Db,
  caller: ActorCaller,
  password: string,
  failure: {
    action: string;
    entityType: string;
    entityId: string;
    researchId: string;
    subjectId: string;
    after: Record<string, unknown>;
  },
): Promise<void> {
  const [user] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, caller.actor.userId));
  if (await verifyPassword(user?.hash ?? null, password)) return;
  await writeAuditNow(db, caller.audit, failure);
  throw badRequest('password_incorrect', 'password');
}

/** The signer's printed name: the user's full name (else the e-mail). */
export async function printedNameOf(db: Db, userId: string, email: string): Promise<string> {
  const [u] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, patronymic: users.patronymic })
    .from(users)
    .where(eq(users.id, userId));
  return (u && personFullName(u)) || email;
}

/** Inserts a signature row and gives it back. */
export async function insertSignature(
  tx: Db,
  caller: ActorCaller,
  s: {
    researchId: string;
    subjectId: string;
    subjectVisitId: string | null;
    signDate: string;
    meaning?: string;
    contentHash: string;
  },
) {
  const [row] = await tx
    .insert(signatures)
    .values({
      researchId: s.researchId,
      subjectId: s.subjectId,
      subjectVisitId: s.subjectVisitId,
      signerUserId: caller.actor.userId,
      signerEmployeeId: caller.actor.employee?.id ?? null,
      signerEmployeeType: caller.actor.employee?.employeeType ?? null,
      printedName: await printedNameOf(tx, caller.actor.userId, caller.actor.email),
      meaning: s.meaning?.trim() || DEFAULT_SIGNATURE_MEANING,
      signDate: s.signDate,
      contentHash: s.contentHash,
    })
    .returning();
  return row!;
}

export const auditedSignature = (r: typeof signatures.$inferSelect) => ({
  id: r.id,
  subjectId: r.subjectId,
  subjectVisitId: r.subjectVisitId,
  signerUserId: r.signerUserId,
  signerEmployeeType: r.signerEmployeeType,
  printedName: r.printedName,
  meaning: r.meaning,
  signDate: r.signDate,
  signedAt: r.signedAt,
  contentHash: r.contentHash,
});

/** The newest signature of a visit (or of a subject as a whole), with whether its content changed since. */
export async function latestSignature(db: Db, what: SignedContent): Promise<SignatureReply | null> {
  const where =
    'subjectVisitId' in what
      ? eq(signatures.subjectVisitId, what.subjectVisitId)
      : and(eq(signatures.subjectId, what.subjectId), isNull(signatures.subjectVisitId));
  const [row] = await db.select().from(signatures).where(where).orderBy(desc(signatures.signedAt)).limit(1);
  if (!row) return null;
  const now = await contentHash(db, what);
  return {
    id: row.id,
    printedName: row.printedName,
    employeeType: row.signerEmployeeType,
    meaning: row.meaning,
    signDate: row.signDate,
    signedAt: row.signedAt.toISOString(),
    contentHash: row.contentHash,
    changedSinceSigning: now !== row.contentHash,
  };
}
