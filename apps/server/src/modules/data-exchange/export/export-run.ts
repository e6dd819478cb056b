import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { DataExportResult, ExportFormat } from '@edc/domain';
import type { Db } from '../../../platform/db/client.js';
import { researchOrganisations } from '../../../platform/db/schema/index.js';
import { notFound } from '../../../platform/http/errors.js';
import { findResearch } from '../../researches/researches.queries.js';
import { countValues } from './export-counts.js';
import { coveredForms, loadExportDesign } from './export-design.js';
import type { ExportActor, ExportRequest } from './export-request.js';
import { readRecords } from './export-rows.js';
import { scopeOf, withSnapshot } from './export-scope.js';
import { CsvDatasets } from './csv-writer.js';
import { DatasetJsonDatasets } from './dataset-json-writer.js';
import { loadOdmAdmin } from './odm-admin-data.js';
import { writeOdmClinicalData } from './odm-clinical-writer.js';
import { writeDatasets } from './tabular-pass.js';
import { TextSink } from './text-sink.js';
import { XlsxDatasets } from './xlsx-writer.js';
import { ZipWriter } from './zip.js';

/**
 * One dataset export from the request to the file (docs/data-exchange.md "Exports"): the design and its
 * OIDs, the count of values for the progress, then the format's writer over the streamed records, all on
 * one snapshot where the database allows it. The job (export.job.ts) and the benchmark both call this.
 */
export const EXPORT_FILE: Record<ExportFormat, { extension: string; contentType: string }> = {
  odm: { extension: 'zip', contentType: 'application/zip' },
  datasetJson: { extension: 'zip', contentType: 'application/zip' },
  csv: { extension: 'zip', contentType: 'application/zip' },
  xlsx: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
};

export interface ExportRun {
  db: Db;
  request: ExportRequest;
  actor: ExportActor;
  /** Where the file is written. */
  file: string;
  /** A folder of the run's own for intermediate files. */
  tmpDir: string;
  /** Unique per export (the job's id): in the files' OIDs. */
  runId: string;
  /** The name of the file inside the zip of an ODM export (without extension). */
  baseName: string;
  now?: Date;
  progress(processed: number, total: number): Promise<void>;
}

export async function runExport(run: ExportRun): Promise<DataExportResult> {
  const { request, actor } = run;
  const research = await findResearch(run.db, request.researchId);
  if (!research) throw notFound('researchId');
  const now = run.now ?? new Date();
  const out = createWriteStream(run.file);
  try {
    const result = await withSnapshot(run.db, async (db) => {
      const design = await loadExportDesign(db, research);
      const forms = coveredForms(design, request.formIds, request.visitIds);
      const scope = scopeOf(
        request,
        actor,
        forms.map((f) => f.id),
      );
      const history = request.format === 'odm' && request.withAuditRecords;
      const total = await countValues(db, scope, history);
      await run.progress(0, total);
      const progress = (values: number) => run.progress(values, total);

      if (request.format === 'odm') {
        const zip = new ZipWriter(out);
        const entry = zip.entry(`${run.baseName}.xml`);
        const signatures = request.withSignatures;
        const admin = await loadOdmAdmin(db, design, scope, {
          audit: history,
          signatures,
          today: now.toISOString().slice(0, 10),
        });
        const counts = await writeOdmClinicalData({
          design,
          admin,
          fileOid: `EDC.EXPORT.${run.runId}`,
          now,
          history,
          signatures,
          seesGroup: actor.seesGroup,
          records: readRecords(db, design, scope, scope.formIds, { history, signatures, seesGroup: actor.seesGroup }),
          out: new TextSink(entry.sink),
          progress,
        });
        await entry.end();
        await zip.end();
        return { ...counts, files: 1 };
      }

      const centres = await db
        .select({ id: researchOrganisations.id, number: researchOrganisations.number })
        .from(researchOrganisations)
        .where(eq(researchOrganisations.researchId, research.id));
      const numberOf = new Map(centres.map((c) => [c.id, c.number]));
      const opts = {
        lang: actor.language,
        seesGroup: actor.seesGroup,
        centreNumber: (id: string) => numberOf.get(id) ?? '',
        progress,
      };

      if (request.format === 'xlsx') {
        const book = new XlsxDatasets(out, actor.language);
        const counts = await writeDatasets(db, design, scope, forms, book, opts);
        await book.finish(counts.datasets);
        return { subjects: counts.subjects, forms: counts.forms, values: counts.values, files: 1 };
      }
      const zip = new ZipWriter(out);
      if (request.format === 'csv') {
        const csv = new CsvDatasets(zip);
        const counts = await writeDatasets(db, design, scope, forms, csv, opts);
        await csv.dictionary(actor.language, counts.datasets);
        await zip.end();
        return { subjects: counts.subjects, forms: counts.forms, values: counts.values, files: forms.length + 1 };
      }
      const json = new DatasetJsonDatasets(zip, {
        studyOid: design.studyOid,
        mdvOid: design.mdvOid,
        fileOid: `EDC.EXPORT.${run.runId}`,
        now,
        tmpDir: run.tmpDir,
      });
      const counts = await writeDatasets(db, design, scope, forms, json, opts);
      await zip.end();
      return { subjects: counts.subjects, forms: counts.forms, values: counts.values, files: forms.length };
    });
    if (!out.writableEnded) out.end();
    await finished(out);
    return result;
  } catch (e) {
    out.destroy();
    throw e;
  }
}
