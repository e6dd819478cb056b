import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  sectionValidate,
  subjectFormBrief,
  subjectFormReply,
  subjectFormSectionReply,
  subjectFormValidate,
  subjectFormValidateList,
  subjectVisitPage,
  subjectVisitValidate,
  successMessage,
  type ValidationSide,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as validation from './validation.service.js';

/**
 * Validation by QA, data managers and monitors (docs/queries-and-validation.md; spec operations section 7):
 * sections, forms (validate and revert), lists of forms and visits, one route per side as the spec names
 * them. The static `/SubjectsForm/QaValidate...` paths win over `/SubjectsForm/:id` in the router.
 */
export function validationRoutes(app: FastifyInstance) {
  const r = typed(app);
  const params = common.idParams;
  const saved = <T>(lang: 'ru' | 'en', data: T) => ({ data, message: successMessage('saved', lang) });
  const names: Record<ValidationSide, string> = { qa: 'Qa', dm: 'Dm', kio: 'Kio' };

  for (const side of ['qa', 'dm'] as const) {
    const name = names[side];
    r.post(
      `/SubjectsFormSection/:id/${name}Validate`,
      {
        schema: {
          tags: ['SubjectsFormSection'],
          params,
          body: sectionValidate,
          response: { 200: envelope(subjectFormSectionReply) },
        },
      },
      async (req) => {
        const caller = actorCallerOf(req);
        return saved(caller.lang, await validation.validateSection(app.deps, req.params.id, side, req.body, caller));
      },
    );
    r.post(
      `/SubjectsForm/${name}ValidateList`,
      {
        schema: {
          tags: ['SubjectsForm'],
          body: subjectFormValidateList,
          response: { 200: envelope(z.array(subjectFormBrief)) },
        },
      },
      async (req) => {
        const caller = actorCallerOf(req);
        return saved(caller.lang, await validation.validateFormList(app.deps, side, req.body, caller));
      },
    );
  }

  for (const side of ['qa', 'dm', 'kio'] as const) {
    const name = names[side];
    for (const validate of [true, false]) {
      r.post(
        `/SubjectsForm/${validate ? '' : 'Revert'}${name}Validate`,
        { schema: { tags: ['SubjectsForm'], body: subjectFormValidate, response: { 200: envelope(subjectFormReply) } } },
        async (req) => {
          const caller = actorCallerOf(req);
          return saved(caller.lang, await validation.validateForm(app.deps, side, validate, req.body, caller));
        },
      );
    }
    r.post(
      `/SubjectsVisit/:id/${name}Validate`,
      {
        schema: { tags: ['SubjectsVisit'], params, body: subjectVisitValidate, response: { 200: envelope(subjectVisitPage) } },
      },
      async (req) => {
        const caller = actorCallerOf(req);
        return saved(caller.lang, await validation.validateVisit(app.deps, req.params.id, side, req.body, caller));
      },
    );
  }
}
