import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { datasetFileNamer, datasetNameOf } from './dataset-files.js';
import type { DesignForm } from './export-design.js';
import type { DatasetWriter } from './tabular-pass.js';
import type { Cell, Column } from './tabular-columns.js';
import { streamSink, TextSink } from './text-sink.js';
import type { ZipWriter } from './zip.js';

/**
 * CDISC Dataset-JSON 1.1 datasets in a zip (docs/data-exchange.md "Dataset-JSON"): one `<form OID>.json` per
 * form, itemGroupOID the form's OID, a row per subject form. The specification asks for `records` before the
 * rows and the count is known only once they are read, so each dataset's rows go to a temporary file first and
 * are copied into the zip behind their header: the count is always the rows', whatever is saved meanwhile.
 */
export interface DatasetJsonMeta {
  studyOid: string;
  mdvOid: string;
  /** Unique per export; each dataset's fileOID is it plus its file's name. */
  fileOid: string;
  now: Date;
  tmpDir: string;
}

function columnJson(c: Column) {
  return {
    itemOID: c.itemOid,
    name: c.name,
    label: c.label,
    dataType: c.dataType,
    // Decimals travel as strings so that no digit is lost to binary floating point.
    ...(c.dataType === 'decimal' ? { targetDataType: 'decimal' } : {}),
    ...(c.keySequence ? { keySequence: c.keySequence } : {}),
  };
}

export class DatasetJsonDatasets implements DatasetWriter {
  private rowsFile = '';
  private rowsOut: WriteStream | null = null;
  private text: TextSink | null = null;
  private columns: Column[] = [];
  private first = true;
  private readonly fileOf = datasetFileNamer('json');

  constructor(
    private readonly zip: ZipWriter,
    private readonly meta: DatasetJsonMeta,
  ) {}

  async start(form: DesignForm, columns: Column[]) {
    this.rowsFile = path.join(this.meta.tmpDir, `${form.id}.rows.json`);
    this.rowsOut = createWriteStream(this.rowsFile);
    this.text = new TextSink(streamSink(this.rowsOut));
    this.columns = columns;
    this.first = true;
  }

  row(cells: Cell[]) {
    this.text!.put(`${this.first ? '' : ',\n'}${JSON.stringify(cells)}`);
    this.first = false;
  }

  async flush() {
    await this.text!.flushIfFull();
  }

  async end(form: DesignForm, records: number) {
    await this.text!.flush();
    this.rowsOut!.end();
    await finished(this.rowsOut!);
    // The specification's attribute order; rows last.
    const head = JSON.stringify({
      datasetJSONCreationDateTime: this.meta.now.toISOString(),
      datasetJSONVersion: '1.1.0',
      // Forms of several visits may share a FormDef's OID (odm-shared-defs.ts); their files' names are unique.
      fileOID: `${this.meta.fileOid}.${this.fileOf(form).replace(/\.json$/, '')}`,
      originator: 'EDC',
      studyOID: this.meta.studyOid,
      metaDataVersionOID: this.meta.mdvOid,
      itemGroupOID: form.oid,
      records,
      name: datasetNameOf(form),
      label: form.title,
      columns: this.columns.map(columnJson),
    });
    const entry = this.zip.entry(this.fileOf(form));
    await entry.sink(Buffer.from(`${head.slice(0, -1)},"rows":[\n`, 'utf8'));
    for await (const chunk of createReadStream(this.rowsFile, { highWaterMark: 1 << 16 })) await entry.sink(chunk as Buffer);
    await entry.sink(Buffer.from('\n]}\n', 'utf8'));
    await entry.end();
    await rm(this.rowsFile, { force: true });
  }
}
