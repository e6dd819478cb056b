import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  common,
  formEntry,
  journalEntry,
  journalOption,
  journalQuery,
  summaryEntriesQuery,
  summaryFormOption,
  summaryLayout,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { journalEntries, journalLayout, journalSections } from './journal.service.js';
import { summaryEntries, summaryForms, summaryLayout as layoutOf } from './summary.service.js';

/**
 * The summary tables and the journals (spec operations sections 2 and 7; docs/reports.md "Summary tables
 * and journals"): the forms to choose from, a form's or a section's columns, and a page of entries.
 */
export function summaryRoutes(app: FastifyInstance) {
  const r = typed(app);
  const params = common.idParams;

  r.get(
    '/Summary/Forms',
    { schema: { tags: ['Summary'], response: { 200: envelope(z.array(summaryFormOption)) } } },
    async (req) => ({
      data: await summaryForms(app.deps, actorCallerOf(req)),
    }),
  );

  r.get(
    '/Summary/Forms/:id',
    { schema: { tags: ['Summary'], params, response: { 200: envelope(summaryLayout) } } },
    async (req) => ({
      data: await layoutOf(app.deps, req.params.id, actorCallerOf(req)),
    }),
  );

  r.get(
    '/SubjectsForm/ByForm',
    { schema: { tags: ['SubjectsForm'], querystring: summaryEntriesQuery, response: { 200: paged(formEntry) } } },
    async (req) => summaryEntries(app.deps, req.query, actorCallerOf(req)),
  );

  r.get(
    '/SubjectsFormSection/Journal/Sections',
    { schema: { tags: ['SubjectsFormSection'], response: { 200: envelope(z.array(journalOption)) } } },
    async (req) => ({ data: await journalSections(app.deps, actorCallerOf(req)) }),
  );

  r.get(
    '/SubjectsFormSection/Journal/:id/Columns',
    { schema: { tags: ['SubjectsFormSection'], params, response: { 200: envelope(summaryLayout) } } },
    async (req) => ({ data: await journalLayout(app.deps, req.params.id, actorCallerOf(req)) }),
  );

  r.get(
    '/SubjectsFormSection/Journal',
    { schema: { tags: ['SubjectsFormSection'], querystring: journalQuery, response: { 200: paged(journalEntry) } } },
    async (req) => journalEntries(app.deps, req.query, actorCallerOf(req)),
  );
}
