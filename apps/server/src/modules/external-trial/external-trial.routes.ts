import type { FastifyInstance } from 'fastify';
import { drTrialSendRoutes } from './dr-trial-send.routes.js';
import { drTrialVisitsRoutes } from './dr-trial-visits.routes.js';

/** The link to the external trial system DrTrial (docs/external-trial.md). */
export function externalTrialRoutes(app: FastifyInstance) {
  drTrialVisitsRoutes(app);
  drTrialSendRoutes(app);
}
