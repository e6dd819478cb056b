import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  canChangeVersionStatusDirectly,
  checkNewVersion,
  checkVersionEdit,
  formatVersionIndex,
  nextVersionStatus,
  type design,
  type ResearchVersionStatus,
  type VersionAction,
  type VersionRuleError,
} from '@edc/domain';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { Db } from '../../../platform/db/client.js';
import type { Deps } from '../../../platform/deps.js';
import {
  employees,
  formResearchVersions,
  forms,
  researchOrganisations,
  researchVersions,
  visitResearchVersions,
  visits,
} from '../../../platform/db/schema/index.js';
import { AppError, badRequest, conflict, forbidden } from '../../../platform/http/errors.js';
import { assertFresh, assertPrintable } from '../shared/checks.js';
import type { DesignCaller } from '../shared/context.js';
import { researchIdOf, researchToChange } from '../shared/research.js';
import { versionsOf, type ResearchVersionRow } from '../shared/versions.js';
import { findVersion, versionDto, type ResearchVersionDto } from './research-versions.queries.js';
import { assertQaValidated } from '../../qa-validation/qa-gate.js';
import { syncQaItems } from '../../qa-validation/qa-items.repo.js';

type Create = z.infer<typeof design.researchVersionCreate>;
type Update = z.infer<typeof design.researchVersionUpdate>;

