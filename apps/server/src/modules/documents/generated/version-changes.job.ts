import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { storeGeneratedDocument } from './generated-documents.js';
import { readVersionChanges } from './version-changes-content.js';
import { renderVersionChanges } from './version-changes-pdf.js';
import type { VersionChangesParams } from './version-changes.service.js';

/** The version_changes job: compares the two versions' designs as they are now (Started → Done or Error). */
export const versionChangesJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as VersionChangesParams;
  const changes = await readVersionChanges(ctx.db, p.firstVersionId, p.secondVersionId);
  const bytes = await renderVersionChanges(changes, { lang: ctx.job.actor.language, timeZone: p.timeZone, now: new Date() });
  await storeGeneratedDocument(ctx.db, p.documentId, bytes);
  return { documentId: p.documentId, result: { sizeBytes: bytes.length, changes: changes.changes.length } };
};
