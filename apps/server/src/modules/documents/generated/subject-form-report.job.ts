import type { NoteType } from '@edc/domain';
import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { storeGeneratedDocument } from './generated-documents.js';
import { formTitleOf, type SubjectFormReportParams } from './subject-form-report.service.js';
import { readVisitContent } from './visit-content.js';
import { renderVisitPdf, subjectFormReportName } from './visit-pdf.js';

/**
 * The subject_form_report job: reads the subject form as it is now (its sections, fields, values, statuses,
 * validation, the notes the requester sees, the visit's signatures) and stores its PDF in the requester's
 * language (Started → Done). A form or visit gone meanwhile is a refusal: the document ends in Error.
 */
export const subjectFormReportJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as SubjectFormReportParams;
  const content = await readVisitContent(ctx.db, p.subjectVisitId, p.noteTypes as NoteType[], p.subjectFormId);
  const lang = ctx.job.actor.language;
  const form = content.forms[0]!;
  const title = subjectFormReportName(lang, {
    formTitle: formTitleOf(form.title, form.repeatedIndex),
    visitTitle: content.visit.visit.title,
    subjectNumber: content.subject.identificationNumber,
  });
  const bytes = await renderVisitPdf(content, { lang, timeZone: p.timeZone, now: new Date() }, title);
  await storeGeneratedDocument(ctx.db, p.documentId, bytes);
  return { documentId: p.documentId, result: { sizeBytes: bytes.length } };
};
