import {
  isAdministratorRole,
  seesRandomisationGroup,
  subjectReadScope,
  type SubjectActor,
  type SubjectRuleCode,
} from '@edc/domain';
import type { Db } from '../../platform/db/client.js';
import type { Actor } from '../../platform/http/actor.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { findCentre } from '../centres/centres.queries.js';
import { findResearch } from '../researches/researches.queries.js';

/**
 * Who sees and changes subjects (docs/subjects.md, "Who sees what"):
 * - reading: user roles Admin and Editor in any research (naming it with researchId, else their current
 *   one); employees of the admin, QA and KIO centres in their current research, every centre; site and
 *   test-site employees in their current research, their own centre only. Outside that a subject does
 *   not exist (404).
 * - writing: `subjects_edit` (site and test-site employees), in the caller's own centre; then the action
 *   rules of packages/domain decide (subjectRules).
 */

/** The subjects a list covers: one research, and one centre or all of them (null). */
export interface SubjectScope {
  researchId: string;
  centreId: string | null;
  /** A site user filtering by another centre: the list is empty. */
  empty?: boolean;
}

const scopeKind = (actor: Actor) =>
  subjectReadScope({ userRole: actor.userRole, organisationType: actor.employee?.organisationType ?? null });

/** The scope of a list or a statistic: 403 with no subject view at all, 400 with no research, 404 for unknown ones. */
export async function listScopeOf(
  db: Db,
  actor: Actor,
  q: { researchId?: string; researchOrganisationId?: string },
  researchPath = 'researchId',
): Promise<SubjectScope> {
  const kind = scopeKind(actor);
  if (!kind) throw forbidden();
  const administrator = isAdministratorRole(actor.userRole);
  const own = actor.employee?.researchId;
  const researchId = q.researchId ?? own;
  if (!researchId) throw badRequest('research_required', researchPath);
  if (!administrator && researchId !== own) throw forbidden('no_research_access', researchPath);
  // The caller's own research is live (the session resolves only live ones); a named one is looked up.
  if (researchId !== own && !(await findResearch(db, researchId))) throw notFound(researchPath);
  const ownCentre = kind === 'centre' ? actor.employee!.researchOrganisationId : null;
  if (q.researchOrganisationId) {
    const centre = await findCentre(db, q.researchOrganisationId);
    if (!centre || centre.researchId !== researchId) throw notFound('researchOrganisationId');
    // A site user filtering by another centre simply finds nothing there.
    if (ownCentre && ownCentre !== centre.id) return { researchId, centreId: ownCentre, empty: true };
    return { researchId, centreId: centre.id };
  }
  return { researchId, centreId: ownCentre };
}

/** Whether the caller sees this subject (by its research and centre). */
export function maySeeSubject(actor: Actor, subject: { researchId: string; researchOrganisationId: string }): boolean {
  const kind = scopeKind(actor);
  if (!kind) return false;
  if (isAdministratorRole(actor.userRole)) return true;
  if (actor.employee?.researchId !== subject.researchId) return false;
  return kind === 'research' || actor.employee.researchOrganisationId === subject.researchOrganisationId;
}

/** A subject the caller may read: 403 without any subject view, 404 (naming `path`) outside the caller's scope. */
export function assertSeesSubject(
  actor: Actor,
  subject: { researchId: string; researchOrganisationId: string } | undefined,
  path = 'id',
): void {
  if (!scopeKind(actor)) throw forbidden();
  if (!subject || !maySeeSubject(actor, subject)) throw notFound(path);
}

/** Changes need subjects_edit in the subject's own centre. */
export function assertMayWrite(actor: Actor, subject: { researchOrganisationId: string }): void {
  if (!actor.permissions.has('subjects_edit') || actor.employee?.researchOrganisationId !== subject.researchOrganisationId) {
    throw forbidden();
  }
}

export const subjectActorOf = (actor: Actor): SubjectActor => ({
  organisationType: actor.employee?.organisationType ?? null,
  employeeType: actor.employee?.employeeType ?? null,
});

/** Blinding: the randomisation group goes only to unblinded callers. */
export const seesGroup = (actor: Actor) =>
  seesRandomisationGroup({
    userRole: actor.userRole,
    organisationType: actor.employee?.organisationType ?? null,
    employeeType: actor.employee?.employeeType ?? null,
  });

/** Throws the refusal of an action rule: 403 for `forbidden`, 409 (the subject's state) otherwise. */
export function assertRule(code: SubjectRuleCode | null, path?: string): void {
  if (!code) return;
  throw new AppError(code === 'forbidden' ? 403 : 409, code, {}, path);
}
