import type { Actor } from '../../platform/http/actor.js';
import { forbidden } from '../../platform/http/errors.js';
import { canGlobally, canInResearch } from '../../platform/http/research-scope.js';

/**
 * Who may do what with study rules (spec design-and-admin section 6; docs/rules.md "API"):
 * - read (the rules page, a field's rules list): `rules` of the current employee in that research — admin,
 *   QA, site and test-site centres — or `rules_edit` (the Admin user role everywhere, the research's
 *   admin-centre employees there); a site or test-site employee reads the whole research's rules and its
 *   own centre's, another centre's rule is 404 to it; everyone else 403 ('У Вас нет прав для просмотра
 *   этой страницы');
 * - create, edit, delete: `rules_edit` in that research (only admin edits a rule);
 * - validate or cancel the validation: the research's QA centre employees only;
 * - test: QA (as above) and those who edit.
 */

/** The rules of a research the caller reads: all of them, those of one centre and the whole research, or none (null). */
export type RulesScope = { centreId: string | null } | null;

export function rulesScope(actor: Actor, researchId: string): RulesScope {
  if (canGlobally(actor, 'rules_edit')) return { centreId: null };
  const e = actor.employee;
  if (!e || e.researchId !== researchId) return null;
  if (!actor.permissions.has('rules') && !actor.permissions.has('rules_edit')) return null;
  return e.organisationType === 'Site' || e.organisationType === 'TestSite'
    ? { centreId: e.researchOrganisationId }
    : { centreId: null };
}

/** Whether the caller reads rules anywhere at all (else a list or an unknown id is 403, not 400 or 404). */
export const readsRulesAnywhere = (actor: Actor) =>
  canGlobally(actor, 'rules_edit') || actor.permissions.has('rules') || actor.permissions.has('rules_edit');

export function assertReadsRulesAnywhere(actor: Actor): void {
  if (!readsRulesAnywhere(actor)) throw forbidden('rules_view_forbidden');
}

/** Whether a rule of this centre (null: the whole research) is within the scope. */
export const inScope = (scope: NonNullable<RulesScope>, ruleCentreId: string | null) =>
  scope.centreId === null || ruleCentreId === null || ruleCentreId === scope.centreId;

export const mayEditRules = (actor: Actor, researchId: string) => canInResearch(actor, 'rules_edit', researchId);

/** A QA centre employee of the research (head of QA, QA specialist, data manager). */
export const isQaOfResearch = (actor: Actor, researchId: string) =>
  actor.employee?.organisationType === 'Qa' && actor.employee.researchId === researchId;

export const mayTestRules = (actor: Actor, researchId: string) =>
  mayEditRules(actor, researchId) || isQaOfResearch(actor, researchId);
