import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  calculateReply,
  common,
  ruleInput,
  ruleReply,
  rulesByResearchQuery,
  rulesQuery,
  ruleTest,
  ruleTestReply,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { calculate } from './rule-actions.js';
import { dropRuleMails, sendRuleMails } from './rule-mails.js';
import * as service from './rules.service.js';

/**
 * Study rules (spec design-and-admin section 7, Rules; docs/rules.md "API") and the calculated value of a
 * subject form field (spec operations section 7, /SubjectsFormField Calculate). The services decide who
 * may act (rules.policy.ts).
 */
export function rulesRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['Rules'];
  const params = common.idParams;
  const one = { 200: envelope(ruleReply) };

  // The mails of EmailAction rules fired by a save inside another module's transaction (a note's answer
  // changing a value) go out once the reply says it committed; a failed request drops them (rule-mails.ts).
  app.addHook('onResponse', async (req, reply) => {
    if (reply.statusCode < 400) sendRuleMails(app.deps, req.actor);
    else dropRuleMails(req.actor);
  });

  r.get('/Rules', { schema: { tags, querystring: rulesQuery, response: { 200: paged(ruleReply) } } }, async (req) =>
    service.listRules(app.deps, req.query, actorCallerOf(req)),
  );
  r.get(
    '/Rules/ByResearchId',
    { schema: { tags, querystring: rulesByResearchQuery, response: { 200: envelope(z.array(ruleReply)) } } },
    async (req) => ({ data: await service.rulesOfResearch(app.deps, req.query.researchId, actorCallerOf(req)) }),
  );
  r.get('/Rules/:id', { schema: { tags, params, response: one } }, async (req) => ({
    data: await service.getRule(app.deps, req.params.id, actorCallerOf(req)),
  }));
  r.post('/Rules', { schema: { tags, body: ruleInput, response: one } }, async (req) => {
    const c = actorCallerOf(req);
    return { data: await service.createRule(app.deps, req.body, c), message: successMessage('saved', c.lang) };
  });
  // The spec spells it with a trailing slash; both spellings are served.
  for (const [url, hide] of [
    ['/Rules/:id/', false],
    ['/Rules/:id', true],
  ] as const) {
    r.put(url, { schema: { tags, hide, params, body: ruleInput, response: one } }, async (req) => {
      const c = actorCallerOf(req);
      return { data: await service.updateRule(app.deps, req.params.id, req.body, c), message: successMessage('saved', c.lang) };
    });
  }
  r.delete('/Rules/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
    const c = actorCallerOf(req);
    await service.deleteRule(app.deps, req.params.id, c);
    return { message: successMessage('deleted', c.lang) };
  });
  r.put('/Rules/:id/ToggleValidate', { schema: { tags, params, response: one } }, async (req) => {
    const c = actorCallerOf(req);
    return { data: await service.toggleValidate(app.deps, req.params.id, c), message: successMessage('saved', c.lang) };
  });
  r.put(
    '/Rules/:id/Test',
    { schema: { tags, params, body: ruleTest, response: { 200: envelope(ruleTestReply) } } },
    async (req) => ({ data: await service.testRule(app.deps, req.params.id, req.body, actorCallerOf(req)) }),
  );

  r.get(
    '/SubjectsFormField/:id/Calculate',
    { schema: { tags: ['SubjectsFormField'], params, response: { 200: envelope(calculateReply) } } },
    async (req) => ({ data: await calculate(app.deps, req.params.id, actorCallerOf(req)) }),
  );
}
