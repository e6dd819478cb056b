import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { JobHandler } from '../../../platform/jobs/jobs.js';
import { EXPORT_FILE, runExport } from '../../data-exchange/export/export-run.js';
import { storeGeneratedDocument } from './generated-documents.js';
import type { DatasetDocumentParams } from './dataset-document.service.js';

/**
 * The dataset_document job (docs/documents.md "Datasets"): the data exchange's export (export-run.ts) of the
 * chosen visits or forms, for the requester (language, blinding, centre), streamed to a temporary file whose
 * bytes become the Started document's file (Done). `withCreators` is the ODM export's AuditRecords. Every form
 * status; test sites' subjects left out, as in an export.
 */
export const datasetDocumentJob: JobHandler = async (ctx) => {
  const p = ctx.job.params as unknown as DatasetDocumentParams;
  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'edc-dataset-'));
  try {
    const file = path.join(tmpDir, `dataset.${EXPORT_FILE[p.format].extension}`);
    const result = await runExport({
      db: ctx.db,
      request: {
        researchId: p.researchId,
        format: p.format,
        visitIds: p.visitIds,
        formIds: p.formIds,
        formStatus: 'All',
        withAuditRecords: p.withCreators,
        withSignatures: false,
        withTestSubjects: false,
      },
      actor: ctx.job.actor,
      file,
      tmpDir,
      runId: ctx.job.id,
      baseName: 'dataset',
      progress: (processed, total) => ctx.progress(processed, total),
    });
    await storeGeneratedDocument(ctx.db, p.documentId, await readFile(file));
    return { documentId: p.documentId, result };
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
};
