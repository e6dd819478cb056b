import type { FastifyInstance } from 'fastify';
import { authRoutes } from './modules/auth/auth.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { organisationsRoutes } from './modules/organisations/organisations.routes.js';
import { organisationUsersRoutes } from './modules/organisations/organisation-users.routes.js';
import { employeesRoutes } from './modules/employees/employees.routes.js';
import { researchesRoutes } from './modules/researches/researches.routes.js';
import { centresRoutes } from './modules/centres/centres.routes.js';
import { referencesRoutes } from './modules/references/references.routes.js';
import { supportRoutes } from './modules/support/support.routes.js';
import { designRoutes } from './modules/design/design.routes.js';
import { subjectsRoutes } from './modules/subjects/subjects.routes.js';
import { monitoringVisitsRoutes } from './modules/monitoring-visits/monitoring-visits.routes.js';
import { documentsRoutes } from './modules/documents/documents.routes.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { dataEntryRoutes } from './modules/data-entry/data-entry.routes.js';
import { notesRoutes } from './modules/notes/notes.routes.js';
import { validationRoutes } from './modules/data-entry/validation.routes.js';
import { rulesRoutes } from './modules/rules/rules.routes.js';
import { timePointsRoutes } from './modules/time-points/time-points.routes.js';
import { jobsRoutes } from './modules/jobs/jobs.routes.js';
import { dataExchangeRoutes } from './modules/data-exchange/data-exchange.routes.js';

/** Every API module, mounted under /api. */
export function apiRoutes(api: FastifyInstance): void {
  authRoutes(api);
  usersRoutes(api);
  organisationsRoutes(api);
  organisationUsersRoutes(api);
  employeesRoutes(api);
  researchesRoutes(api);
  centresRoutes(api);
  referencesRoutes(api);
  supportRoutes(api);
  designRoutes(api);
  subjectsRoutes(api);
  monitoringVisitsRoutes(api);
  documentsRoutes(api);
  auditRoutes(api);
  dataEntryRoutes(api);
  notesRoutes(api);
  validationRoutes(api);
  rulesRoutes(api);
  timePointsRoutes(api);
  jobsRoutes(api);
  dataExchangeRoutes(api);
}
