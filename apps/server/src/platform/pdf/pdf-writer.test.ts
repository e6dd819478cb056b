import { describe, expect, it } from 'vitest';
import { checkPdf } from '../../../test/support/pdf-checks.js';
import { PdfWriter } from './pdf-writer.js';

describe('PdfWriter', () => {
  it('writes a valid PDF with embedded fonts whose text extracts in Cyrillic and Latin', async () => {
    const pdf = new PdfWriter({ title: 'Визит 1', language: 'ru' });
    pdf.title('Визит «Скрининг»').heading('Форма: Демография').field('Дата рождения', '01.02.1980').field('Пол', 'Женский');
    pdf.paragraph('Примечание: пациентка Ёлкина сообщила о головной боли', { italic: true }).rule().small('Latin text too');
    const bytes = await pdf.finish((page, pages) => `Страница ${page} из ${pages}`);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages, fonts } = await checkPdf(bytes);
    expect(pages).toBe(1);
    for (const s of [
      'Визит «Скрининг»',
      'Форма: Демография',
      'Дата рождения: 01.02.1980',
      'Ёлкина',
      'Latin text too',
      'Страница 1 из 1',
    ])
      expect(text).toContain(s);
    // Every font is embedded (the "emb" column of pdffonts is "yes" on each line) and is DejaVu.
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r).toMatch(/DejaVu.*\byes\b/);
  });

  it('breaks long content onto further pages and numbers them all', async () => {
    const pdf = new PdfWriter({ title: 'Long', language: 'en' });
    for (let i = 0; i < 200; i++) pdf.field(`Поле ${i}`, `значение ${i}`);
    const bytes = await pdf.finish((page, pages) => `Page ${page} of ${pages}`);
    const { text, pages } = await checkPdf(bytes);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Поле 199: значение 199');
  });

  it('fails the check for a damaged file (the check can fail)', async () => {
    const pdf = new PdfWriter({ title: 'x', language: 'en' });
    pdf.paragraph('text');
    const bytes = await pdf.finish(() => '');
    const damaged = Buffer.concat([bytes.subarray(0, bytes.length / 2), Buffer.from('garbage')]);
    await expect(checkPdf(damaged)).rejects.toThrow();
  });
});
