import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  common,
  MAX_DOCUMENT_BYTES,
  subjectVisitDocument,
  subjectVisitDocumentNewVersionFields,
  subjectVisitDocumentsQuery,
  subjectVisitDocumentUploadFields,
  successMessage,
  UPLOAD_FIELDS,
  type Language,
} from '@edc/domain';
import { actorCallerOf } from '../../platform/http/caller.js';
import { refuseBadText } from '../../platform/http/text-guard.js';
import { badRequest } from '../../platform/http/errors.js';
import { envelope, messageOnly } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as service from './documents.service.js';
import { readPdfUpload, type MultipartUpload } from './upload.js';

/** RFC 6266 / 5987: an ASCII fallback `filename` and the exact UTF-8 name in `filename*`. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const ruLocale = z.locales.ru();

/** Parses the text fields of a multipart upload with a zod schema: 400 naming the first wrong field. */
export function fieldsOf<T extends z.ZodType>(schema: T, upload: MultipartUpload, lang: Language): z.output<T> {
  refuseBadText(upload.fields);
  const parsed = schema.safeParse(upload.fields, lang === 'ru' ? { error: ruLocale.localeError } : undefined);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'body');
  const value = upload.fields[field];
  if (value === undefined || value.trim() === '') throw badRequest('required', field, { field });
  throw badRequest('validation', field, { field, detail: issue.message });
}

export function requireFile(upload: MultipartUpload) {
  if (!upload.file) throw badRequest('required', UPLOAD_FIELDS.file, { field: UPLOAD_FIELDS.file });
  return upload.file;
}

/**
 * /SubjectVisitDocuments and /Documents/{id}/File (spec operations section 7; docs/documents.md). The
 * multipart parser is registered in this module's own scope, so no other route accepts multipart bodies.
 */
export function documentsRoutes(app: FastifyInstance) {
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 20 },
    });
    const r = typed(scope);
    const tags = ['SubjectVisitDocuments'];
    const params = common.idParams;
    const one = { 200: envelope(subjectVisitDocument) };

    r.get(
      '/SubjectVisitDocuments',
      { schema: { tags, querystring: subjectVisitDocumentsQuery, response: { 200: envelope(z.array(subjectVisitDocument)) } } },
      async (req) => ({ data: await service.visitDocuments(scope.deps, req.query.subjectVisitId, actorCallerOf(req)) }),
    );

    r.post(
      '/SubjectVisitDocuments/UploadFile',
      {
        schema: {
          tags,
          description: 'multipart/form-data: uploadedFile (PDF, at most 20 MB), name, subjectVisitId',
          consumes: ['multipart/form-data'],
          response: one,
        },
      },
      async (req) => {
        const caller = actorCallerOf(req);
        const upload = await readPdfUpload(req);
        const file = requireFile(upload);
        const fields = fieldsOf(subjectVisitDocumentUploadFields, upload, caller.lang);
        return {
          data: await service.uploadDocument(scope.deps, { ...fields, file }, caller),
          message: successMessage('saved', caller.lang),
        };
      },
    );

    r.post(
      '/SubjectVisitDocuments/UploadNewVersion/:id',
      {
        schema: {
          tags,
          params,
          description: 'multipart/form-data: uploadedFile (PDF, at most 20 MB), name (optional: the name stays)',
          consumes: ['multipart/form-data'],
          response: one,
        },
      },
      async (req) => {
        const caller = actorCallerOf(req);
        const upload = await readPdfUpload(req);
        const file = requireFile(upload);
        const fields = fieldsOf(
          subjectVisitDocumentNewVersionFields,
          {
            ...upload,
            fields: upload.fields.name?.trim() === '' ? {} : upload.fields,
          },
          caller.lang,
        );
        return {
          data: await service.uploadNewVersion(scope.deps, req.params.id, { name: fields.name, file }, caller),
          message: successMessage('saved', caller.lang),
        };
      },
    );

    r.delete('/SubjectVisitDocuments/:id', { schema: { tags, params, response: { 200: messageOnly } } }, async (req) => {
      const caller = actorCallerOf(req);
      await service.deleteDocument(scope.deps, req.params.id, caller);
      return { message: successMessage('deleted', caller.lang) };
    });

    r.get('/Documents/:id/File', { schema: { tags: ['Documents'], params } }, async (req, res) => {
      const file = await service.documentFile(scope.deps, req.params.id, actorCallerOf(req));
      return res
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(`${file.name}.${file.extension}`))
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    });
  });
}
