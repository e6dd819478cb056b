import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  common,
  MAX_DOCUMENT_BYTES,
  documentConfidentialReply,
  documentsPagedQuery,
  documentsPersonalQuery,
  documentStatusReply,
  researchVersionsChangesGenerate,
  researchTemplateGenerate,
  datasetByFormGenerate,
  referenceReportGenerateQuery,
  trackerGenerateQuery,
  datasetByVisitGenerate,
  subjectVisitDocument,
  subjectVisitDocumentGenerate,
  subjectFormReportGenerate,
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
import { envelope, messageOnly, paged } from '../../platform/http/reply.js';
import { typed } from '../../platform/http/typed.js';
import * as service from './documents.service.js';
import { generateVisitPdf } from './generated/visit-pdf.service.js';
import { generateSubjectCard } from './generated/subject-card.service.js';
import { generateSubjectFormReport } from './generated/subject-form-report.service.js';
import { generateVersionChanges } from './generated/version-changes.service.js';
import { generateDataset } from './generated/dataset-document.service.js';
import { generateTracker } from './generated/tracker.service.js';
import { generateReferenceReport } from './generated/reference-report.service.js';
import { generateTemplate } from './generated/research-template.service.js';
import { generateSubjectCardArchive } from './generated/subject-card-archive.service.js';
import { listDocuments, personalDocuments } from './generated/documents-list.service.js';
import { deleteGeneratedDocument, toggleVisible } from './documents-manage.service.js';
import { readPdfUpload, type MultipartUpload } from './upload.js';
import { confidentialDocument } from './documents-confidential.service.js';

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

    r.post(
      '/SubjectVisitDocuments/Generate',
      {
        schema: {
          tags,
          description:
            'The PDF of a signed subject visit, made in the background: the document comes back Started; poll GET /Documents/{id} until documentLink appears (status Done) or status Error.',
          body: subjectVisitDocumentGenerate,
          response: { 200: envelope(documentStatusReply) },
        },
      },
      async (req) => ({ data: await generateVisitPdf(scope.deps, req.body, actorCallerOf(req)) }),
    );

    r.post(
      '/Subjects/:id/GenerateSubjectCard',
      {
        schema: {
          tags: ['Subjects'],
          params,
          description:
            'The subject card (the whole casebook with its audit trail) as a PDF made in the background: the document comes back Started; poll GET /Documents/{id}.',
          response: { 200: envelope(documentStatusReply) },
        },
      },
      async (req) => ({ data: await generateSubjectCard(scope.deps, req.params.id, actorCallerOf(req)) }),
    );

    r.post(
      '/SubjectsForm/:id/GenerateReport',
      {
        schema: {
          tags: ['SubjectsForm'],
          params,
          body: subjectFormReportGenerate,
          description:
            'The report of one subject form (its sections, fields, values, statuses, validation, notes and the visit signature manifestation) as a PDF made in the background: the document comes back Started; poll GET /Documents/{id} every 2 s.',
          response: { 200: envelope(documentStatusReply) },
        },
        // The body is optional (a PDF by default): none is read as {}.
        preValidation: async (req) => {
          req.body ??= {};
        },
      },
      async (req) => ({ data: await generateSubjectFormReport(scope.deps, req.params.id, req.body, actorCallerOf(req)) }),
    );

    r.post(
      '/ResearchVersions/GenerateResearchVersionsChanges',
      {
        schema: {
          tags: ['ResearchVersions'],
          description:
            'What changed in the design from firstVersionId to the later secondVersionId (visits, forms, sections, fields, rules: added, removed, modified), as a PDF made in the background.',
          body: researchVersionsChangesGenerate,
          response: { 200: envelope(documentStatusReply) },
        },
      },
      async (req) => ({ data: await generateVersionChanges(scope.deps, req.body, actorCallerOf(req)) }),
    );

    r.post(
      '/Researches/GenerateTemplate',
      {
        schema: {
          tags: ['Researches'],
          description:
            'The research template: a blank CRF PDF of the chosen visits as the research version designs them (forms, sections, fields with types, units and empty answer boxes), made in the background; poll GET /Documents/{id}.',
          body: researchTemplateGenerate,
          response: { 200: envelope(documentStatusReply) },
        },
      },
      async (req) => ({ data: await generateTemplate(scope.deps, req.body, actorCallerOf(req)) }),
    );

    r.post(
      '/ResearchOrganisations/:id/GenerateSubjectCardArchive',
      {
        schema: {
          tags: ['ResearchOrganisations'],
          params,
          description:
            "One ZIP of the subject cards (PDF) of the centre's live subjects, made in the background: the document comes back Started; poll GET /Documents/{id}.",
          response: { 200: envelope(documentStatusReply) },
        },
      },
      async (req) => ({ data: await generateSubjectCardArchive(scope.deps, req.params.id, actorCallerOf(req)) }),
    );

    const datasetDescription = (by: string) =>
      `A dataset of the chosen ${by} (format xlsx by default, csv, datasetJson or odm; withCreators: odm only), made in the background by the dataset exporters: the document comes back Started; poll GET /Documents/{id}.`;
    r.post(
      '/Researches/GenerateDatasetByVisit',
      {
        schema: {
          tags: ['Researches'],
          description: datasetDescription('visits (every form of them)'),
          body: datasetByVisitGenerate,
          response: { 200: envelope(documentStatusReply) },
        },
      },
      async (req) => ({ data: await generateDataset(scope.deps, req.body, actorCallerOf(req)) }),
    );
    r.post(
      '/Researches/GenerateDatasetByForm',
      {
        schema: {
          tags: ['Researches'],
          description: datasetDescription('forms'),
          body: datasetByFormGenerate,
          response: { 200: envelope(documentStatusReply) },
        },
      },
      async (req) => ({ data: await generateDataset(scope.deps, req.body, actorCallerOf(req)) }),
    );

    // GET in the spec, though each creates a document (Started) and a job: the answer is the document.
    const trackerDescription = (what: string) =>
      `${what} of the subjects the caller sees (a site user: their own centre; researchOrganisationId narrows to one centre), as an XLSX workbook made in the background: the document comes back Started; poll GET /Documents/{id}. The randomisation group only for a caller who sees groups.`;
    r.get(
      '/ResearchOrganisations/GenerateTracker',
      {
        schema: {
          tags: ['ResearchOrganisations'],
          description: trackerDescription('The tracker: every visit status and date'),
          querystring: trackerGenerateQuery,
          response: { 200: envelope(documentStatusReply) },
        },
      },
      async (req) => ({ data: await generateTracker(scope.deps, 'tracker', req.query, actorCallerOf(req)) }),
    );
    r.get(
      '/ResearchOrganisations/GenerateTimeTracker',
      {
        schema: {
          tags: ['ResearchOrganisations'],
          description: trackerDescription('The time tracker: planned windows against actual dates of visits and time points'),
          querystring: trackerGenerateQuery,
          response: { 200: envelope(documentStatusReply) },
        },
      },
      async (req) => ({ data: await generateTracker(scope.deps, 'time_tracker', req.query, actorCallerOf(req)) }),
    );
    r.get(
      '/ReferenceGroups/GenerateReferenceReport',
      {
        schema: {
          tags: ['ReferenceGroups'],
          description:
            "A centre's reference groups and their ranges (by sex, age, with units) as a PDF (default) or XLSX made in the background: the document comes back Started; poll GET /Documents/{id}.",
          querystring: referenceReportGenerateQuery,
          response: { 200: envelope(documentStatusReply) },
        },
      },
      async (req) => ({ data: await generateReferenceReport(scope.deps, req.query, actorCallerOf(req)) }),
    );

    r.get(
      '/Documents/Paged',
      { schema: { tags: ['Documents'], querystring: documentsPagedQuery, response: { 200: paged(documentStatusReply) } } },
      async (req) => listDocuments(scope.deps, req.query, actorCallerOf(req)),
    );

    r.get(
      '/Documents/PersonalList',
      {
        schema: {
          tags: ['Documents'],
          description:
            "The caller's own documents in the research (the profile), newest first, with the filters of /Documents/Paged.",
          querystring: documentsPersonalQuery,
          response: { 200: paged(documentStatusReply) },
        },
      },
      async (req) => personalDocuments(scope.deps, req.query, actorCallerOf(req)),
    );

    // The spec names POST; PUT is accepted too (the toggle changes the document in place).
    for (const method of ['post', 'put'] as const)
      r[method](
        '/Documents/:id/ToggleVisible',
        {
          schema: {
            tags: ['Documents'],
            params,
            description:
              'Switches forAll (common to every employee of the research): a documents administrator or the author makes it common; only the author makes it private again.',
            response: { 200: envelope(documentStatusReply) },
          },
        },
        async (req) => {
          const caller = actorCallerOf(req);
          return { data: await toggleVisible(scope.deps, req.params.id, caller), message: successMessage('saved', caller.lang) };
        },
      );

    r.delete(
      '/Documents/:id',
      {
        schema: {
          tags: ['Documents'],
          params,
          description: 'Documents administrators: status Deleted and the file removed; the record and its audit trail stay.',
          response: { 200: messageOnly },
        },
      },
      async (req) => {
        const caller = actorCallerOf(req);
        await deleteGeneratedDocument(scope.deps, req.params.id, caller);
        return { message: successMessage('deleted', caller.lang) };
      },
    );

    r.get(
      '/Documents/:id',
      { schema: { tags: ['Documents'], params, response: { 200: envelope(documentStatusReply) } } },
      async (req) => ({ data: await service.documentStatus(scope.deps, req.params.id, actorCallerOf(req)) }),
    );

    r.get(
      '/Documents/:id/Confidential',
      {
        schema: {
          tags: ['Documents'],
          params,
          description:
            "A PDF for the PDF viewer, for this session only: file = AES-256-CBC of the bytes, iv, and key = the AES key RSA-OAEP (SHA-256) encrypted with the session's public key (the sign-in's rsaKey is its private half); base64. The readers of GET /Documents/{id}, those who only preview included.",
          response: { 200: envelope(documentConfidentialReply) },
        },
      },
      async (req) => ({ data: await confidentialDocument(scope.deps, req.params.id, actorCallerOf(req)) }),
    );

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
