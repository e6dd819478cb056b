import { PDF_FONTS, pdfFontBytes, type PdfFont } from './fonts.js';
import { pdfkit } from '../lazy-library.js';

export interface PdfMeta {
  title: string;
  author?: string;
  /** BCP 47 language of the text ('ru', 'en'), for readers and screen readers. */
  language: string;
}

const MARGIN = 50;
const SIZE = { title: 16, heading: 13, subheading: 11, text: 9.5, small: 8 } as const;
const GREY = '#555555';

/**
 * A small layout layer over PDFKit for generated documents (docs/documents.md "PDF"): A4 pages, the DejaVu
 * fonts embedded (Cyrillic), headings, label–value lines, paragraphs and page numbers. The document is built in
 * memory and returned whole by `finish()`; the documents generated here are casebooks of one subject or one
 * visit (a 50-page casebook is about 200 KB).
 */
export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(meta: PdfMeta) {
    this.doc = new (pdfkit())({
      size: 'A4',
      margin: MARGIN,
      bufferPages: true,
      lang: meta.language,
      displayTitle: true,
      info: { Title: meta.title, Author: meta.author ?? '', Creator: 'EDC', Producer: 'EDC' },
    });
    for (const name of Object.keys(PDF_FONTS) as PdfFont[]) this.doc.registerFont(name, pdfFontBytes(name));
    this.doc.font('regular');
    this.done = new Promise((resolve, reject) => {
      this.doc.on('data', (c: Buffer) => this.chunks.push(c));
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
  }

  private get width() {
    return this.doc.page.width - MARGIN * 2;
  }

  private write(text: string, font: PdfFont, size: number, opts: PDFKit.Mixins.TextOptions & { color?: string } = {}) {
    const { color, ...rest } = opts;
    this.doc
      .font(font)
      .fontSize(size)
      .fillColor(color ?? 'black');
    this.doc.text(text, MARGIN + (rest.indent ?? 0), undefined, { width: this.width - (rest.indent ?? 0), ...rest, indent: 0 });
    return this;
  }

  title(text: string) {
    return this.write(text, 'bold', SIZE.title).gap(0.5);
  }

  heading(text: string) {
    this.keepSpace(60);
    return this.gap(0.6).write(text, 'bold', SIZE.heading).gap(0.2);
  }

  subheading(text: string) {
    this.keepSpace(40);
    return this.gap(0.4).write(text, 'bold', SIZE.subheading).gap(0.1);
  }

  paragraph(text: string, opts: { indent?: number; italic?: boolean; muted?: boolean } = {}) {
    return this.write(text, opts.italic ? 'italic' : 'regular', SIZE.text, {
      indent: opts.indent ?? 0,
      ...(opts.muted ? { color: GREY } : {}),
    });
  }

  /** "Label: value" on one line (wrapping as needed), the label in bold. */
  field(label: string, value: string, opts: { indent?: number } = {}) {
    const indent = opts.indent ?? 0;
    this.doc.font('bold').fontSize(SIZE.text).fillColor('black');
    this.doc.text(`${label}: `, MARGIN + indent, undefined, { width: this.width - indent, continued: true });
    this.doc.font('regular').text(value === '' ? '—' : value);
    return this;
  }

  small(text: string, opts: { indent?: number } = {}) {
    return this.write(text, 'regular', SIZE.small, { indent: opts.indent ?? 0, color: GREY });
  }

  /** A horizontal rule across the text width. */
  rule() {
    const y = this.doc.y + 2;
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    this.doc.y = y + 4;
    return this;
  }

  gap(lines = 1) {
    this.doc.moveDown(lines);
    return this;
  }

  /** Starts a new page unless `points` of height are left on this one (a heading is not left alone at the bottom). */
  keepSpace(points: number) {
    if (this.doc.y + points > this.doc.page.height - MARGIN) this.doc.addPage();
    return this;
  }

  newPage() {
    this.doc.addPage();
    return this;
  }

  /** Numbers the pages ("<footer> · 3 / 12") and returns the finished file. */
  async finish(footer: (page: number, pages: number) => string): Promise<Buffer> {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const bottom = this.doc.page.margins.bottom;
      this.doc.page.margins.bottom = 0;
      this.doc
        .font('regular')
        .fontSize(SIZE.small)
        .fillColor(GREY)
        .text(footer(i + 1, range.count), MARGIN, this.doc.page.height - MARGIN / 2 - SIZE.small, {
          width: this.width,
          align: 'center',
          lineBreak: false,
        });
      this.doc.page.margins.bottom = bottom;
    }
    this.doc.end();
    return this.done;
  }
}
