import type { Actor } from '../../../platform/http/actor.js';
import { badRequest, forbidden } from '../../../platform/http/errors.js';
import { canGlobally } from '../../../platform/http/research-scope.js';

/**
 * Form templates belong to an organisation (the cabinet's Form templates tab). The organisation of a call
 * is `organisationId`, else the caller's current organisation (membership, else the current employee's).
 */
export function templateOrganisationOf(actor: Actor, organisationId: string | undefined): string {
  const id = organisationId ?? actor.organisationUser?.organisationId ?? actor.employee?.organisationId;
  if (!id) throw badRequest('organisation_required', 'organisationId');
  return id;
}

/** Templates of an organisation: its current members and employees, or the administration (user roles Admin, Editor). */
export function mayUseTemplatesOf(actor: Actor, organisationId: string): boolean {
  if (canGlobally(actor, 'organizations_settings')) return true;
  return actor.organisationUser?.organisationId === organisationId || actor.employee?.organisationId === organisationId;
}

export function assertTemplateReadable(actor: Actor, organisationId: string): void {
  if (!mayUseTemplatesOf(actor, organisationId)) throw forbidden();
}

/** Saving or deleting a template also needs `design_edit` (in some research). */
export function assertTemplateWritable(actor: Actor, organisationId: string): void {
  if (!actor.permissions.has('design_edit')) throw forbidden();
  assertTemplateReadable(actor, organisationId);
}
