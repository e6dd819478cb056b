import './i18n';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Feedback from '@mui/icons-material/Feedback';
import { useTranslation } from 'react-i18next';
import { NOTE_STATUS_COLOURS, type NoteStatus } from '@edc/domain';

/**
 * The note indicators (spec section 4: the statuses' colours red, orange, green, blue, grey): the most urgent
 * status among the notes the caller sees on a field, section, form or visit. The shades keep white text at a
 * contrast of at least 4.5:1.
 */
const SHADES = { red: '#c62828', orange: '#c25100', green: '#2e7d32', blue: '#1565c0', grey: '#616161' } as const;

export const noteColour = (status: NoteStatus): string => SHADES[NOTE_STATUS_COLOURS[status]];

/**
 * The indicator of a section tab, a form card or a visit card: a query icon in the status's colour, named by
 * the status (for screen readers and as a tooltip). Nothing when there are no notes.
 */
export function NoteStatusIndicator({
  status,
  id,
  size = 20,
}: {
  status: NoteStatus | null | undefined;
  /** For an aria-describedby of the element it marks. */
  id?: string;
  size?: number;
}) {
  const { t } = useTranslation();
  if (!status) return null;
  const label = t('notes:indicator.status', { status: t(`notes:status.${status}`) });
  return (
    <Box
      component="span"
      role="img"
      id={id}
      aria-label={label}
      title={label}
      data-testid="note-indicator"
      data-status={status}
      sx={{ display: 'inline-flex', flexShrink: 0, color: noteColour(status), lineHeight: 0 }}
    >
      <Feedback sx={{ fontSize: size }} aria-hidden />
    </Box>
  );
}

/** A note's status as a chip in its colour. */
export function NoteStatusChip({ status, testId = 'note-status' }: { status: NoteStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(`notes:status.${status}`)}
      data-testid={testId}
      data-status={status}
      sx={{ bgcolor: noteColour(status), color: '#fff', fontWeight: 600 }}
    />
  );
}
