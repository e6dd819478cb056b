import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** A route module: registers its routes on a zod-typed Fastify instance. */
export type RoutePlugin = (app: ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance) => void;

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** Route config of the Auth endpoints: public, and rate limited per address. */
export const authRouteConfig = (app: FastifyInstance) => ({
  public: true,
  rateLimit: { max: app.deps.config.AUTH_RATE_LIMIT, timeWindow: '1 minute' },
});
