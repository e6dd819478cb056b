import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  employee,
  employeeCandidatesQuery,
  employeeCreate,
  employeesQuery,
  employeeType,
  employeeTypeListQuery,
  organisationUser,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { requireActor } from '../../platform/http/guards.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as employees from './employees.service.js';

/** Employees of centres. Who may act depends on the centre's research, so the services decide once it is loaded. */
export function employeesRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Employees'];
  const params = common.idParams;
  const reply = { 200: envelope(employee) };

  r.get('/Employees', { schema: { tags, querystring: employeesQuery, response: { 200: paged(employee) } } }, async (req) =>
    employees.listEmployeesPage(app.deps, req.query, actorCallerOf(req)),
  );

  r.get(
    '/Employees/Candidates',
    { schema: { tags, querystring: employeeCandidatesQuery, response: { 200: paged(organisationUser) } } },
    async (req) => employees.listCandidatesPage(app.deps, req.query, actorCallerOf(req)),
  );

  r.get(
    '/Employees/EmployeeTypeList',
    { schema: { tags, querystring: employeeTypeListQuery, response: { 200: envelope(z.array(employeeType)) } } },
    async (req) => {
      requireActor(req);
      return { data: await employees.employeeTypeList(app.deps, req.query.researchOrganisationId) };
    },
  );

  r.post('/Employees', { schema: { tags, body: employeeCreate, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return { data: await employees.addEmployee(app.deps, req.body, caller), message: successMessage('saved', caller.lang) };
  });

  r.delete('/Employees/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const caller = actorCallerOf(req);
    await employees.deleteEmployee(app.deps, req.params.id, caller);
    return { message: successMessage('deleted', caller.lang) };
  });

  r.post('/Employees/:id/SetCurrent', { schema: { tags, params, response: reply } }, async (req) => ({
    data: await employees.setCurrentEmployee(app.deps, req.params.id, actorCallerOf(req)),
  }));

  r.post('/Employees/:id/ToggleAccess', { schema: { tags, params, response: reply } }, async (req) => {
    const caller = actorCallerOf(req);
    return { data: await employees.toggleAccess(app.deps, req.params.id, caller), message: successMessage('saved', caller.lang) };
  });
}
