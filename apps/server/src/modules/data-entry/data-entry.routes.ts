import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  auditRecordReply,
  common,
  itemDataAdd,
  itemDataClean,
  itemDataCleanParams,
  itemDataDocumentFields,
  itemDataDocumentParams,
  itemDataQuery,
  itemDataReply,
  itemDataSaved,
  itemDataWithReason,
  linkDataReply,
  MAX_DOCUMENT_BYTES,
  sectionChangeStatus,
  sectionComment,
  sectionComplete,
  subjectAuditTrailQuery,
  subjectFormBrief,
  subjectFormComplete,
  subjectFormCreate,
  subjectFormFieldReply,
  subjectFormReply,
  subjectFormSectionReply,
  subjectFormsQuery,
  subjectVisitComplete,
  subjectVisitPage,
  subjectVisitPageQuery,
  subjectVisitSign,
  successMessage,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { envelope, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import { contentDisposition, fieldsOf, requireFile } from '../documents/documents.routes.js';
import { readPdfUpload } from '../documents/upload.js';
import { subjectAuditTrail } from './audit-trail.service.js';
import * as items from './item-data.service.js';
import * as sections from './sections.service.js';
import { getSubjectFormField, linkData } from './subject-form-fields.service.js';
import * as forms from './subject-forms.service.js';
import { completeSubjectVisit, signSubjectVisit } from './visit-signing.service.js';
import { visitPage } from './visit-page.service.js';

/**
 * Data entry (docs/data-entry.md; spec operations section 7): the subject visit page, its signature and
 * end, subject forms, sections, fields, values and the subject's audit trail. Handlers are thin: the
 * services decide who may do what once the subject is loaded (data-entry.context.ts).
 */
export function dataEntryRoutes(app: FastifyInstance) {
  const r = typed(app);
  const params = common.idParams;
  const saved = <T>(lang: 'ru' | 'en', data: T) => ({ data, message: successMessage('saved', lang) });

  // ------------------------------------------------------------------------------------ subject visits
  const visitTags = ['SubjectsVisit'];
  const page = { 200: envelope(subjectVisitPage) };
  r.get(
    '/SubjectsVisit/:id',
    { schema: { tags: visitTags, params, querystring: subjectVisitPageQuery, response: page } },
    async (req) => ({
      data: await visitPage(app.deps, req.params.id, req.query.pointList, actorCallerOf(req)),
    }),
  );
  r.post(
    '/SubjectsVisit/:id/Sign',
    { schema: { tags: visitTags, params, body: subjectVisitSign, response: page } },
    async (req) => {
      const caller = actorCallerOf(req);
      return saved(caller.lang, await signSubjectVisit(app.deps, req.params.id, req.body, caller));
    },
  );
  r.post(
    '/SubjectsVisit/:id/Complete',
    { schema: { tags: visitTags, params, body: subjectVisitComplete, response: page } },
    async (req) => {
      const caller = actorCallerOf(req);
      return saved(caller.lang, await completeSubjectVisit(app.deps, req.params.id, req.body, caller));
    },
  );

  // ------------------------------------------------------------------------------------- subject forms
  const formTags = ['SubjectsForm'];
  const form = { 200: envelope(subjectFormReply) };
  r.get(
    '/SubjectsForm',
    { schema: { tags: formTags, querystring: subjectFormsQuery, response: { 200: envelope(z.array(subjectFormBrief)) } } },
    async (req) => ({ data: await forms.subjectFormsOf(app.deps, req.query, actorCallerOf(req)) }),
  );
  r.get(
    '/SubjectsForm/:id',
    { schema: { tags: formTags, params, querystring: subjectVisitPageQuery, response: form } },
    async (req) => ({
      data: await forms.getSubjectForm(app.deps, req.params.id, req.query.pointList, actorCallerOf(req)),
    }),
  );
  r.post('/SubjectsForm', { schema: { tags: formTags, body: subjectFormCreate, response: form } }, async (req) => {
    const caller = actorCallerOf(req);
    return saved(caller.lang, await forms.createSubjectForm(app.deps, req.body, caller));
  });
  r.post(
    '/SubjectsForm/Context',
    { schema: { tags: formTags, body: z.object({ subjectFormFieldId: common.id }), response: form } },
    async (req) => {
      const caller = actorCallerOf(req);
      return saved(caller.lang, await forms.createContextForm(app.deps, req.body, caller));
    },
  );
  r.post(
    '/SubjectsForm/:id/Complete',
    { schema: { tags: formTags, params, body: subjectFormComplete, response: form } },
    async (req) => {
      const caller = actorCallerOf(req);
      return saved(caller.lang, await forms.completeSubjectForm(app.deps, req.params.id, req.body, caller));
    },
  );

  // ------------------------------------------------------------------------------------------ sections
  const sectionTags = ['SubjectsFormSection'];
  const section = { 200: envelope(subjectFormSectionReply) };
  r.post(
    '/SubjectsFormSection/:id/ChangeStatus',
    { schema: { tags: sectionTags, params, body: sectionChangeStatus, response: section } },
    async (req) => {
      const caller = actorCallerOf(req);
      return saved(caller.lang, await sections.changeSectionStatus(app.deps, req.params.id, req.body, caller));
    },
  );
  r.post(
    '/SubjectsFormSection/:id/Comment',
    { schema: { tags: sectionTags, params, body: sectionComment, response: section } },
    async (req) => {
      const caller = actorCallerOf(req);
      return saved(caller.lang, await sections.commentSection(app.deps, req.params.id, req.body, caller));
    },
  );
  r.post(
    '/SubjectsFormSection/:id/Complete',
    { schema: { tags: sectionTags, params, body: sectionComplete, response: section } },
    async (req) => {
      const caller = actorCallerOf(req);
      return saved(caller.lang, await sections.completeSection(app.deps, req.params.id, req.body, caller));
    },
  );

  // -------------------------------------------------------------------------------------------- fields
  const fieldTags = ['SubjectsFormField'];
  r.get(
    '/SubjectsFormField/:id',
    { schema: { tags: fieldTags, params, response: { 200: envelope(subjectFormFieldReply) } } },
    async (req) => ({
      data: await getSubjectFormField(app.deps, req.params.id, actorCallerOf(req)),
    }),
  );
  r.get(
    '/SubjectsFormField/:id/LinkData',
    { schema: { tags: fieldTags, params, response: { 200: envelope(linkDataReply) } } },
    async (req) => ({
      data: await linkData(app.deps, req.params.id, actorCallerOf(req)),
    }),
  );

  // ----------------------------------------------------------------------------------------- item data
  const itemTags = ['ItemData'];
  const savedItem = { 200: envelope(itemDataSaved) };
  r.get(
    '/ItemData',
    { schema: { tags: itemTags, querystring: itemDataQuery, response: { 200: envelope(z.array(itemDataReply)) } } },
    async (req) => ({ data: await items.itemDataOf(app.deps, req.query.subjectFormFieldId, actorCallerOf(req)) }),
  );
  r.post('/ItemData', { schema: { tags: itemTags, body: itemDataAdd, response: savedItem } }, async (req) => {
    const caller = actorCallerOf(req);
    return saved(caller.lang, await items.addItemData(app.deps, req.body, caller));
  });
  r.post('/ItemData/WithReason', { schema: { tags: itemTags, body: itemDataWithReason, response: savedItem } }, async (req) => {
    const caller = actorCallerOf(req);
    return saved(caller.lang, await items.changeItemData(app.deps, req.body, caller));
  });
  r.post(
    '/ItemData/:subjectFormFieldId/Clean',
    { schema: { tags: itemTags, params: itemDataCleanParams, body: itemDataClean, response: savedItem } },
    async (req) => {
      const caller = actorCallerOf(req);
      return saved(caller.lang, await items.cleanItemData(app.deps, req.params.subjectFormFieldId, req.body, caller));
    },
  );
  r.get('/ItemData/:id/Document', { schema: { tags: itemTags, params: itemDataDocumentParams } }, async (req, res) => {
    const file = await items.itemDataDocument(app.deps, req.params.id, actorCallerOf(req));
    return res
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(`${file.name}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
  // A file value: multipart, parsed in a scope of its own so that no other route accepts multipart bodies.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 20 },
    });
    typed(scope).post(
      '/ItemData/AddDocument',
      {
        schema: {
          tags: itemTags,
          description:
            'multipart/form-data: uploadedFile (PDF, at most 20 MB), subjectFormFieldId, name, reasonForChange and currentItemDataId (to replace a value)',
          consumes: ['multipart/form-data'],
          response: savedItem,
        },
      },
      async (req) => {
        const caller = actorCallerOf(req);
        const upload = await readPdfUpload(req);
        const file = requireFile(upload);
        const fields = fieldsOf(itemDataDocumentFields, upload, caller.lang);
        return saved(caller.lang, await items.addItemDocument(scope.deps, { ...fields, file }, caller));
      },
    );
  });

  // ---------------------------------------------------------------------------------- the audit trail
  r.get(
    '/Subjects/:id/AuditTrail',
    { schema: { tags: ['Subjects'], params, querystring: subjectAuditTrailQuery, response: { 200: paged(auditRecordReply) } } },
    async (req) => subjectAuditTrail(app.deps, req.params.id, req.query, actorCallerOf(req)),
  );
}
