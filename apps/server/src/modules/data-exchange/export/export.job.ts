import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { storeExportDocument } from './export-document.js';
import { exportRequestOf } from './export-request.js';
import { EXPORT_FILE, runExport } from './export-run.js';

/**
 * The data_export job (docs/data-exchange.md "Exports"): writes the requested dataset to a temporary file
 * for the actor who asked (their language, blinding and centre), keeps it as a document of type Dataset and
 * answers with its counts (domain `dataExportResult`). The temporary folder goes whatever happens.
 */
export const exportJob: JobHandler = async (ctx) => {
  const request = exportRequestOf(ctx.job.params);
  const actor = ctx.job.actor;
  const { extension, contentType } = EXPORT_FILE[request.format];
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'edc-export-'));
  try {
    const file = path.join(tmpDir, `export.${extension}`);
    const result = await runExport({
      db: ctx.db,
      request,
      actor,
      file,
      tmpDir,
      runId: ctx.job.id,
      baseName: ctx.job.name.replace(/\.[A-Za-z0-9]+$/, ''),
      progress: (processed, total) => ctx.progress(processed, total),
    });
    const documentId = await storeExportDocument(ctx.db, {
      researchId: request.researchId,
      name: ctx.job.name,
      extension,
      contentType,
      createdBy: actor.userId,
      file,
    });
    return { documentId, result };
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
};
