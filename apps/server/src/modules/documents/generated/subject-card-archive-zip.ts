import { Zip, ZipPassThrough } from 'fflate';
import { pdfText, type Language } from '@edc/domain';

export function subjectCardArchiveName(lang: Language, centre: string): string {
  return pdfText(lang, 'subjectCardArchiveName', { centre });
}

/**
 * A ZIP written entry by entry: each subject's card goes in as soon as it is made and its PDF is let go
 * (stored, not deflated: a PDF's streams are compressed already).
 */
export class ZipCollector {
  private readonly chunks: Uint8Array[] = [];
  private readonly zip: Zip;
  private readonly done: Promise<void>;

  constructor() {
    let resolve!: () => void;
    let reject!: (e: Error) => void;
    this.done = new Promise<void>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    this.zip = new Zip((err, chunk, final) => {
      if (err) return reject(err);
      this.chunks.push(chunk);
      if (final) resolve();
    });
  }

  add(name: string, bytes: Uint8Array): void {
    const entry = new ZipPassThrough(name);
    this.zip.add(entry);
    entry.push(bytes, true);
  }

  async finish(): Promise<Buffer> {
    this.zip.end();
    await this.done;
    return Buffer.concat(this.chunks);
  }
}
