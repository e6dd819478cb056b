import Chip from '@mui/material/Chip';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { localTimeZone, noteAgeDays, todayIn, type ItemNoteRow, type NoteStatus } from '@edc/domain';
import { noteColour } from '../subject-visit/NoteIndicator';
import './i18n';

/** The spec's note colours, in the shades the form's indicators use (white text stays readable on them). */
export const noteStatusColour = noteColour;

/** A note status as a chip in its colour, as the visit statuses are drawn (subjects/ui.tsx). */
export function NoteStatusChip({ status, label, wrap }: { status: NoteStatus; label?: string; wrap?: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={label ?? t(`queries:status.${status}`)}
      data-status={status}
      sx={{
        bgcolor: noteStatusColour(status),
        color: '#fff',
        fontWeight: 500,
        maxWidth: '100%',
        // In a narrow grid column a long status ("Предложено решение") takes two lines.
        ...(wrap ? { height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: '2px' } } : {}),
      }}
    />
  );
}

/** Where a row leads: the subject visit, with its form dialog opened at the note's field. */
export const noteLink = (row: Pick<ItemNoteRow, 'subjectVisit' | 'subjectForm' | 'subjectFormField'>) =>
  `/subjectVisit/${row.subjectVisit.id}?subjectFormId=${row.subjectForm.id}&subjectFormFieldId=${row.subjectFormField.id}`;

/** The form's title, with its occurrence when it is a repeat ("Vital signs #2"; the first one is #1, unnumbered). */
export const noteFormTitle = (row: Pick<ItemNoteRow, 'subjectForm'>, t: TFunction) =>
  row.subjectForm.repeatedIndex > 0
    ? t('queries:row.formRepeat', { title: row.subjectForm.title, n: row.subjectForm.repeatedIndex + 1 })
    : row.subjectForm.title;

/**
 * The note's age (spec section 4): whole calendar days in the user's time zone, from creation to today while
 * the note is not closed, from creation to closing once it has a closing time.
 */
export function noteAgeText(row: Pick<ItemNoteRow, 'createdAt' | 'closeAt'>, t: TFunction, now: Date = new Date()): string {
  const zone = localTimeZone();
  const created = todayIn(zone, new Date(row.createdAt));
  if (row.closeAt) {
    const days = noteAgeDays(created, todayIn(zone, new Date(row.closeAt)));
    if (days === 0) return t('queries:age.closedSameDay');
    return days === 1 ? t('queries:age.closedOneDay') : t('queries:age.closedDays', { count: days });
  }
  const days = noteAgeDays(created, todayIn(zone, now));
  if (days === 0) return t('queries:age.today');
  return days === 1 ? t('queries:age.oneDay') : t('queries:age.days', { count: days });
}
