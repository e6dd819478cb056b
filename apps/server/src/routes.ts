import type { FastifyInstance } from 'fastify';
import { authRoutes } from './modules/auth/auth.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';

/** Every API module, mounted under /api. */
export function apiRoutes(api: FastifyInstance): void {
  authRoutes(api);
  usersRoutes(api);
}
