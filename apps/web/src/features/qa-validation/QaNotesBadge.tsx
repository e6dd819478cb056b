import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { QaNoteStatus } from '@edc/domain';
import { noteStatusColour } from '../queries/noteUi';
import './i18n';

/**
 * QA's notes on a design item, for the designers (issue 21): the number of open notes in the colour of the
 * set's indicator (new red, updated orange, proposed green, closed blue); a link to the notes, or a button.
 * Nothing when QA has no note on it.
 */
export function QaNotesBadge({
  indicator,
  open,
  to,
  onClick,
  testId = 'qa-notes-badge',
}: {
  indicator: QaNoteStatus | null;
  open: number;
  to?: string;
  onClick?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (!indicator) return null;
  const label = t('qaValidation:badge.label', { count: open });
  const hint = t('qaValidation:badge.hint', { status: t(`qaValidation:status.${indicator}`), count: open });
  const common = {
    size: 'small' as const,
    label,
    'aria-label': hint,
    'data-testid': testId,
    'data-status': indicator,
    sx: {
      bgcolor: noteStatusColour(indicator),
      color: '#fff',
      fontWeight: 500,
      ml: 1,
      cursor: to || onClick ? 'pointer' : undefined,
    },
  };
  return (
    <Tooltip title={hint}>
      {to ? (
        <Chip {...common} component={RouterLink} to={to} clickable onClick={(e) => e.stopPropagation()} />
      ) : (
        <Chip
          {...common}
          clickable={Boolean(onClick)}
          onClick={
            onClick
              ? (e) => {
                  e.stopPropagation();
                  onClick();
                }
              : undefined
          }
        />
      )}
    </Tooltip>
  );
}
