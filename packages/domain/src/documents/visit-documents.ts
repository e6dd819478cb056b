import type { OrganisationType } from '../enums.js';
import type { SubjectStatus } from '../subjects/subject-status.js';

/** Why a subject visit's documents cannot change; each is an error code of messages.ts. */
export type VisitDocumentsRuleCode = 'forbidden' | 'subject_deleted' | 'subject_signed' | 'visit_documents_locked';

/**
 * Who may upload, add a version to or delete a subject visit's documents (docs/documents.md): a site or
 * test-site user (the server also requires the subject's own centre), while the subject is live and not
 * signed, and the visit is not signed — a signature covers the visit as it was signed. A subject linked to
 * the external trial system keeps its documents here, so the link does not lock them.
 */
export function canChangeVisitDocuments(
  subject: { status: SubjectStatus; isSigned: boolean },
  actor: { organisationType: OrganisationType | null },
  subjectVisit: { signDate: string | null },
): VisitDocumentsRuleCode | null {
  if (actor.organisationType !== 'Site' && actor.organisationType !== 'TestSite') return 'forbidden';
  if (subject.status === 'Deleted') return 'subject_deleted';
  if (subject.isSigned) return 'subject_signed';
  if (subjectVisit.signDate) return 'visit_documents_locked';
  return null;
}

/** Whether the bytes start with the PDF signature `%PDF-`. */
export function hasPdfMagic(bytes: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** The lower-case extension of a file name without the dot ('' when none). */
export function fileExtension(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A file name without its directory and extension: the default document name. */
export function fileBaseName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * Who has documents generated (spec operations section 6: the generate button for admin, or centres of type admin,
 * qa, site, testSite): a holder of documents_settings, or an employee of such a centre. The server checks it on
 * every generation; the web shows the generate controls by it.
 */
export function generatesDocuments(actor: { documentsAdmin: boolean; organisationType: string | null | undefined }): boolean {
  return actor.documentsAdmin || ['Admin', 'Qa', 'Site', 'TestSite'].includes(actor.organisationType ?? '');
}

/** Who has the research template made (design-and-admin section 6): documents administrators, admin and qa centres. */
export function makesTemplates(actor: { documentsAdmin: boolean; organisationType: string | null | undefined }): boolean {
  return actor.documentsAdmin || ['Admin', 'Qa'].includes(actor.organisationType ?? '');
}
