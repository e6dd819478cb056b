import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Where encoded bytes go: a zip entry or a file; resolves once the destination can take more. */
export type ByteSink = (chunk: Buffer) => Promise<void>;

/** Waits for `out` to drain when its buffer is full (write backpressure), and fails with its error. */
export async function drained(out: Writable): Promise<void> {
  if (out.errored) throw out.errored;
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** A ByteSink that writes to a stream, waiting for it to drain. */
export const streamSink =
  (out: Writable): ByteSink =>
  async (chunk) => {
    out.write(chunk);
    await drained(out);
  };

/**
 * Text written in small pieces and sent on as UTF-8 in blocks of about 64 KiB: writers `put` synchronously
 * (no promise per value) and `await flushIfFull()` once per record, so memory stays at one block.
 */
export class TextSink {
  private text = '';

  constructor(
    private readonly sink: ByteSink,
    private readonly blockChars = 1 << 16,
  ) {}

  put(s: string): void {
    this.text += s;
  }

  async flushIfFull(): Promise<void> {
    if (this.text.length >= this.blockChars) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.text) return;
    const chunk = Buffer.from(this.text, 'utf8');
    this.text = '';
    await this.sink(chunk);
  }
}
