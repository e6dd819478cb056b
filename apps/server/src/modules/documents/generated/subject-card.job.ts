import type { NoteType } from '@edc/domain';
import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { storeGeneratedDocument } from './generated-documents.js';
import { readSubjectCard } from './subject-card-content.js';
import { renderSubjectCard } from './subject-card-pdf.js';
import type { SubjectCardParams } from './subject-card.service.js';

/** The subject_card job: the subject's casebook as it is now, in the requester's language (Started → Done or Error). */
export const subjectCardJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as SubjectCardParams;
  const content = await readSubjectCard(ctx.db, p.subjectId, p.noteTypes as NoteType[]);
  await ctx.progress(0, content.visits.length);
  const bytes = await renderSubjectCard(content, { lang: ctx.job.actor.language, timeZone: p.timeZone, now: new Date() });
  await storeGeneratedDocument(ctx.db, p.documentId, bytes);
  return { documentId: p.documentId, result: { sizeBytes: bytes.length, visits: content.visits.length } };
};
