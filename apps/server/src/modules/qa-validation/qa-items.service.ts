import { and, eq } from 'drizzle-orm';
import { qaToggleRefusal, type QaFormReply, type QaVisitReply } from '@edc/domain';
import { writeAudit } from '../../platform/audit/audit.js';
import type { Db } from '../../platform/db/client.js';
import type { Deps } from '../../platform/deps.js';
import { qaForms, qaVisits, researchVersions } from '../../platform/db/schema/index.js';
import type { ActorCaller } from '../../platform/http/caller.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import type { ResearchVersionRow } from '../design/shared/versions.js';
import { findQaForm, findQaVisit, listQaForms, listQaVisits, openNotesOf, syncQaItems } from './qa-items.repo.js';
import { assertQa, assertReadQa, versionLabel, versionToRead } from './qa.policy.js';
import { auditQaWithdrawals } from './qa-withdrawals.js';

/** While QA reads a version its QA visits and forms follow the design, and withdrawals reach the audit trail. */
export async function settleVersion(tx: Db, version: ResearchVersionRow): Promise<void> {
  if (version.status === 'QaValidating') await syncQaItems(tx, version);
  await auditQaWithdrawals(tx, version.id);
}

async function versionById(db: Db, id: string): Promise<ResearchVersionRow> {
  const [row] = await db.select().from(researchVersions).where(eq(researchVersions.id, id)).limit(1);
  if (!row) throw notFound('researchVersionId');
  return row;
}

/** GET /QaVisits */
export async function getQaVisits(deps: Deps, c: ActorCaller, researchVersionId?: string): Promise<QaVisitReply[]> {
  const version = await versionToRead(deps.db, c.actor, researchVersionId);
  await deps.db.transaction((tx) => settleVersion(tx, version));
  return listQaVisits(deps.db, version.id);
}

/** GET /QaForms?qaVisitId= */
export async function getQaForms(deps: Deps, c: ActorCaller, qaVisitId: string): Promise<QaFormReply[]> {
  const qaVisit = await findQaVisit(deps.db, qaVisitId);
  if (!qaVisit) throw notFound('qaVisitId');
  assertReadQa(c.actor, qaVisit.researchId);
  const version = await versionById(deps.db, qaVisit.researchVersionId);
  await deps.db.transaction((tx) => settleVersion(tx, version));
  return listQaForms(deps.db, qaVisit.id);
}

/**
 * POST /QaVisits/{id}/ToggleValidate and /QaForms/{id}/ToggleValidate: QA validates an item whose notes are
 * all closed while the version is under validation, or cancels its validation; audited.
 */
export async function toggleValidate(deps: Deps, c: ActorCaller, kind: 'visit' | 'form', id: string) {
  const item = kind === 'visit' ? await findQaVisit(deps.db, id) : await findQaForm(deps.db, id);
  if (!item) throw notFound('id');
  assertQa(c.actor, item.researchId);
  const version = await versionById(deps.db, item.researchVersionId);
  const table = kind === 'visit' ? qaVisits : qaForms;
  await deps.db.transaction(async (tx) => {
    await settleVersion(tx, version);
    // Read again under a row lock: a note raised or a design change since then decides.
    const [current] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    const openNotes = await openNotesOf(tx, kind === 'visit' ? { qaVisitId: id } : { qaFormId: id });
    const refusal = qaToggleRefusal({
      validated: current!.validated,
      openNotes,
      versionValidating: version.status === 'QaValidating',
    });
    if (refusal) throw conflict(refusal, 'id', { count: openNotes, index: versionLabel(version) });
    const validated = !current!.validated;
    const [after] = await tx
      .update(table)
      .set({
        validated,
        validatedAt: validated ? new Date() : null,
        validatedBy: validated ? c.actor.userId : null,
        updatedAt: new Date(),
      })
      .where(and(eq(table.id, id), eq(table.validated, current!.validated)))
      .returning();
    await writeAudit(tx, c.audit, {
      action: `qa_${kind}.${validated ? 'validate' : 'cancel_validation'}`,
      entityType: `qa_${kind}`,
      entityId: id,
      researchId: item.researchId,
      before: { validated: current!.validated, validatedAt: current!.validatedAt, validatedBy: current!.validatedBy },
      after: { validated: after!.validated, validatedAt: after!.validatedAt, validatedBy: after!.validatedBy },
    });
  });
  const list =
    kind === 'visit'
      ? await listQaVisits(deps.db, version.id)
      : await listQaForms(deps.db, (item as { qaVisitId: string }).qaVisitId);
  const reply = list.find((x) => x.id === id);
  if (!reply) throw notFound('id');
  return reply;
}
