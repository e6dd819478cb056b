import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { and, asc, count, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { NoteType } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { subjects } from '../../../platform/db/schema/index.js';
import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { ZipWriter } from '../../data-exchange/export/zip.js';
import { storeGeneratedDocumentFile } from './generated-documents.js';
import type { SubjectCardArchiveParams } from './subject-card-archive.service.js';
import { readSubjectCard } from './subject-card-content.js';
import { renderSubjectCard, subjectCardName } from './subject-card-pdf.js';

/** A file name without the characters file systems refuse. */
const fileName = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');

/** Subjects read per statement (their ids only). */
export const ARCHIVE_PAGE = 100;

type Key = { id: string; identificationNumber: string };

/**
 * The centre's live subjects in archive order (identification number, then id), a page at a time after
 * `after` (keyset; subjects_identification_number_sort_idx finds the research's live subjects in number order).
 */
async function subjectPage(db: Db, researchId: string, centreId: string, after: Key | null): Promise<Key[]> {
  const where: (SQL | undefined)[] = [
    eq(subjects.researchId, researchId),
    eq(subjects.researchOrganisationId, centreId),
    isNull(subjects.deletedAt),
  ];
  if (after)
    where.push(
      or(
        gt(subjects.identificationNumber, after.identificationNumber),
        and(eq(subjects.identificationNumber, after.identificationNumber), gt(subjects.id, after.id)),
      ),
    );
  return db
    .select({ id: subjects.id, identificationNumber: subjects.identificationNumber })
    .from(subjects)
    .where(and(...where))
    .orderBy(asc(subjects.identificationNumber), asc(subjects.id))
    .limit(ARCHIVE_PAGE);
}

/**
 * The subject_card_archive job (docs/documents.md "Subject cards archive"): one ZIP with the card of each live
 * subject of the centre, streamed: the subjects are read a page at a time, each card is rendered, written to
 * the archive (stored: a PDF is compressed already) in a temporary file and let go before the next one, and
 * the file is moved into the document's storage block by block. What the process holds does not grow with the
 * number of subjects. The temporary folder goes whatever happens.
 */
export const subjectCardArchiveJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as SubjectCardArchiveParams;
  const lang = ctx.job.actor.language;
  const researchId = ctx.job.researchId!;
  const [{ total } = { total: 0 }] = await ctx.db
    .select({ total: count() })
    .from(subjects)
    .where(and(eq(subjects.researchId, researchId), eq(subjects.researchOrganisationId, p.centreId), isNull(subjects.deletedAt)));
  await ctx.progress(0, total);
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'edc-archive-'));
  try {
    const file = path.join(tmpDir, 'archive.zip');
    const out = createWriteStream(file);
    const zip = new ZipWriter(out);
    let done = 0;
    let after: Key | null = null;
    try {
      for (;;) {
        const page = await subjectPage(ctx.db, researchId, p.centreId, after);
        for (const s of page) {
          const content = await readSubjectCard(ctx.db, s.id, p.noteTypes as NoteType[]);
          const pdf = await renderSubjectCard(content, { lang, timeZone: p.timeZone, now: new Date() });
          await zip.stored(`${fileName(subjectCardName(lang, content.subject.identificationNumber))}.pdf`, pdf);
          await ctx.progress(++done, total);
        }
        if (page.length < ARCHIVE_PAGE) break;
        after = page.at(-1)!;
      }
      await zip.end();
    } finally {
      out.end();
      await finished(out).catch(() => {});
    }
    const sizeBytes = await storeGeneratedDocumentFile(ctx.db, p.documentId, file);
    return { documentId: p.documentId, result: { sizeBytes, subjects: done } };
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
};
