import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/**
 * The fonts embedded in every generated PDF: DejaVu Sans (npm `dejavu-fonts-ttf`, the Bitstream Vera licence
 * with DejaVu's changes in the public domain), which covers Latin and Cyrillic. They come with `npm install`,
 * so a clean clone renders Russian without system fonts. PDFKit embeds only the glyphs a document uses.
 */
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

export const PDF_FONTS = {
  regular: path.join(FONT_DIR, 'DejaVuSans.ttf'),
  bold: path.join(FONT_DIR, 'DejaVuSans-Bold.ttf'),
  italic: path.join(FONT_DIR, 'DejaVuSans-Oblique.ttf'),
} as const;

export type PdfFont = keyof typeof PDF_FONTS;

const fontBytes = new Map<PdfFont, Buffer>();

/**
 * A font's file, read once per process: every PDF made here (a centre's archive makes one per subject) shares
 * the same bytes rather than reading 2 MB of fonts anew each time.
 */
export function pdfFontBytes(font: PdfFont): Buffer {
  let bytes = fontBytes.get(font);
  if (!bytes) fontBytes.set(font, (bytes = readFileSync(PDF_FONTS[font])));
  return bytes;
}
