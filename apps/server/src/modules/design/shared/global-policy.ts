import type { Actor } from '../../../platform/http/actor.js';
import { can } from '../../../platform/http/guards.js';
import { forbidden } from '../../../platform/http/errors.js';

/**
 * Form types and field definitions are shared by every research. Reading them: the `forms_settings` or
 * `visits_settings` key, or any current employee (who sees forms built from them); changing them:
 * `forms_settings` (user roles Admin and Editor, the /forms page of the administration menu).
 */
export function assertReadCatalogue(actor: Actor): void {
  if (!can(actor, 'forms_settings') && !can(actor, 'visits_settings') && !actor.employee) throw forbidden();
}

export function assertChangeCatalogue(actor: Actor): void {
  if (!can(actor, 'forms_settings')) throw forbidden();
}
