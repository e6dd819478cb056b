import type { TFunction } from 'i18next';
import type { FormEntry, SummaryLayout } from '@edc/domain';
import type { GridColumn } from './EntriesGrid';
import { columnHeader } from './cells';
import { MoreCell, SectionCell, StatusBadge, ValueCell } from './EntryCells';

/**
 * The columns of an entries table: status badge, the subject's three numbers and the form index pinned at
 * the spec's offsets (0, 50, 130, 180, 230 px; on a phone only the first two stay pinned), then the fields of
 * each section with the section's 'Completed?' after them, then the 'more' action.
 */
export function entryColumns<T extends FormEntry>(
  layout: SummaryLayout,
  t: TFunction,
  opts: { width: (c: SummaryLayout['columns'][number]) => number; narrow: boolean; trailing?: GridColumn<T>[] },
): GridColumn<T>[] {
  const pin = (n: number) => !opts.narrow || n < 2;
  const fixed: GridColumn<T>[] = [
    {
      id: 'status',
      header: '',
      headerText: t('summary:column.status'),
      width: 50,
      pinned: true,
      cell: (e) => <StatusBadge status={e.status} />,
    },
    {
      id: 'scr',
      header: t('summary:column.screening'),
      headerText: t('summary:column.screening'),
      width: 80,
      pinned: pin(1),
      cell: (e) => e.screeningNumber,
    },
    {
      id: 'rand',
      header: t('summary:column.randomisation'),
      headerText: t('summary:column.randomisation'),
      width: 50,
      pinned: pin(2),
      cell: (e) => e.randomizationNumber ?? '',
    },
    {
      id: 'ident',
      header: t('summary:column.identification'),
      headerText: t('summary:column.identification'),
      width: 50,
      pinned: pin(3),
      cell: (e) => e.identificationNumber,
    },
    { id: 'index', header: '#', headerText: t('summary:column.formIndex'), width: 50, pinned: pin(4), cell: (e) => e.formIndex },
  ];
  const fields: GridColumn<T>[] = [];
  for (const section of layout.sections) {
    for (const c of layout.columns.filter((col) => col.formSectionId === section.id)) {
      const header = columnHeader(c);
      fields.push({
        id: c.formFieldId,
        header,
        headerText: header,
        width: opts.width(c),
        cell: (e) => <ValueCell entry={e} column={c} />,
      });
    }
    const completed = t('summary:column.completed', { section: section.sectionName });
    fields.push({
      id: `section-${section.id}`,
      header: completed,
      headerText: completed,
      width: 160,
      cell: (e) => <SectionCell section={e.sections.find((s) => s.formSectionId === section.id)} />,
    });
  }
  const more: GridColumn<T> = {
    id: 'more',
    header: '',
    headerText: t('summary:column.more'),
    width: 50,
    cell: (e) => <MoreCell entry={e} />,
  };
  return [...fixed, ...fields, ...(opts.trailing ?? []), more];
}
