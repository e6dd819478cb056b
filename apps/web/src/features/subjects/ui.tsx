import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import {
  completedStatusColour,
  formatDisplayDate,
  MAX_POINT_CHIPS,
  SUBJECT_STATUS_COLOURS,
  type CompletedStatus,
  type SubjectStatus,
} from '@edc/domain';
import './i18n';

/** The spec's colour names (section 4) as colours of the palette. */
export const COLOUR_VALUES = {
  action: 'rgba(0, 0, 0, 0.54)',
  orange: '#e65100',
  green: '#2e7d32',
  red: '#c62828',
  blue: '#1565c0',
  turquoise: '#00838f',
} as const;

export const subjectStatusColour = (s: SubjectStatus) => COLOUR_VALUES[SUBJECT_STATUS_COLOURS[s]];
export const visitStatusColour = (s: CompletedStatus) => COLOUR_VALUES[completedStatusColour(s)];

/** A subject's status as a coloured dot with its name for assistive technology and on hover. */
export function SubjectStatusIcon({ status }: { status: SubjectStatus }) {
  const { t } = useTranslation();
  return <SubjectStatusDot status={status} label={t(`subjects:subjectStatus.${status}`)} />;
}

/** The status dot with its name already translated: a plain svg, as the subject matrix draws one per row. */
export function SubjectStatusDot({ status, label }: { status: SubjectStatus; label: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      role="img"
      aria-label={label}
      data-status={status}
      fill="currentColor"
      style={{ color: subjectStatusColour(status), verticalAlign: 'middle', flexShrink: 0 }}
    >
      <title>{label}</title>
      <circle cx="12" cy="12" r="8" />
    </svg>
  );
}

/** A light status badge for grid cells: the text on the status colour, its full description as title and name. */
export function VisitBadge({ status, title, children }: { status: CompletedStatus; title: string; children: ReactNode }) {
  return (
    <Box
      component="span"
      role="img"
      aria-label={title}
      title={title}
      data-status={status}
      sx={{
        bgcolor: visitStatusColour(status),
        color: '#fff',
        borderRadius: 3,
        px: 1,
        py: 0.25,
        fontSize: 13,
        fontWeight: 500,
        whiteSpace: 'nowrap',
      }}
    >
      {children}
    </Box>
  );
}

/** A visit or form completed status as a chip in its colour. */
export function CompletedStatusChip({
  status,
  label,
  size = 'small',
}: {
  status: CompletedStatus;
  label?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  const colour = visitStatusColour(status);
  return (
    <Chip
      size={size}
      label={label ?? t(`subjects:completedStatus.${status}`)}
      data-status={status}
      sx={{ bgcolor: colour, color: '#fff', fontWeight: 500, maxWidth: '100%' }}
    />
  );
}

/** API dates (YYYY-MM-DD, or a date-time) as DD.MM.YYYY; the empty date shows blank. */
export function displayDate(value: string | null | undefined): string {
  if (!value || value.startsWith('0001-01-01')) return '';
  return formatDisplayDate(value.slice(0, 10));
}

/** Point chips: at most six, then '+N' (spec section 9). */
export function PointChips({ points }: { points: readonly string[] }) {
  const { t } = useTranslation();
  if (points.length === 0) return null;
  const shown = points.slice(0, MAX_POINT_CHIPS);
  const rest = points.length - shown.length;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} aria-label={t('subjects:page.points')} role="list">
      {shown.map((p) => (
        <Chip key={p} label={p} size="small" variant="outlined" role="listitem" />
      ))}
      {rest > 0 && (
        <Tooltip title={points.slice(MAX_POINT_CHIPS).join(', ')}>
          <Chip label={t('subjects:page.morePoints', { count: rest })} size="small" role="listitem" />
        </Tooltip>
      )}
    </Box>
  );
}
