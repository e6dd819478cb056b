import type { PermissionKey } from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import type { Actor } from '../../platform/http/actor.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { listScopeOf, type SubjectScope } from '../subjects/subjects.policy.js';

/**
 * Who reads the summary tables and the journals (docs/reports.md "Summary tables and journals"): the
 * holders of the screen's permission in their current research (`summary`: sponsor's centre, sites, QA and
 * monitors; `journals`: sites, test sites and QA), 403 otherwise. A form or section of another research does
 * not exist for them (404). Rows follow the subject matrix's scope: a site sees its own centre only.
 */
export function assertScreen(actor: Actor, key: PermissionKey): string {
  const researchId = actor.employee?.researchId;
  if (!researchId || !actor.permissions.has(key)) throw forbidden();
  return researchId;
}

/** A research's object the caller may read: 404 naming `path` when missing or in another research. */
export function assertInResearch<T extends { researchId: string }>(row: T | undefined, researchId: string, path: string): T {
  if (!row || row.researchId !== researchId) throw notFound(path);
  return row;
}

/**
 * The subjects a table covers, with whether test sites' subjects count: left out unless asked for (as the
 * statistics do), except for a test site's own staff, whose subjects are all test subjects.
 */
export async function entriesScope(
  db: Db,
  actor: Actor,
  researchId: string,
  q: { researchOrganisationId?: string; withTestSubjects?: boolean },
): Promise<{ scope: SubjectScope; withoutTest: boolean }> {
  const scope = await listScopeOf(db, actor, { researchId, researchOrganisationId: q.researchOrganisationId });
  const testSite = actor.employee?.organisationType === 'TestSite';
  return { scope, withoutTest: !q.withTestSubjects && !testSite };
}
