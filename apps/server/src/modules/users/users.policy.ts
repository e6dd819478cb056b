import type { Actor } from '../../platform/http/actor.js';
import { can } from '../../platform/http/guards.js';

/** A user's own record, or anyone's with users_settings. */
export const mayReadUser = (actor: Actor, userId: string) => actor.userId === userId || can(actor, 'users_settings');

/** Who may edit a user at all; which fields, see `mayChangeAccountFields`. */
export const mayEditUser = mayReadUser;

/** E-mail and user role are account settings: users_settings only, even for oneself. */
export const mayChangeAccountFields = (actor: Actor) => can(actor, 'users_settings');
