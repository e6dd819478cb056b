import type { Writable } from 'node:stream';
import type { Zip, ZipDeflate } from 'fflate';
import { drained, type ByteSink } from './text-sink.js';
import { zipLibrary } from '../../../platform/lazy-library.js';

/**
 * A zip written as it is made (fflate's streaming Zip): entries one after another, each deflated as its
 * bytes arrive, the output written to `out` with its backpressure respected. Nothing is held but the
 * deflater's window.
 */
export class ZipWriter {
  private readonly zip: Zip;
  private failure: Error | null = null;
  private finished!: () => void;
  private readonly done = new Promise<void>((resolve) => (this.finished = resolve));
  private open: ZipDeflate | null = null;

  constructor(
    private readonly out: Writable,
    private readonly level: 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 = 6,
  ) {
    this.zip = new (zipLibrary().Zip)((err, chunk, final) => {
      if (err) this.failure = err;
      else out.write(chunk);
      if (final || err) this.finished();
    });
  }

  private async check() {
    if (this.failure) throw this.failure;
    await drained(this.out);
  }

  /** Starts the next entry (the previous one must have ended); its bytes go through the returned sink. */
  entry(name: string): { sink: ByteSink; end(): Promise<void> } {
    if (this.open) throw new Error(`zip entry ${this.open.filename} is still open`);
    const file = new (zipLibrary().ZipDeflate)(name, { level: this.level });
    this.zip.add(file);
    this.open = file;
    return {
      sink: async (chunk) => {
        file.push(chunk);
        await this.check();
      },
      end: async () => {
        file.push(new Uint8Array(0), true);
        this.open = null;
        await this.check();
      },
    };
  }

  /**
   * Adds a whole entry stored as it is (no deflate: a PDF's streams are compressed already) and waits for
   * `out` to take it; the caller may let the bytes go once this resolves.
   */
  async stored(name: string, bytes: Uint8Array): Promise<void> {
    if (this.open) throw new Error(`zip entry ${this.open.filename} is still open`);
    const file = new (zipLibrary().ZipPassThrough)(name);
    this.zip.add(file);
    file.push(bytes, true);
    await this.check();
  }

  /** Writes the central directory; `out` is not ended. */
  async end(): Promise<void> {
    this.zip.end();
    await this.done;
    await this.check();
  }
}