/** Versions of one research change one at a time (index rules compare against the others). */
const lockVersions = (tx: Db, researchId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`design-versions:${researchId}`}, 0))`);

function ruleError(e: VersionRuleError): AppError {
  const status = e.code === 'version_exists' ? 409 : 400;
  return new AppError(status, e.code, e.params, e.path);
}

/** The caller's current employee when it belongs to the research's admin organisation: the author. */
function authorOf(c: DesignCaller, researchId: string): string | null {
  const emp = c.actor.employee;
  return emp && emp.researchId === researchId && emp.organisationType === 'Admin' ? emp.id : null;
}

/**
 * Links every visit and form of the version the new one follows (or, for the first version, every visit
 * and form of the research) to the new version, so the design carries over; a form that must differ is
 * then split off with SplitVersion.
 */
async function carryDesignOver(tx: Db, researchId: string, previous: ResearchVersionRow | undefined, newId: string) {
  if (previous) {
    await tx.execute(
      sql`insert into ${visitResearchVersions} (visit_id, research_version_id)
          select vrv.visit_id, ${newId} from ${visitResearchVersions} vrv
          join ${visits} v on v.id = vrv.visit_id and v.deleted_at is null
          where vrv.research_version_id = ${previous.id}`,
    );
    await tx.execute(
      sql`insert into ${formResearchVersions} (form_id, research_version_id)
          select frv.form_id, ${newId} from ${formResearchVersions} frv
          join ${forms} f on f.id = frv.form_id and f.deleted_at is null
          where frv.research_version_id = ${previous.id}`,
    );
  } else {
    await tx.execute(
      sql`insert into ${visitResearchVersions} (visit_id, research_version_id)
          select id, ${newId} from ${visits} where research_id = ${researchId} and deleted_at is null`,
    );
    await tx.execute(
      sql`insert into ${formResearchVersions} (form_id, research_version_id)
          select id, ${newId} from ${forms} where research_id = ${researchId} and deleted_at is null`,
    );
  }
}

/**
 * Inserts a version after the index rules pass; with `carryOver` the previous version's visits and forms
 * join it, and so does the Study OID of the ODM file it came from (the MetaDataVersion OID is the previous
 * version's own). Used by POST /ResearchVersions and by the ODM import (which brings its own design and OIDs).
 */
export async function insertVersion(
  tx: Db,
  c: DesignCaller,
  researchId: string,
  input: {
    majorIndex: number;
    minorIndex: number;
    startedDate: string;
    description?: string | null;
    studyOid?: string | null;
    mdvOid?: string | null;
  },
  opts: { carryOver: boolean; action: string },
): Promise<ResearchVersionRow> {
  await lockVersions(tx, researchId);
  const existing = await versionsOf(tx, researchId);
  const problem = checkNewVersion(existing, input);
  if (problem) throw ruleError(problem);
  const [row] = await tx
    .insert(researchVersions)
    .values({
      researchId,
      majorIndex: input.majorIndex,
      minorIndex: input.minorIndex,
      startedDate: input.startedDate,
      description: input.description ?? null,
      createdBy: authorOf(c, researchId),
      status: 'Designed',
      studyOid: input.studyOid ?? (opts.carryOver ? (existing.at(-1)?.studyOid ?? null) : null),
      mdvOid: input.mdvOid ?? null,
    })
    .returning();
  if (opts.carryOver) await carryDesignOver(tx, researchId, existing.at(-1), row!.id);
  await writeAudit(tx, c.audit, {
    action: opts.action,
    entityType: 'research_version',
    entityId: row!.id,
    researchId,
    after: { ...row, index: formatVersionIndex(row!), carriedOverFrom: opts.carryOver ? (existing.at(-1)?.id ?? null) : null },
  });
  return row!;
}

/** POST /ResearchVersions */
export async function createVersion(deps: Deps, c: DesignCaller, input: Create): Promise<ResearchVersionDto> {
  const research = await researchToChange(deps.db, c.actor, researchIdOf(c.actor, input.researchId));
  assertPrintable(input, ['description']);
  const row = await deps.db.transaction((tx) =>
    insertVersion(tx, c, research.id, input, { carryOver: true, action: 'research_version.create' }),
  );
  return versionDto(deps.db, row);
}

/** PUT /ResearchVersions/{id}: only the last version may change its index or date. */
export async function updateVersion(deps: Deps, c: DesignCaller, id: string, input: Update): Promise<ResearchVersionDto> {
  const before = await findVersion(deps.db, id);
  await researchToChange(deps.db, c.actor, before.researchId);
  assertFresh(before.updatedAt, input.updatedAt);
  assertPrintable(input, ['description']);
  const row = await deps.db.transaction(async (tx) => {
    await lockVersions(tx, before.researchId);
    const existing = await versionsOf(tx, before.researchId);
    const problem = checkVersionEdit(existing, id, input);
    if (problem) throw ruleError(problem);
    const { updatedAt: _stamp, ...change } = input;
    const [row] = await tx
      .update(researchVersions)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(researchVersions.id, id))
      .returning();
    await writeAudit(tx, c.audit, {
      action: 'research_version.update',
      entityType: 'research_version',
      entityId: id,
      researchId: before.researchId,
      before,
      after: row,
    });
    return row!;
  });
  return versionDto(deps.db, row);
}

/** DELETE /ResearchVersions/{id}: only the last version, while Designed; its visits and forms stay. */
export async function deleteVersion(deps: Deps, c: DesignCaller, id: string): Promise<void> {
  const before = await findVersion(deps.db, id);
  await researchToChange(deps.db, c.actor, before.researchId);
  await deps.db.transaction(async (tx) => {
    await lockVersions(tx, before.researchId);
    const existing = await versionsOf(tx, before.researchId);
    if (existing.at(-1)?.id !== id || before.status !== 'Designed') throw conflict('version_delete_refused');
    await tx.update(researchVersions).set({ deletedAt: new Date() }).where(eq(researchVersions.id, id));
    await tx.delete(visitResearchVersions).where(eq(visitResearchVersions.researchVersionId, id));
    await tx.delete(formResearchVersions).where(eq(formResearchVersions.researchVersionId, id));
    await writeAudit(tx, c.audit, {
      action: 'research_version.delete',
      entityType: 'research_version',
      entityId: id,
      researchId: before.researchId,
      before,
    });
  });
}

async function setStatus(
  deps: Deps,
  c: DesignCaller,
  before: ResearchVersionRow,
  to: ResearchVersionStatus,
  action: string,
  refused: () => AppError,
  reason: string | null = null,
): Promise<ResearchVersionDto> {
  const row = await deps.db.transaction(async (tx) => {
    // The Start testing gate: every QA visit and form validated (docs/qa-validation.md "The gate").
    if (action === 'research_version.StartTesting') await assertQaValidated(tx, before);
    const [row] = await tx
      .update(researchVersions)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(researchVersions.id, before.id), eq(researchVersions.status, before.status)))
      .returning();
    if (!row) throw refused();
    // Entering QA validation makes a QA visit and form for each visit and form of the version.
    if (to === 'QaValidating') await syncQaItems(tx, row);
    await writeAudit(tx, c.audit, {
      action,
      entityType: 'research_version',
      entityId: before.id,
      researchId: before.researchId,
      before: { status: before.status },
      after: { status: to },
      reason,
    });
    return row;
  });
  return versionDto(deps.db, row);
}

/** StartQaValidating, StartTesting, StartWorking, BackToDesigned, BackToQaValidating. */
export async function transition(deps: Deps, c: DesignCaller, id: string, action: VersionAction): Promise<ResearchVersionDto> {
  const before = await findVersion(deps.db, id);
  await researchToChange(deps.db, c.actor, before.researchId);
  const refused = () => conflict('version_transition_refused', 'status', { action, status: before.status });
  const to = nextVersionStatus(before.status as ResearchVersionStatus, action);
  if (!to) throw refused();
  return setStatus(deps, c, before, to, `research_version.${action}`, refused);
}

/**
 * POST /ResearchVersions/{id}/ChangeStatus: any status, user role Admin only, with a reason that the audit
 * trail keeps (it passes by the Start testing gate).
 */
export async function changeStatus(
  deps: Deps,
  c: DesignCaller,
  id: string,
  status: ResearchVersionStatus,
  reason: string,
): Promise<ResearchVersionDto> {
  const before = await findVersion(deps.db, id);
  if (!canChangeVersionStatusDirectly(c.actor.userRole)) throw forbidden('version_status_admin_only');
  await researchToChange(deps.db, c.actor, before.researchId);
  return setStatus(deps, c, before, status, 'research_version.change_status', () => conflict(), reason);
}

/** POST /ResearchVersions/SetAuthor: once, and only an employee of the research's admin organisation. */
export async function setAuthor(
  deps: Deps,
  c: DesignCaller,
  input: { researchVersionId: string; authorId: string },
): Promise<ResearchVersionDto> {
  const before = await findVersion(deps.db, input.researchVersionId, 'researchVersionId');
  await researchToChange(deps.db, c.actor, before.researchId);
  if (before.createdBy) throw conflict('version_author_set', 'researchVersionId');
  const [author] = await deps.db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(researchOrganisations, eq(researchOrganisations.id, employees.researchOrganisationId))
    .where(
      and(
        eq(employees.id, input.authorId),
        isNull(employees.deletedAt),
        isNull(researchOrganisations.deletedAt),
        eq(researchOrganisations.researchId, before.researchId),
        inArray(researchOrganisations.organisationType, ['Admin']),
      ),
    )
    .limit(1);
  if (!author) throw badRequest('author_not_admin_employee', 'authorId');
  const row = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(researchVersions)
      .set({ createdBy: author.id, updatedAt: new Date() })
      .where(and(eq(researchVersions.id, before.id), isNull(researchVersions.createdBy)))
      .returning();
    if (!row) throw conflict('version_author_set', 'researchVersionId');
    await writeAudit(tx, c.audit, {
      action: 'research_version.set_author',
      entityType: 'research_version',
      entityId: before.id,
      researchId: before.researchId,
      before: { createdBy: null },
      after: { createdBy: author.id },
    });
    return row;
  });
  return versionDto(deps.db, row);
}
