import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Checks a generated PDF with independent tools (poppler-utils and qpdf, installed by .ci/run): `qpdf --check`
 * must find no error, and the text `pdftotext` extracts is returned (whitespace collapsed) for the test to
 * look for the strings the document should hold. Fonts are listed by `pdffonts` to prove they are embedded.
 */
export async function checkPdf(bytes: Buffer): Promise<{ text: string; pages: number; fonts: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'edc-pdf-check-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, bytes);
    const qpdf = await run('qpdf', ['--check', file]);
    if (!/No syntax or stream encoding errors found/.test(qpdf.stdout)) throw new Error(`qpdf --check: ${qpdf.stdout}`);
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
    const info = await run('pdfinfo', [file]);
    const pages = Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1] ?? 0);
    const fonts = (await run('pdffonts', [file])).stdout;
    return { text: stdout.replace(/\s+/g, ' '), pages, fonts };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
