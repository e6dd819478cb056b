import { PassThrough, type Readable } from 'node:stream';
import { enumLabel, type ItemNoteRow, type Language, type NoteStatus, type NoteType } from '@edc/domain';
import type { Deps } from '../../platform/deps.js';
import type { Db } from '../../platform/db/client.js';
import type { SQL } from 'drizzle-orm';
import type { ActorCaller } from '../../platform/http/caller.js';
import { formatInstant } from '../data-entry/instant-text.js';
import { noteScopeOf, notesWhere, type NoteFilters } from './notes-filter.js';
import { noteRows } from './notes-list.service.js';
import { excel } from '../../platform/lazy-library.js';

/**
 * GET /ItemNote/GenerateReport: the notes of the queries page's filter (no paging) as an XLSX workbook,
 * headings and labels in the caller's language, dates in its time zone. Written with exceljs's streaming
 * WorkbookWriter while the notes are read a page at a time (keyset, REPORT_PAGE notes), so memory does not
 * grow with the table; the reply streams as it is written.
 */

const REPORT_PAGE = 1000;

const TYPE_LABELS: Record<Language, Record<NoteType, string>> = {
  ru: {
    Comment: 'Комментарий',
    QaNote: 'Замечание ОКК',
    DmNote: 'Замечание ДМ',
    KioNote: 'Замечание КИО',
    Auto: 'Автоматическое',
  },
  en: { Comment: 'Comment', QaNote: 'QA query', DmNote: 'DM query', KioNote: 'Monitor query', Auto: 'Automatic' },
};
const STATUS_LABELS: Record<Language, Record<NoteStatus, string>> = {
  ru: {
    New: 'Новое',
    Updated: 'Обновлено',
    ResolutionProposed: 'Предложено решение',
    Closed: 'Закрыто',
    NotApplicable: 'Не применимо',
  },
  en: {
    New: 'New',
    Updated: 'Updated',
    ResolutionProposed: 'Resolution proposed',
    Closed: 'Closed',
    NotApplicable: 'Not applicable',
  },
};

const COLUMNS = [
  { key: 'identificationNumber', width: 14, ru: 'Идентификационный номер', en: 'Identification number' },
  { key: 'screeningNumber', width: 14, ru: 'Скрининговый номер', en: 'Screening number' },
  { key: 'randomisationNumber', width: 14, ru: 'Рандомизационный номер', en: 'Randomisation number' },
  { key: 'centre', width: 8, ru: 'Центр', en: 'Site' },
  { key: 'visit', width: 24, ru: 'Визит', en: 'Visit' },
  { key: 'visitDate', width: 12, ru: 'Дата визита', en: 'Visit date' },
  { key: 'form', width: 28, ru: 'Форма', en: 'Form' },
  { key: 'section', width: 22, ru: 'Раздел', en: 'Section' },
  { key: 'field', width: 32, ru: 'Поле', en: 'Field' },
  { key: 'type', width: 16, ru: 'Тип', en: 'Type' },
  { key: 'status', width: 18, ru: 'Статус', en: 'Status' },
  { key: 'note', width: 48, ru: 'Замечание', en: 'Query' },
  { key: 'lastEntry', width: 48, ru: 'Последняя запись', en: 'Last entry' },
  { key: 'entryCount', width: 8, ru: 'Записей', en: 'Entries' },
  { key: 'createdBy', width: 28, ru: 'Автор', en: 'Raised by' },
  { key: 'role', width: 22, ru: 'Роль', en: 'Role' },
  { key: 'createdAt', width: 17, ru: 'Создано', en: 'Created' },
  { key: 'closeAt', width: 17, ru: 'Закрыто', en: 'Closed' },
] as const;

const dateText = (date: string) => date.split('-').reverse().join('.');

function cells(r: ItemNoteRow, lang: Language, timeZone: string): Record<(typeof COLUMNS)[number]['key'], string | number> {
  return {
    identificationNumber: r.subject.identificationNumber,
    screeningNumber: r.subject.screeningNumber,
    randomisationNumber: r.subject.randomisationNumber ?? '',
    centre: r.researchOrganisation.number,
    visit: r.subjectVisit.title,
    visitDate: dateText(r.subjectVisit.date),
    form: r.subjectForm.repeatedIndex > 0 ? `${r.subjectForm.title} (${r.subjectForm.repeatedIndex + 1})` : r.subjectForm.title,
    section: r.sectionName,
    field: r.subjectFormField.text,
    type: TYPE_LABELS[lang][r.type],
    status: STATUS_LABELS[lang][r.status],
    note: r.note,
    lastEntry: r.lastEntry ?? '',
    entryCount: r.entryCount,
    createdBy: r.createdBy.fullName,
    role: r.createdBy.employeeType ? enumLabel('employeeType', r.createdBy.employeeType)[lang] : '',
    createdAt: formatInstant(new Date(r.createdAt), timeZone),
    closeAt: r.closeAt ? formatInstant(new Date(r.closeAt), timeZone) : '',
  };
}

async function writeWorkbook(db: Db, where: SQL, caller: ActorCaller, out: PassThrough): Promise<void> {
  const lang = caller.lang;
  const workbook = new (excel().stream.xlsx.WorkbookWriter)({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(lang === 'ru' ? 'Замечания' : 'Queries');
  sheet.columns = COLUMNS.map((c) => ({ header: c[lang], key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let afterId: string | undefined;
  for (;;) {
    const rows = await noteRows(db, where, { limit: REPORT_PAGE, afterId });
    for (const r of rows) sheet.addRow(cells(r, lang, caller.timeZone)).commit();
    if (rows.length < REPORT_PAGE) break;
    afterId = rows.at(-1)!.id;
  }
  sheet.commit();
  await workbook.commit();
}

export async function noteReport(
  deps: Deps,
  q: NoteFilters,
  caller: ActorCaller,
): Promise<{ fileName: string; stream: Readable }> {
  // Scope and filters are checked before anything is sent: a refusal is still a JSON error.
  const scope = await noteScopeOf(deps.db, caller.actor, { researchOrganisationId: q.researchOrganisationId });
  const where = await notesWhere(deps.db, scope, q, caller.actor);
  const out = new PassThrough();
  writeWorkbook(deps.db, where, caller, out).catch((e: unknown) => out.destroy(e as Error));
  const day = new Date().toISOString().slice(0, 10);
  return { fileName: `${caller.lang === 'ru' ? 'Замечания' : 'Queries'} ${day}.xlsx`, stream: out };
}
