import { and, asc, eq, isNull } from 'drizzle-orm';
import type { NoteType } from '@edc/domain';
import { subjects } from '../../../platform/db/schema/index.js';
import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { storeGeneratedDocument } from './generated-documents.js';
import { ZipCollector } from './subject-card-archive-zip.js';
import type { SubjectCardArchiveParams } from './subject-card-archive.service.js';
import { readSubjectCard } from './subject-card-content.js';
import { renderSubjectCard, subjectCardName } from './subject-card-pdf.js';

/** A file name without the characters file systems refuse. */
const fileName = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');

/** The subject_card_archive job: one ZIP with the card of each live subject of the centre, made one by one. */
export const subjectCardArchiveJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as SubjectCardArchiveParams;
  const lang = ctx.job.actor.language;
  const rows = await ctx.db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.researchOrganisationId, p.centreId), isNull(subjects.deletedAt)))
    .orderBy(asc(subjects.identificationNumber));
  const zip = new ZipCollector();
  await ctx.progress(0, rows.length);
  for (const [i, r] of rows.entries()) {
    const content = await readSubjectCard(ctx.db, r.id, p.noteTypes as NoteType[]);
    const pdf = await renderSubjectCard(content, { lang, timeZone: p.timeZone, now: new Date() });
    zip.add(`${fileName(subjectCardName(lang, content.subject.identificationNumber))}.pdf`, pdf);
    await ctx.progress(i + 1, rows.length);
  }
  const bytes = await zip.finish();
  await storeGeneratedDocument(ctx.db, p.documentId, bytes);
  return { documentId: p.documentId, result: { sizeBytes: bytes.length, subjects: rows.length } };
};
